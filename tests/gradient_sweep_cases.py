"""The op sweep of ``tests/test_gradient_checker.py``: every public op function of ``tf``,
``tf.math``, ``tf.nn``, ``tf.linalg`` and ``tf.image`` is a case (a small float64 input where
the op is smooth), or excluded with its reason.

A case is ``path: (inputs, call)``: ``call(op, *inputs)`` gives the one tensor whose Jacobian
``tf.test.compute_gradient`` checks (``None``: ``op(*inputs)``).
"""

from __future__ import annotations

import numpy as np

import tapejax as tf

V = np.array([0.3, -0.7, 1.1])  # no zeros, no ties
POS = np.array([0.4, 0.9, 1.7])
UNIT = np.array([0.2, -0.5, 0.6])  # inside (-1, 1)
M = np.array([[0.5, -1.2, 0.8], [1.5, 0.3, -0.4]])  # 2x3, distinct
SQ = np.array([[1.5, 0.4], [-0.3, 2.0]])  # well conditioned
SPD = np.array([[2.0, 0.5], [0.5, 1.0]])
IMG = np.arange(1.0, 13.0).reshape(2, 2, 3) / 7.0  # height 2, width 2, 3 channels
C = np.array([0.5 + 1.2j, -0.3 + 0.4j])
# SQ[::-1] = P @ L @ U, TF's packed factors and permutation (one row swap)
LU, PERM = np.array([[1.5, 0.4], [-0.2, 2.08]]), [1, 0]
SEGMENTS = [0, 0, 1]  # sorted segment ids of V's elements; no ties inside a segment
UNSORTED = [2, 0, 2]  # segment 1 of 3 is empty
EIG = np.array([[2.0, 0.5], [0.3, 1.0]])  # not symmetric, distinct real eigenvalues
VOL = np.arange(1.0, 13.0).reshape(1, 2, 2, 3, 1) / 7.0  # depth 2, height 2, width 3, 1 channel
# 3x3 one-channel image and a 2x2 filter whose sums with it have no ties (dilation, erosion)
PLANE = np.array([[0.3, -0.7, 1.1], [0.5, 1.6, -0.2], [0.9, -1.3, 0.4]])[None, :, :, None]
KERNEL = np.array([[0.1, -0.4], [0.25, 0.6]])


def _first(op, *xs):
    return op(*xs)[0]


