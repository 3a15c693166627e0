"""Calls of ``keras.ops`` functions (core, math, nn, linalg, image) whose outputs and gradients
``scripts/keras_ops_reference_tf.py`` records from TF 2.21's Keras 3.15 into
``tests/keras_ops_reference.py``; ``tests/test_keras_ops_reference.py`` checks tapejax against them.

Each case: ``name -> (function, args, kwargs, differentiated)``; ``function`` is a path under
``keras.ops`` ("nn.conv"); ``args`` hold numpy arrays (or tuples of them) and plain values;
``differentiated`` lists the positions of the float arguments the gradient of
``sum(output * weights)`` is taken for.
"""

from __future__ import annotations

import numpy as np


def arr(shape, seed=0, low=-1.0, high=1.0, dtype="float32"):
    """Deterministic test data (numpy's own generator, the same on every machine)."""
    values = np.random.RandomState(seed).uniform(low, high, size=shape)
    return values.astype(dtype)


def spd(n, seed=0):
    a = arr((n, n), seed)
    return (a @ a.T + n * np.eye(n)).astype("float32")


X = arr((2, 5), 1, -2, 2)
IMG = arr((2, 6, 6, 3), 2, 0, 1)
SEQ = arr((2, 8, 3), 3)
LOGITS = arr((3, 4), 4, -2, 2)
PROBS = np.array([[0.1, 0.6, 0.3], [0.7, 0.2, 0.1]], "float32")
M = spd(3, 5)

