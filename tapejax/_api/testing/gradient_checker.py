"""``tf.test.compute_gradient``: theoretical and numerical Jacobians, as TF's gradient_checker_v2.

Both Jacobians are 2-D numpy arrays of shape ``(y_size, x_size)``, one per argument, in the
argument's real dtype. A complex argument or result counts as twice as many reals (real and
imaginary parts interleaved), so a row or column is one real number.

* theoretical: row ``r`` is the gradient of ``f`` with the one-hot output gradient ``e_r``
  (TF's convention for complex numbers); an argument ``f`` does not use gives a row of zeros.
* numerical: column ``c`` is the central difference ``(f(x + delta) - f(x - delta)) / (2 delta)``
  with ``x``'s ``c``-th real perturbed *in x's dtype* and the quotient taken in ``y``'s
  dtype, as TF does: a float16 or bfloat16 argument gives float16/bfloat16 differences
  (``1.5 + 1/1024`` is ``1.5`` in bfloat16, so such a column is 0, as in TF).
"""

from __future__ import annotations

import numpy as np

from ..._core.convert import convert_to_tensor
from ..._core.dtype import as_dtype
from ..gradient_tape import GradientTape

_ALLOWED = frozenset({"float16", "bfloat16", "float32", "float64", "complex64", "complex128"})


def compute_gradient(f, x, delta=None) -> tuple[tuple[np.ndarray, ...], tuple[np.ndarray, ...]]:
    """Computes the theoretical and numerical Jacobians of ``f`` at ``x``.

    With ``y = f(*x)``, each Jacobian of ``y`` with respect to ``x[i]`` is a 2-D numpy array
    with ``y``'s element count as rows and ``x[i]``'s as columns. Use it to check a custom
    gradient (``tf.custom_gradient``) against finite differences.

    Args:
      f: the function, called with one Tensor per element of ``x``; a ``tf.function`` or a
        ``tf.custom_gradient`` function works too. It returns one Tensor.
      x: a list or tuple of the arguments (values convertible to a Tensor; floating or
        complex).
      delta: the perturbation of the central differences; ``1/1024`` by default (exactly
        representable in binary, which keeps rounding noise out of the differences).

    Returns:
      ``(theoretical, numerical)``: two tuples with one 2-D array per argument.

    Raises:
      ValueError: ``x`` is not a list or tuple.
      AssertionError: an argument or the result is not floating or complex (TF's check).

    >>> import tapejax as tf
    >>> theoretical, numerical = tf.test.compute_gradient(lambda x: x * x, [1.0])
    >>> theoretical, numerical
    ((array([[2.]], dtype=float32),), (array([[2.]], dtype=float32),))
    """
    if not isinstance(x, (list, tuple)):
        raise ValueError(
            "`x` must be a list or tuple of values convertible to a Tensor (arguments to `f`), "
            f"not a {type(x)}"
        )
    delta = 1.0 / 1024 if delta is None else delta
    xs = [convert_to_tensor(v) for v in x]
    y = f(*xs)
    y_shape, y_dtype = tuple(y.shape), as_dtype(y.dtype)
    for i, v in enumerate(xs):
        _check_dtype(v.dtype, f"argument {i}")
    if xs:
        _check_dtype(y_dtype, "y")
    theoretical = _theoretical(f, xs, y_shape, y_dtype)
    numerical = [_numerical(f, xs, i, y_shape, y_dtype, delta) for i in range(len(xs))]
    # TF's pair of tuples, one Jacobian per argument; () for no arguments, as TF
    return (tuple(theoretical), tuple(numerical)) if xs else ()


def _check_dtype(dtype, what: str) -> None:
    # TF asserts this (an AssertionError), naming the argument by its position.
    if dtype.base_dtype.name not in _ALLOWED:
        raise AssertionError(f"Cannot compute gradient for unsupported type {dtype.name} of {what}")


def _reals(a: np.ndarray, dtype) -> np.ndarray:
    """``a``'s elements as a flat view of reals (a complex number is two), shared with ``a``."""
    return a.reshape(-1).view(dtype.real_dtype.as_numpy_dtype)


def _size(shape, dtype) -> int:
    return int(np.prod(shape, dtype=np.int64)) * (2 if dtype.is_complex else 1)


def _theoretical(f, xs, y_shape, y_dtype) -> list[np.ndarray]:
    """Every argument's theoretical Jacobian, row by row. TF watches one argument at a time;
    one tape watching them all gives the same rows (a gradient with respect to one source does
    not depend on which others are watched) for one recording and one compiled derivative."""
    y_size = _size(y_shape, y_dtype)
    jacobians = [np.zeros((y_size, _size(x.shape, x.dtype)), x.dtype.real_dtype.as_numpy_dtype) for x in xs]
    dy = np.zeros(y_shape, y_dtype.as_numpy_dtype)
    with GradientTape(persistent=True) as tape:
        tape.watch(xs)
        y = f(*xs)

    def grads():
        return tape.gradient(y, xs, output_gradients=convert_to_tensor(dy))

    for row in range(y_size):
        _reals(dy, y_dtype)[row] = 1
        for jacobian, g in zip(jacobians, grads(), strict=True):
            if g is not None:  # an unconnected argument: a row of zeros
                jacobian[row] = np.asarray(g.numpy()).reshape(-1).view(jacobian.dtype)
        _reals(dy, y_dtype)[row] = 0
    if y_size == 0:
        for g, x in zip(grads(), xs, strict=True):
            _check_empty(g, x)
    return jacobians


def _check_empty(g, x) -> None:
    """An empty result must still give a gradient of zeros of ``x``'s shape (TF's check; an
    unconnected argument, where TF fails on ``None``, passes here)."""
    if g is None:
        return
    if tuple(g.shape) != tuple(x.shape):
        raise ValueError(f"Empty gradient has wrong shape: expected {x.shape}, got {tuple(g.shape)}")
    if np.any(g.numpy()):
        raise ValueError("Empty tensor with nonzero gradients")


def _numerical(f, xs, param, y_shape, y_dtype, delta) -> np.ndarray:
    x_dtype = xs[param].dtype
    values = [np.array(v.numpy()) for v in xs]  # copies, perturbed in place
    x = _reals(values[param], x_dtype)
    y_real = y_dtype.real_dtype.as_numpy_dtype
    scale = np.asarray(2 * delta, dtype=y_real)[()]
    jacobian = np.zeros((_size(y_shape, y_dtype), x.size), x_dtype.real_dtype.as_numpy_dtype)

    def at():
        return np.asarray(f(*[convert_to_tensor(v) for v in values]).numpy())

    for col in range(x.size):
        original = x[col]
        x[col] += delta  # in x's dtype, as TF: float16/bfloat16 round the perturbed value
        y_plus = at()
        x[col] = original
        x[col] -= delta
        y_minus = at()
        x[col] = original
        jacobian[:, col] = np.asarray((y_plus - y_minus) / scale).reshape(-1).view(y_real)
    return jacobian