CASES = {
    # -- elementwise, one input
    "abs": ([V], None),
    "acos": ([UNIT], None),
    "acosh": ([POS + 1.0], None),
    "asin": ([UNIT], None),
    "asinh": ([V], None),
    "atan": ([V], None),
    "atanh": ([UNIT], None),
    "cos": ([V], None),
    "cosh": ([V], None),
    "exp": ([V], None),
    "identity": ([V], None),
    "log": ([POS], None),
    "negative": ([V], None),
    "sigmoid": ([V], None),
    "sign": ([V], None),  # zero slope away from 0, as TF's SignGrad
    "sin": ([V], None),
    "sinh": ([V], None),
    "sqrt": ([POS], None),
    "square": ([V], None),
    "tan": ([UNIT], None),
    "tanh": ([V], None),
    "math.bessel_i0e": ([V], None),
    "math.bessel_i1e": ([V], None),
    "math.digamma": ([POS + 1.0], None),
    "math.erf": ([V], None),
    "math.erfc": ([V], None),
    "math.erfinv": ([UNIT], None),
    "math.expm1": ([V], None),
    "math.lgamma": ([POS], None),
    "math.log1p": ([POS], None),
    "math.log_sigmoid": ([V], None),
    "math.ndtri": ([np.array([0.2, 0.5, 0.7])], None),
    "math.reciprocal": ([POS], None),
    "math.reciprocal_no_nan": ([POS], None),
    "math.rsqrt": ([POS], None),
    "math.softplus": ([V], None),
    "math.softsign": ([V], None),
    "math.bessel_i0": ([V], None),
    "math.bessel_i1": ([V], None),
    "math.erfcinv": ([np.array([0.2, 0.9, 1.6])], None),
    "nn.elu": ([V], None),
    "nn.gelu": ([V], None),
    "nn.leaky_relu": ([V], None),
    "nn.relu": ([V], None),
    "nn.relu6": ([np.array([0.3, -0.7, 6.5, 2.0])], None),
    "nn.selu": ([V], None),
    "nn.silu": ([V], None),
    "nn.swish": ([V], None),
    "cast": ([V], lambda op, x: op(x, tf.float32)),
    "saturate_cast": ([V], lambda op, x: op(x, tf.float32)),
    "ensure_shape": ([V], lambda op, x: op(x, [3])),
    # -- complex
    "complex": ([V, POS], None),
    "math.angle": ([C], None),
    "math.conj": ([C], None),
    "math.imag": ([C], None),
    "math.real": ([C], None),
    # -- elementwise, two inputs
    "add": ([V, POS], None),
    "subtract": ([V, POS], None),
    "multiply": ([V, POS], None),
    "divide": ([V, POS], None),
    "truediv": ([V, POS], None),
    "realdiv": ([V, POS], None),
    "pow": ([POS, V], None),
    "maximum": ([V, POS - 0.5], None),
    "minimum": ([V, POS - 0.5], None),
    "atan2": ([V, POS], None),
    "scalar_mul": ([V], lambda op, x: op(2.5, x)),
    "add_n": ([V, POS], lambda op, a, b: op([a, b])),
    "math.divide_no_nan": ([V, POS], None),
    "math.multiply_no_nan": ([V, POS], None),
    "math.squared_difference": ([V, POS], None),
    "math.xdivy": ([POS, V + 2.0], None),
    "math.xlogy": ([V, POS], None),
    "math.xlog1py": ([V, POS], None),
    "math.nextafter": ([V, POS], None),  # TF's gradient: 1 for x1, 0 for x2
    "math.igamma": ([POS + 1.0, POS], None),
    "math.igammac": ([POS + 1.0, POS], None),
    # TF's gradients of betainc (in a, b), zeta (in x) and polygamma (in n) are None: x only
    "math.betainc": ([np.array([0.2, 0.5, 0.7])], lambda op, x: op(POS + 0.1, POS[::-1], x)),
    "math.zeta": ([POS + 0.5], lambda op, q: op(np.array([2.0, 3.0, 4.5]), q)),
    "math.polygamma": ([POS], lambda op, x: op(np.array([0.0, 1.0, 2.0]), x)),
    "math.lbeta": ([np.abs(M) + 0.2], None),
    "math.polyval": ([V, POS, UNIT], lambda op, a, b, x: op([a, b], x)),
    "math.accumulate_n": ([V, POS], lambda op, a, b: op([a, b])),
    "clip_by_value": ([V], lambda op, x: op(x, -0.5, 1.0)),
    "where": ([V, POS], lambda op, a, b: op(tf.constant([True, False, True]), a, b)),
    "identity_n": ([V, POS], lambda op, a, b: op([a, b])[1]),
    "tuple": ([V, POS], lambda op, a, b: op([a, b])[1]),
    # -- reductions, scans, normalizations
    "reduce_sum": ([M], lambda op, x: op(x, axis=1)),
    "reduce_mean": ([M], lambda op, x: op(x, axis=0)),
    "reduce_max": ([M], lambda op, x: op(x, axis=1)),
    "reduce_min": ([M], lambda op, x: op(x, axis=1)),
    "reduce_prod": ([M], lambda op, x: op(x, axis=1)),
    "reduce_logsumexp": ([M], lambda op, x: op(x, axis=1)),
    "math.reduce_euclidean_norm": ([M], lambda op, x: op(x, axis=1)),
    "math.reduce_std": ([M], lambda op, x: op(x, axis=1)),
    "math.reduce_variance": ([M], lambda op, x: op(x, axis=1)),
    "cumsum": ([V], None),
    "math.cumprod": ([V], None),
    "math.cumulative_logsumexp": ([V], None),
    "math.softmax": ([M], None),
    "math.log_softmax": ([M], None),
    "math.l2_normalize": ([V], None),
    "norm": ([M], None),
    "clip_by_norm": ([V], lambda op, x: op(x, 0.5)),
    "clip_by_global_norm": ([V, POS], lambda op, a, b: op([a, b], 1.0)[0][1]),
    "linalg.global_norm": ([V, POS], lambda op, a, b: op([a, b])),
    "sort": ([V], None),
    "math.top_k": ([V], lambda op, x: op(x, k=2).values),
    # ApproxTopK has no float64 kernel, and on TF's CPU its min-k runs only under XLA
    "math.approx_max_k": ([V.astype(np.float32)], lambda op, x: op(x, 2)[0]),
    "math.approx_min_k": (
        [V.astype(np.float32)],
        lambda op, x: tf.function(lambda y: op(y, 2)[0], jit_compile=True)(x),
    ),
    "approx_top_k": ([V.astype(np.float32)], lambda op, x: op(x, 2)[0]),
    "math.segment_sum": ([V], lambda op, x: op(x, SEGMENTS)),
    "math.segment_mean": ([V], lambda op, x: op(x, SEGMENTS)),
    "math.segment_max": ([V], lambda op, x: op(x, SEGMENTS)),
    "math.segment_min": ([V], lambda op, x: op(x, SEGMENTS)),
    "math.segment_prod": ([V], lambda op, x: op(x, SEGMENTS)),
    "math.unsorted_segment_sum": ([M.T], lambda op, x: op(x, UNSORTED, 3)),
    "math.unsorted_segment_mean": ([M.T], lambda op, x: op(x, UNSORTED, 3)),
    "math.unsorted_segment_sqrt_n": ([M.T], lambda op, x: op(x, UNSORTED, 3)),
    "math.unsorted_segment_max": ([M.T], lambda op, x: op(x, UNSORTED, 3)),
    "math.unsorted_segment_min": ([M.T], lambda op, x: op(x, UNSORTED, 3)),
    "math.unsorted_segment_prod": ([M.T], lambda op, x: op(x, UNSORTED, 3)),
    "math.confusion_matrix": (
        [POS],
        lambda op, w: op([0, 1, 2], [0, 2, 2], num_classes=3, weights=w, dtype=tf.float64),
    ),
    # -- shapes and indexing
    "broadcast_to": ([V], lambda op, x: op(x, [2, 3])),
    "concat": ([V, POS], lambda op, a, b: op([a, b], 0)),
    "stack": ([V, POS], lambda op, a, b: op([a, b])),
    "expand_dims": ([V], lambda op, x: op(x, 0)),
    "squeeze": ([M[:1]], None),
    "reshape": ([M], lambda op, x: op(x, [3, 2])),
    "transpose": ([M], None),
    "tile": ([V], lambda op, x: op(x, [2])),
    "pad": ([V], lambda op, x: op(x, [[1, 2]])),
    "repeat": ([V], lambda op, x: op(x, 2)),
    "reverse": ([M], lambda op, x: op(x, [1])),
    "reverse_sequence": ([M], lambda op, x: op(x, [2, 3], seq_axis=1, batch_axis=0)),
    "roll": ([V], lambda op, x: op(x, 1, 0)),
    "slice": ([M], lambda op, x: op(x, [0, 1], [2, 2])),
    "strided_slice": ([M], lambda op, x: op(x, [0, 0], [2, 3], [1, 2])),
    "split": ([M], lambda op, x: op(x, 3, axis=1)[1]),
    "unstack": ([M], lambda op, x: op(x)[1]),
    "gather": ([M], lambda op, x: op(x, [1, 0, 1])),
    "gather_nd": ([M], lambda op, x: op(x, [[1, 2], [0, 0]])),
    "boolean_mask": ([V], lambda op, x: op(x, [True, False, True])),
    "meshgrid": ([V, POS[:2]], _first),
    "scatter_nd": ([V[:2]], lambda op, u: op([[2], [0]], u, [4])),
    "tensor_scatter_nd_add": ([V, POS[:2]], lambda op, t, u: op(t, [[2], [0]], u)),
    "tensor_scatter_nd_sub": ([V, POS[:2]], lambda op, t, u: op(t, [[2], [0]], u)),
    "tensor_scatter_nd_update": ([V, POS[:2]], lambda op, t, u: op(t, [[2], [0]], u)),
    "tensor_scatter_nd_max": ([V, POS[:2]], lambda op, t, u: op(t, [[2], [0]], u)),
    "tensor_scatter_nd_min": ([V, POS[:2]], lambda op, t, u: op(t, [[2], [0]], u)),
    "dynamic_partition": ([V], lambda op, x: op(x, [0, 1, 0], 2)[0]),
    "dynamic_stitch": ([V[:2], POS[:1]], lambda op, a, b: op([[0, 2], [1]], [a, b])),
    "batch_to_space": ([IMG.reshape(4, 1, 1, 3)], lambda op, x: op(x, [2, 2], [[0, 0], [0, 1]])),
    "space_to_batch": ([IMG[None]], lambda op, x: op(x, [2, 2], [[0, 0], [0, 2]])),
    "space_to_batch_nd": ([IMG[None]], lambda op, x: op(x, [2, 1], [[0, 2], [0, 0]])),
    "nn.depth_to_space": ([IMG.reshape(1, 1, 3, 4)], lambda op, x: op(x, 2)),
    "nn.space_to_depth": ([IMG[None]], lambda op, x: op(x, 2)),
    # -- products and linear algebra
    "matmul": ([M.T, SQ], None),
    "einsum": ([M, V], lambda op, a, b: op("ij,j->i", a, b)),
    "tensordot": ([M, V], lambda op, a, b: op(a, b, 1)),
    "linalg.adjoint": ([M], None),
    "linalg.band_part": ([SQ], lambda op, x: op(x, 0, -1)),
    # TF's Cholesky gradient is symmetric (it reads one triangle, the derivative spreads over
    # both), so the input is symmetrized first, as TF's own tests do.
    "linalg.cholesky": ([SPD], lambda op, x: op((x + tf.transpose(x)) / 2)),
    "linalg.cholesky_solve": ([np.linalg.cholesky(SPD), M[:, :2]], None),
    "linalg.cross": ([V, POS], None),
    "linalg.det": ([SQ], None),
    "linalg.diag": ([V], None),
    "linalg.diag_part": ([SQ], None),
    "linalg.eigh": ([SPD], _first),  # eigenvalues: eigenvectors' signs are a convention
    "linalg.eigvalsh": ([SPD], None),
    "linalg.eig": ([EIG], _first),  # eigenvalues: eigenvectors' phases are a convention
    "linalg.eigvals": ([EIG], None),
    "linalg.expm": ([SQ / 2], None),
    "linalg.inv": ([SQ], None),
    "linalg.lu_matrix_inverse": ([LU], lambda op, lu: op(lu, PERM)),
    "linalg.lu_reconstruct": ([LU], lambda op, lu: op(lu, PERM)),
    "linalg.lu_solve": ([LU, M[:, :1]], lambda op, lu, rhs: op(lu, PERM, rhs)),
    "linalg.logdet": ([SPD], lambda op, x: op((x + tf.transpose(x)) / 2)),
    "linalg.lstsq": ([M.T, V[:, None]], None),
    "linalg.matrix_transpose": ([M], None),
    "linalg.matvec": ([M, V], None),
    "linalg.normalize": ([V], _first),
    "linalg.pinv": ([M], None),
    "linalg.qr": ([M.T], lambda op, x: op(x).r),
    "linalg.set_diag": ([SQ, V[:2]], None),
    "linalg.slogdet": ([SQ], lambda op, x: op(x)[1]),
    "linalg.solve": ([SQ, M[:, :1]], None),
    "linalg.svd": ([M], lambda op, x: op(x, compute_uv=False)),
    "linalg.tensor_diag": ([V], None),
    "linalg.tensor_diag_part": ([SQ], None),
    "linalg.trace": ([SQ], None),
    "linalg.triangular_solve": ([np.tril(SQ), M[:, :1]], None),
    # -- nn
    "nn.avg_pool": ([IMG[None]], lambda op, x: op(x, 2, 1, "VALID")),
    "nn.avg_pool1d": ([M[None, :, :]], lambda op, x: op(x, 2, 1, "VALID")),
    "nn.avg_pool2d": ([IMG[None]], lambda op, x: op(x, 2, 1, "SAME")),
    "nn.max_pool": ([IMG[None]], lambda op, x: op(x, 2, 1, "VALID")),
    "nn.max_pool1d": ([M[None, :, :]], lambda op, x: op(x, 2, 1, "VALID")),
    "nn.max_pool2d": ([IMG[None]], lambda op, x: op(x, 2, 1, "SAME")),
    "nn.conv1d": ([M[None, :, :2], SQ[None]], lambda op, x, w: op(x, w, 1, "VALID")),
    "nn.conv2d": ([IMG[None], M.T[None, None, :, :]], lambda op, x, w: op(x, w, 1, "SAME")),
    "nn.convolution": ([IMG[None], M.T[None, None, :, :]], lambda op, x, w: op(x, w, padding="VALID")),
    "nn.conv3d": ([VOL, SQ[None, :, :, None, None]], lambda op, x, w: op(x, w, [1] * 5, "VALID")),
    "nn.conv1d_transpose": ([M.T[None], SQ[:, None, :]], lambda op, x, w: op(x, w, [1, 4, 1], 1, "VALID")),
    "nn.conv2d_transpose": (
        [IMG[None], IMG.reshape(2, 2, 1, 3) - 0.8],
        lambda op, x, w: op(x, w, [1, 3, 3, 1], 1, "VALID"),
    ),
    "nn.conv_transpose": (
        [IMG[None], IMG.reshape(2, 2, 1, 3) - 0.8],
        lambda op, x, w: op(x, w, [1, 4, 4, 1], 2, "SAME"),
    ),
    "nn.conv3d_transpose": (
        [VOL, SQ[None, :, :, None, None]],
        lambda op, x, w: op(x, w, [1, 2, 3, 4, 1], 1, "VALID"),
    ),
    "nn.atrous_conv2d": ([PLANE, KERNEL[:, :, None, None]], lambda op, x, w: op(x, w, 2, "SAME")),
    "nn.atrous_conv2d_transpose": (
        [PLANE, KERNEL[:, :, None, None]],
        lambda op, x, w: op(x, w, [1, 3, 3, 1], 2, "SAME"),
    ),
    "nn.depthwise_conv2d": ([IMG[None], IMG[..., None] - 0.8], lambda op, x, w: op(x, w, [1] * 4, "SAME")),
    "nn.depthwise_conv2d_backprop_filter": (
        [IMG[None], IMG[None] - 0.8],
        lambda op, x, dy: op(x, [2, 2, 3, 1], dy, [1] * 4, "SAME"),
    ),
    "nn.depthwise_conv2d_backprop_input": (
        [IMG[..., None] - 0.8, IMG[None]],
        lambda op, w, dy: op([1, 2, 2, 3], w, dy, [1] * 4, "SAME"),
    ),
    "nn.separable_conv2d": (
        [IMG[None], IMG[..., None] - 0.8, M.T[None, None]],
        lambda op, x, dw, pw: op(x, dw, pw, [1] * 4, "SAME"),
    ),
    "nn.dilation2d": (
        [PLANE, KERNEL[:, :, None]],
        lambda op, x, w: op(x, w, [1] * 4, "VALID", "NHWC", [1] * 4),
    ),
    "nn.erosion2d": (
        [PLANE, KERNEL[:, :, None]],
        lambda op, x, w: op(x, w, [1] * 4, "SAME", "NHWC", [1] * 4),
    ),
    # TF has no float64 CPU kernel of AvgPool3D, MaxPool3D nor LRN
    "nn.avg_pool3d": ([VOL.astype(np.float32)], lambda op, x: op(x, 2, 1, "VALID")),
    "nn.max_pool3d": ([VOL.astype(np.float32)], lambda op, x: op(x, 2, 1, "SAME")),
    "nn.max_pool_with_argmax": ([IMG[None]], lambda op, x: op(x, 2, 1, "SAME")[0]),
    "nn.pool": ([IMG[None]], lambda op, x: op(x, [2, 1], "AVG", padding="VALID")),
    "nn.local_response_normalization": (
        [IMG[None].astype(np.float32)],
        lambda op, x: op(x, 1, 0.5, 0.8, 0.6),
    ),
    "nn.bias_add": ([M, V], None),
    "nn.crelu": ([M], None),
    "nn.batch_normalization": ([M, V, POS, V[::-1], POS[::-1]], lambda op, *a: op(*a, 1e-3)),
    "nn.batch_norm_with_global_normalization": (
        [M, V, POS, V[::-1], POS[::-1]],
        lambda op, *a: op(*a, 1e-3, True),
    ),
    "nn.moments": ([M], lambda op, x: op(x, [0])[1]),
    "nn.weighted_moments": ([M, POS], lambda op, x, w: op(x, [1], w)[1]),
    "nn.sufficient_statistics": ([M], lambda op, x: op(x, [0], shift=tf.constant(0.5, tf.float64))[2]),
    "nn.isotonic_regression": ([M], lambda op, x: op(x)[0]),
    "nn.normalize_moments": ([POS, V], lambda op, s, ss: op(tf.constant(4.0, tf.float64), s, ss, None)[1]),
    "nn.l2_loss": ([V], None),
    "nn.compute_average_loss": ([V], lambda op, x: op(x, global_batch_size=4)),
    "nn.scale_regularization_loss": ([V], None),
    "nn.embedding_lookup": ([M], lambda op, p: op(p, [1, 0, 1])),
    "nn.log_poisson_loss": ([POS, V], None),
    "nn.sigmoid_cross_entropy_with_logits": ([UNIT + 0.3, V], lambda op, y, x: op(labels=y, logits=x)),
    "nn.weighted_cross_entropy_with_logits": ([UNIT + 0.3, V], lambda op, y, x: op(y, x, 2.0)),
    # TF's gradient for the logits, softmax - labels, holds for labels that sum to 1
    "nn.softmax_cross_entropy_with_logits": ([np.abs(M) / np.abs(M).sum(1, keepdims=True), M[::-1]], None),
    "nn.sparse_softmax_cross_entropy_with_logits": ([M], lambda op, x: op([2, 0], x)),
    # float32: TF's CTC loss fails on float64 logits (it mixes in float32 constants)
    "nn.ctc_loss": (
        [np.array([[-0.2, 1.9, -0.5], [0.6, 0.4, 2.0], [0.9, -0.3, 1.2]], np.float32)[:, None]],
        lambda op, x: op([[1, 2]], x, [2], [3], blank_index=0),
    ),
    # -- images
    "image.adjust_brightness": ([IMG], lambda op, x: op(x, 0.1)),
    "image.central_crop": ([IMG], lambda op, x: op(x, 0.5)),
    "image.convert_image_dtype": ([IMG], lambda op, x: op(x, tf.float32)),
    "image.flip_left_right": ([IMG], None),
    "image.flip_up_down": ([IMG], None),
    "image.per_image_standardization": ([IMG], None),
    "image.resize": ([IMG], lambda op, x: op(x, [3, 3])),
    "image.resize_with_pad": ([IMG], lambda op, x: op(x, 3, 2)),
    "image.rgb_to_grayscale": ([IMG], None),
    # -- functions of functions, around a smooth op
    "map_fn": ([V], lambda op, x: op(tf.sin, x)),
    "vectorized_map": ([V], lambda op, x: op(tf.sin, x)),
    "scan": ([V], lambda op, x: op(lambda a, e: a * e + 1.0, x)),
    "foldl": ([V], lambda op, x: op(lambda a, e: a * e + 1.0, x)),
    "foldr": ([V], lambda op, x: op(lambda a, e: a * e + 1.0, x)),
    "cond": ([V], lambda op, x: op(x[0] > 0, lambda: tf.sin(x), lambda: tf.cos(x))),
    "switch_case": ([V], lambda op, x: op(tf.constant(1), [lambda: tf.sin(x), lambda: tf.exp(x)])),
    "case": ([V], lambda op, x: op([(tf.constant(False), lambda: tf.sin(x))], default=lambda: tf.exp(x))),
    "while_loop": ([V], lambda op, x: op(lambda i, y: i < 3, lambda i, y: (i + 1, tf.sin(y)), [0, x])[1]),
    "recompute_grad": ([V], lambda op, x: op(tf.sin)(x)),
    "py_function": ([V], lambda op, x: op(tf.sin, [x], tf.float64)),
}