CASES = {
    # core / math
    "top_k": ("top_k", [X, 3], {}, []),
    "in_top_k": ("in_top_k", [np.array([1, 0, 2], "int32"), LOGITS, 2], {}, []),
    "logsumexp": ("logsumexp", [X], {"axis": 1, "keepdims": True}, [0]),
    "logsumexp_all": ("logsumexp", [X], {}, [0]),
    "segment_sum": ("segment_sum", [arr((4, 2), 6), np.array([0, 0, 1, 1], "int32")], {}, [0]),
    "segment_max": (
        "segment_max",
        [arr((4, 2), 6), np.array([0, 1, 1, 3], "int32")],
        {"num_segments": 4},
        [0],
    ),
    "segment_sorted": (
        "segment_sum",
        [arr((4, 2), 6), np.array([0, 0, 1, 2], "int32")],
        {"sorted": True},
        [0],
    ),
    "erf": ("erf", [X], {}, [0]),
    "erfc": ("erfc", [X], {}, [0]),
    "erfinv": ("erfinv", [arr((5,), 7, -0.9, 0.9)], {}, [0]),
    "rsqrt": ("rsqrt", [arr((5,), 8, 0.5, 2)], {}, [0]),
    "fft": ("fft", [(arr((2, 8), 9), arr((2, 8), 10))], {}, []),
    "fft2": ("fft2", [(arr((4, 4), 9), arr((4, 4), 10))], {}, []),
    "ifft2": ("ifft2", [(arr((4, 4), 9), arr((4, 4), 10))], {}, []),
    "rfft": ("rfft", [arr((2, 8), 11)], {}, []),
    "rfft_len": ("rfft", [arr((2, 8), 11)], {"fft_length": 6}, []),
    "irfft": ("irfft", [(arr((2, 5), 12), arr((2, 5), 13))], {}, []),
    "stft": ("stft", [arr((2, 32), 14), 8, 4, 16], {}, []),
    "stft_hamming": ("stft", [arr((32,), 14), 8, 3, 8], {"window": "hamming", "center": False}, []),
    "istft": ("istft", [(arr((2, 9, 9), 15), arr((2, 9, 9), 16)), 16, 4, 16], {}, []),
    "extract_sequences": ("extract_sequences", [arr((2, 10), 17), 4, 3], {}, [0]),
    "logdet": ("logdet", [M], {}, [0]),
    "cdist": ("cdist", [arr((3, 2), 18), arr((4, 2), 19)], {}, [0, 1]),
    "view_as_real_complex": ("view_as_complex", [arr((3, 2), 20)], {}, []),
    "slice": ("slice", [X, [0, 1], [2, 3]], {}, [0]),
    "slice_update": ("slice_update", [X, [1, 2], arr((1, 2), 21)], {}, []),  # TF: no gradient
    "scatter": ("scatter", [np.array([[0], [2], [0]], "int32"), arr((3,), 22), (4,)], {}, [1]),
    "scatter_update": ("scatter_update", [X, np.array([[0, 0], [1, 4]], "int32"), arr((2,), 23)], {}, [0, 2]),
    "saturate_cast": ("saturate_cast", [np.array([-3.0, 12.5, 300.0], "float32"), "uint8"], {}, []),
    "cast": ("cast", [X, "int32"], {}, []),
    "unstack": ("unstack", [X], {"axis": 1}, [0]),
    # nn: activations
    **{
        f"nn_{name}": (f"nn.{name}", [X], {}, [0])
        for name in (
            "relu relu6 sigmoid softplus softsign silu selu leaky_relu hard_sigmoid hard_silu elu gelu "
            "softmax log_softmax sparse_sigmoid soft_shrink sparse_plus squareplus log_sigmoid celu "
            "tanh_shrink hard_tanh hard_shrink sparsemax"
        ).split()
    },
    "nn_glu": ("nn.glu", [arr((2, 6), 24)], {}, [0]),
    "nn_threshold": ("nn.threshold", [X, 0.3, -1.0], {}, [0]),
    "nn_gelu_exact": ("nn.gelu", [X], {"approximate": False}, [0]),
    "nn_elu_alpha": ("nn.elu", [X], {"alpha": 0.5}, [0]),
    "nn_softmax_none": ("nn.softmax", [X], {"axis": None}, [0]),
    # nn: convolution and pooling
    "nn_conv2d": ("nn.conv", [IMG, arr((3, 3, 3, 4), 25)], {"padding": "same"}, [0, 1]),
    "nn_conv1d_strided": ("nn.conv", [SEQ, arr((3, 3, 2), 26)], {"strides": 2}, [0, 1]),
    "nn_conv2d_dilated_cf": (
        "nn.conv",
        [np.transpose(IMG, (0, 3, 1, 2)), arr((2, 2, 3, 2), 27)],
        {"dilation_rate": 2, "data_format": "channels_first"},
        [0, 1],
    ),
    "nn_depthwise_conv": ("nn.depthwise_conv", [IMG, arr((3, 3, 3, 2), 28)], {"padding": "same"}, [0, 1]),
    "nn_separable_conv": (
        "nn.separable_conv",
        [IMG, arr((3, 3, 3, 2), 29), arr((1, 1, 6, 4), 30)],
        {},
        [0, 1, 2],
    ),
    "nn_conv_transpose": ("nn.conv_transpose", [IMG, arr((3, 3, 2, 3), 31)], {"strides": 2}, [0, 1]),
    "nn_conv_transpose_same": (
        "nn.conv_transpose",
        [SEQ, arr((3, 2, 3), 32)],
        {"strides": 2, "padding": "same"},
        [0, 1],
    ),
    "nn_max_pool": ("nn.max_pool", [IMG, 2], {}, [0]),
    "nn_average_pool": ("nn.average_pool", [IMG, 3], {"strides": 2, "padding": "same"}, [0]),
    "nn_max_pool1d": ("nn.max_pool", [SEQ, 3], {"strides": 1}, [0]),
    "nn_adaptive_average_pool": ("nn.adaptive_average_pool", [IMG, (4, 4)], {}, [0]),
    "nn_adaptive_max_pool": ("nn.adaptive_max_pool", [IMG, (4, 3)], {}, [0]),
    "nn_depth_to_space": ("nn.depth_to_space", [arr((1, 2, 2, 8), 33), 2], {}, [0]),
    "nn_space_to_depth": ("nn.space_to_depth", [arr((1, 4, 4, 2), 34), 2], {}, [0]),
    "nn_unfold": ("nn.unfold", [arr((1, 2, 4, 4), 35), 2], {"stride": 2}, [0]),
    "nn_fold": ("nn.fold", [arr((1, 8, 4), 36), (4, 4), 2], {"stride": 2}, [0]),
    # nn: targets, losses, normalization, attention
    "nn_one_hot": ("nn.one_hot", [np.array([0, 2, 1], "int32"), 4], {}, []),
    "nn_one_hot_axis0": ("nn.one_hot", [np.array([0, 2, -1], "int32"), 3], {"axis": 0}, []),
    "nn_multi_hot": ("nn.multi_hot", [np.array([[0, 2], [1, 1]], "int32"), 4], {}, []),
    "nn_binary_crossentropy": (
        "nn.binary_crossentropy",
        [np.array([[0, 1, 1]], "float32"), PROBS[:1]],
        {},
        [1],
    ),
    "nn_binary_crossentropy_logits": (
        "nn.binary_crossentropy",
        [np.array([[0, 1, 1, 0]], "float32"), LOGITS[:1]],
        {"from_logits": True},
        [1],
    ),
    "nn_categorical_crossentropy": (
        "nn.categorical_crossentropy",
        [np.array([[0, 1, 0], [1, 0, 0]], "float32"), PROBS],
        {},
        [1],
    ),
    "nn_categorical_crossentropy_logits": (
        "nn.categorical_crossentropy",
        [np.eye(4, dtype="float32")[[1, 0, 3]], LOGITS],
        {"from_logits": True},
        [1],
    ),
    "nn_sparse_categorical_crossentropy": (
        "nn.sparse_categorical_crossentropy",
        [np.array([1, 0], "int32"), PROBS],
        {},
        [1],
    ),
    "nn_sparse_categorical_crossentropy_logits": (
        "nn.sparse_categorical_crossentropy",
        [np.array([1, 0, 3], "int32"), LOGITS],
        {"from_logits": True},
        [1],
    ),
    "nn_moments": ("nn.moments", [IMG, [0, 1, 2]], {}, [0]),
    "nn_moments_keepdims": ("nn.moments", [X, [1]], {"keepdims": True}, [0]),
    "nn_batch_normalization": (
        "nn.batch_normalization",
        [X, arr((5,), 37), arr((5,), 38, 0.5, 1), 1],
        {"offset": arr((5,), 39), "scale": arr((5,), 40)},
        [0, 1, 2],
    ),
    "nn_layer_normalization": (
        "nn.layer_normalization",
        [X],
        {"gamma": arr((5,), 41), "beta": arr((5,), 42)},
        [0],
    ),
    "nn_rms_normalization": ("nn.rms_normalization", [X], {"scale": arr((5,), 43)}, [0]),
    "nn_normalize": ("nn.normalize", [X], {}, [0]),
    "nn_normalize_l1": ("nn.normalize", [X], {"order": 1, "axis": 0}, [0]),
    "nn_psnr": ("nn.psnr", [IMG, IMG[::-1]], {"max_val": 1.0}, [0]),
    "nn_polar": ("nn.polar", [arr((3,), 44, 0, 2), arr((3,), 45, -3, 3)], {}, []),
    "nn_ctc_loss": (
        "nn.ctc_loss",
        [
            np.array([[1, 2, 2], [3, 1, 0]], "int32"),
            arr((2, 6, 4), 46, -2, 2),
            np.array([3, 2], "int32"),
            np.array([6, 5], "int32"),
        ],
        {},
        [1],
    ),
    "nn_ctc_decode": (
        "nn.ctc_decode",
        [arr((2, 6, 4), 47, -2, 2), np.array([6, 4], "int32")],
        {},
        [],
    ),
    "nn_dot_product_attention": (
        "nn.dot_product_attention",
        [arr((2, 4, 2, 3), 48), arr((2, 5, 2, 3), 49), arr((2, 5, 2, 3), 50)],
        {},
        [0, 1, 2],
    ),
    "nn_dot_product_attention_causal": (
        "nn.dot_product_attention",
        [arr((1, 4, 1, 3), 51), arr((1, 4, 1, 3), 52), arr((1, 4, 1, 3), 53)],
        {"is_causal": True, "scale": 0.5},
        [0, 1, 2],
    ),
    # linalg
    "linalg_cholesky": ("linalg.cholesky", [M], {}, [0]),
    "linalg_cholesky_inverse": ("linalg.cholesky_inverse", [np.linalg.cholesky(M).astype("float32")], {}, []),
    "linalg_det": ("linalg.det", [arr((3, 3), 54)], {}, [0]),
    "linalg_inv": ("linalg.inv", [M], {}, [0]),
    "linalg_solve": ("linalg.solve", [M, arr((3, 2), 55)], {}, [0, 1]),
    "linalg_solve_triangular": (
        "linalg.solve_triangular",
        [np.tril(M), arr((3, 2), 56)],
        {"lower": True},
        [1],
    ),
    "linalg_lstsq": ("linalg.lstsq", [arr((5, 3), 57), arr((5, 2), 58)], {}, []),
    "linalg_norm": ("linalg.norm", [X], {}, [0]),
    "linalg_norm_axis": ("linalg.norm", [X], {"ord": 1, "axis": 1}, [0]),
    "linalg_norm_fro": ("linalg.norm", [arr((3, 3), 59)], {"ord": "fro", "axis": (0, 1)}, [0]),
    "linalg_pinv": ("linalg.pinv", [arr((3, 2), 60)], {}, []),
    "linalg_matrix_rank": ("linalg.matrix_rank", [np.array([[1, 2], [2, 4.0]], "float32")], {}, []),
    "linalg_eigh": ("linalg.eigh", [M], {}, []),
    "linalg_svd_values": ("linalg.svd", [arr((4, 3), 61)], {"compute_uv": False}, []),
    "linalg_lu_factor": ("linalg.lu_factor", [arr((3, 3), 62)], {}, []),
    # image
    "image_resize": ("image.resize", [IMG, (4, 5)], {}, [0]),
    "image_resize_nearest": ("image.resize", [IMG, (9, 9)], {"interpolation": "nearest"}, []),
    "image_resize_bicubic": ("image.resize", [IMG, (3, 8)], {"interpolation": "bicubic"}, [0]),
    "image_resize_antialias": ("image.resize", [IMG, (3, 3)], {"antialias": True}, [0]),
    "image_resize_crop": ("image.resize", [IMG, (3, 5)], {"crop_to_aspect_ratio": True}, [0]),
    "image_rgb_to_grayscale": ("image.rgb_to_grayscale", [IMG], {}, [0]),
    "image_rgb_to_hsv": ("image.rgb_to_hsv", [IMG], {}, []),
    "image_hsv_to_rgb": ("image.hsv_to_rgb", [IMG], {}, []),
    "image_pad_images": ("image.pad_images", [IMG, 1, 2], {"target_height": 8, "target_width": 9}, [0]),
    "image_crop_images": ("image.crop_images", [IMG, 1, 2], {"target_height": 3, "target_width": 3}, [0]),
    "image_extract_patches": ("image.extract_patches", [IMG, 3], {}, [0]),
    "image_extract_patches_same": (
        "image.extract_patches",
        [IMG, (2, 3)],
        {"strides": 2, "padding": "same"},
        [0],
    ),
    "image_extract_patches_3d": ("image.extract_patches_3d", [arr((1, 4, 4, 4, 2), 63), 2], {}, [0]),
    "image_gaussian_blur": ("image.gaussian_blur", [IMG], {}, [0]),
    "image_sobel_edges": ("image.sobel_edges", [IMG], {}, [0]),
    "image_affine_transform": (
        "image.affine_transform",
        [IMG, np.array([[1.1, 0.1, -0.5, 0.05, 0.9, 0.3, 0.0, 0.0]], "float32")],
        {},
        [0],
    ),
    "image_affine_transform_nearest": (
        "image.affine_transform",
        [IMG, np.array([[0.9, -0.2, 1.0, 0.1, 1.0, -0.5, 0.0, 0.0]], "float32")],
        {"interpolation": "nearest", "fill_mode": "reflect"},
        [],
    ),
    "image_map_coordinates": (
        "image.map_coordinates",
        [arr((5, 6), 64), arr((2, 3, 4), 65, -1, 6)],
        {"order": 1},
        [0],
    ),
    "image_perspective_transform": (
        "image.perspective_transform",
        [
            IMG,
            np.array([[[0, 0], [5, 0], [0, 5], [5, 5]]], "float32"),
            np.array([[[0.5, 0.2], [5, 0.5], [0.2, 4.5], [5.2, 5]]], "float32"),
        ],
        {},
        [0],
    ),
    "image_scale_and_translate": (
        "image.scale_and_translate",
        [
            IMG,
            (2, 4, 5, 3),
            np.array([0.7, 0.8], "float32"),
            np.array([0.5, -0.3], "float32"),
            (1, 2),
            "linear",
        ],
        {},
        [0],
    ),
    "image_ssim": (
        "image.ssim",
        [arr((1, 16, 16, 1), 66, 0, 1), arr((1, 16, 16, 1), 67, 0, 1)],
        {"filter_size": 5},
        [0],
    ),
    # einops
    "rearrange_merge": ("rearrange", [IMG, "b h w c -> b (h w) c"], {}, [0]),
    "rearrange_split": ("rearrange", [IMG, "b (h p) w c -> b h w (p c)"], {"p": 2}, [0]),
    "rearrange_transpose": ("rearrange", [IMG, "b h w c -> c b w h"], {}, [0]),
}