# TF defines no gradient for these, or their outputs are integers, booleans or shapes.
NO_GRADIENT = {
    "argmax", "argmin", "argsort", "equal", "not_equal", "greater", "greater_equal", "less",
    "less_equal", "logical_and", "logical_not", "logical_or", "math.logical_xor", "floor",
    "math.ceil", "math.rint", "round", "truncatediv", "truncatemod", "math.floor_div",
    "math.floormod", "math.count_nonzero", "math.in_top_k", "math.is_finite", "math.is_inf",
    "math.is_nan", "math.is_non_decreasing", "math.is_strictly_increasing",
    "math.zero_fraction", "searchsorted", "sequence_mask", "one_hot", "unique", "shape",
    "shape_n", "size", "rank", "broadcast_dynamic_shape", "broadcast_static_shape",
    "get_static_value", "reduce_all", "reduce_any", "math.bincount", "math.invert_permutation",
    "histogram_fixed_width", "histogram_fixed_width_bins", "unravel_index", "linalg.lu",
    "linalg.matrix_rank",
    "bitcast", "unique_with_counts", "nn.collapse_repeated", "parallel_stack", "nn.ctc_unique_labels",
}  # fmt: skip

# Not ops on tensors: constructors, assertions, context managers and tf.function machinery.
NOT_OPS = {
    "Assert", "assert_equal", "assert_greater", "assert_less", "assert_rank", "as_dtype",
    "clear_caches", "constant", "control_dependencies", "convert_to_tensor", "device", "eye",
    "fill", "function", "init_scope", "is_tensor", "linspace", "ones", "ones_like", "print",
    "range", "zeros", "zeros_like", "custom_gradient", "numpy_function",
    "gradients", "hessians",
    "executing_eagerly", "group", "inside_function", "make_ndarray", "make_tensor_proto",
    "no_gradient", "no_op", "timestamp",
}  # fmt: skip

# Ops left out, each with its reason: TF's gradient is not the finite difference, or TF has
# no numbers to compare with.
EXCLUDED = {
    "stop_gradient": "its gradient is zero by definition; the function itself is the identity",
    "grad_pass_through": "its gradient is the identity by definition, whatever the function",
    "nn.dropout": "random: each call of f draws a new mask, so finite differences see noise",
    "image.random_flip_left_right": "random: each call of f flips or not",
    "image.random_flip_up_down": "random: each call of f flips or not",
    "fftnd": "TF 2.21 has no CPU kernel for FFTND, so no TF numbers",
    "ifftnd": "TF 2.21 has no CPU kernel for IFFTND, so no TF numbers",
    "rfftnd": "TF 2.21 has no CPU kernel for RFFTND, so no TF numbers",
    "irfftnd": "TF 2.21 has no CPU kernel for IRFFTND, so no TF numbers",
}
