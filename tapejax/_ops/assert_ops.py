"""``tf.debugging`` value assertions: ``Assert`` and the element-wise ``assert_*`` comparisons.

Eagerly a failed assertion raises InvalidArgumentError at once, with the text TF's eager mode
writes (the values printed as Python lists or numpy arrays). While a ``tapejax.function`` is
traced (TF's graph mode), the assertion becomes a runtime check (``_core/runtime_check``) whose
message is TF's graph Assert text (``assertion failed: [Condition x > 0 did not hold
element-wise:] [x (x:0) = ] [1 -2 3]``), raised when the function is called; a function without
an assertion is compiled without checks. As in TF, when every value is known while tracing, a
comparison that fails raises InvalidArgumentError at trace time. The assertions return None
(TF 2's eager result; its graph mode returns an Operation, which tapejax has no use for:
``tf.control_dependencies`` keeps program order).
"""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from .._core.recording.convert import convert_to_tensor
from .._core.recording.runtime_check import check as runtime_check
from .._core.recording.runtime_check import checking
from .._core.values.access import is_symbolic_tensor, value_of
from .._core.values.errors import InvalidArgumentError
from .._core.values.summarize import field as summary_field
from .._core.values.summarize import summarize as summarize_value
from .._core.values.tensor import Tensor
from .math_ops import abs as abs_
from .math_ops import equal, greater, greater_equal, less, less_equal, not_equal
from .reduction_ops import reduce_all

_COMPARE = {"==": equal, "!=": not_equal, "<": less, "<=": less_equal, ">": greater, ">=": greater_equal}


def message_prefix(message) -> str:
    """TF's ``"<message>.  "`` before an assertion's own text (nothing without a message)."""
    return f"{message}.  " if message else ""


def shape_and_dtype(t: Tensor) -> str:
    """How eager TF names a tensor in an assertion's message: ``shape=(3,) dtype=float32``."""
    return f"shape={t.shape} dtype={t.dtype.name}"


def graph_name(t: Tensor, scope: str, arg: str = "x") -> str:
    """How TF's graph names ``t``: ``x:0`` for the function's argument ``x``; for another value,
    the name TF gives a value converted inside the assertion (``assert_positive/x:0``)."""
    return getattr(t, "name", None) or f"{scope}/{arg}:0"


def graph_mode(*tensors) -> bool:
    return checking() or any(is_symbolic_tensor(t) for t in tensors)


def Assert(condition, data, summarize=None, name=None):  # noqa: N802 - TF's name
    """Raises InvalidArgumentError unless ``condition`` holds, printing ``data`` (its first
    ``summarize`` elements each, 3 by default); returns None (``tf.debugging.Assert``).

    >>> import tapejax as tf
    >>> tf.debugging.Assert(tf.constant(True), [tf.constant([1, 2])])
    >>> try:
    ...     tf.debugging.Assert(False, ["x is", tf.range(5)])
    ... except tf.errors.InvalidArgumentError as e:
    ...     print(e)
    Expected 'False' to be true. Summarized data: b'x is'
    0, 1, 2, ...
    """
    held = convert_to_tensor(condition)
    if not graph_mode(held, *[d for d in data if isinstance(d, Tensor)]):
        if not held:
            limit = 3 if summarize is None else summarize
            text = "\n".join(_eager_item(d, limit) for d in data)
            raise InvalidArgumentError(f"Expected '{condition!s}' to be true. Summarized data: {text}")
        return None
    limit = 3 if summarize is None else summarize
    fields, values = [], []
    for item in data:
        if isinstance(item, (str, bytes)):
            fields.append("[" + _escape(item if isinstance(item, str) else item.decode()) + "]")
            continue
        t = convert_to_tensor(item)
        if is_symbolic_tensor(t):  # its first elements, printed when the check fails (_core/summarize)
            flat = jnp.reshape(value_of(t), -1)
            fields.append("[" + summary_field(limit, value_of(t).shape) + "]")
            values.append(flat if limit < 0 else flat[:limit])
        else:
            fields.append("[" + _escape(summarize_value(t.numpy(), limit)) + "]")
    runtime_check(jnp.reshape(value_of(held), ()), "assertion failed: " + " ".join(fields), *values)
    return None


def _escape(text: str) -> str:  # a literal part of a str.format template
    return text.replace("{", "{{").replace("}", "}}")


def _eager_item(item, limit: int) -> str:
    """One data item as TF's eager Assert prints it: ``0, 1, 2, ...``; a string as bytes."""
    if isinstance(item, str):
        return str(item.encode())
    if isinstance(item, bytes):
        return str(item)
    value = np.asarray(convert_to_tensor(item).numpy())
    if value.ndim == 0:
        return str(value[()]) if limit != 0 else ""
    flat = value.reshape(-1)
    limit = flat.size if limit < 0 else limit
    return ", ".join([str(v) for v in flat[:limit]] + (["..."] if flat.size > limit else []))


def _compare(sym: str, x, y, message, summarize, scope: str, data=None):
    """TF's ``_binary_assert``: checks ``x <sym> y`` element-wise (shapes broadcast)."""
    x, y = convert_to_tensor(x), convert_to_tensor(y)
    test = _COMPARE[sym](x, y)  # TF's errors for shapes that do not broadcast, other dtypes
    if not graph_mode(x, y):
        held = np.asarray(test.numpy())
        if held.all():
            return None
        limit = 3 if summarize is None else (np.iinfo(np.int64).max if summarize < 0 else summarize)
        if data is None:
            data = _difference(sym, np.asarray(x.numpy()), np.asarray(y.numpy()), held, limit)
        if message is not None:
            data = [message, *data]
        raise InvalidArgumentError("\n".join(_pretty(d, limit) for d in data))
    if data is None:
        data = [
            f"Condition x {sym} y did not hold element-wise:",
            f"x ({graph_name(x, scope, 'x')}) = ",
            x,
            f"y ({graph_name(y, scope, 'y')}) = ",
            y,
        ]
    if message is not None:
        data = [message, *data]
    if not is_symbolic_tensor(test):  # every value known while tracing: TF's static check
        if not np.all(test.numpy()):
            raise InvalidArgumentError(
                "\n".join(str(d.numpy()) if isinstance(d, Tensor) else str(d) for d in data)
            )
        return None
    return Assert(reduce_all(test), data, summarize)


def _difference(sym: str, x, y, held, limit: int) -> list:
    """TF's eager data for a failed comparison: the first differing values, then the first
    elements of ``x`` and ``y``."""
    data = [f"Condition x {sym} y did not hold."]
    if limit > 0:
        if x.shape == y.shape and x.ndim:  # the same (non-scalar) shapes: where they differ
            failed = ~held
            indices = np.argwhere(failed)
            n = min(limit, indices.shape[0])
            data += [
                f"Indices of first {n} different values:",
                indices[:n],
                "Corresponding x values:",
                x[failed].reshape(-1)[:n],
                "Corresponding y values:",
                y[failed].reshape(-1)[:n],
            ]
        for label, v in (("x", x.reshape(-1)), ("y", y.reshape(-1))):
            data += [f"First {min(v.size, limit)} elements of {label}:", v[:limit]]
    return data


def _pretty(item, limit: int) -> str:
    """One eager data item: a tensor as a list of its first elements' texts, else ``str``."""
    if not isinstance(item, Tensor):
        return str(item)
    value = np.asarray(item.numpy())
    if value.ndim == 0:
        return str(value[()])
    flat = value.reshape(-1)
    return str([str(v) for v in flat[:limit]] + (["..."] if flat.size > limit else []))


def _sign(sym: str, zero_first: bool, x, message, summarize, scope: str, joined: bool = False):
    """``x <sym> 0`` element-wise (assert_positive and its kin), with TF's data."""
    x = convert_to_tensor(x)
    label = graph_name(x, scope) if graph_mode(x) else shape_and_dtype(x)
    head = f"Condition x {sym} 0 did not hold element-wise:"
    # TF's assert_non_positive joins its two strings (a missing comma in TF's source).
    texts = [head + f"x ({label}) = "] if joined else [head, f"x ({label}) = "]
    data = [message_prefix(message), *texts, x]
    zero = convert_to_tensor(0, dtype=x.dtype)
    op = {">": "<", "<": "<", ">=": "<=", "<=": "<="}[sym]
    first, second = (zero, x) if zero_first else (x, zero)
    return _compare(op, first, second, None, summarize, scope, data)


def assert_positive(x, message=None, summarize=None, name=None):
    """Raises InvalidArgumentError unless every element of ``x`` is > 0."""
    return _sign(">", True, x, message, summarize, name or "assert_positive")


def assert_negative(x, message=None, summarize=None, name=None):
    """Raises InvalidArgumentError unless every element of ``x`` is < 0."""
    return _sign("<", False, x, message, summarize, name or "assert_negative")


def assert_non_negative(x, message=None, summarize=None, name=None):
    """Raises InvalidArgumentError unless every element of ``x`` is >= 0."""
    return _sign(">=", True, x, message, summarize, name or "assert_non_negative")


def assert_non_positive(x, message=None, summarize=None, name=None):
    """Raises InvalidArgumentError unless every element of ``x`` is <= 0."""
    return _sign("<=", False, x, message, summarize, name or "assert_non_positive", joined=True)


def assert_equal(x, y, message=None, summarize=None, name=None):
    """Raises InvalidArgumentError unless ``x == y`` element-wise (shapes broadcast).

    >>> import tapejax as tf
    >>> try:
    ...     tf.debugging.assert_equal(tf.constant(1), tf.constant(2))
    ... except tf.errors.InvalidArgumentError as e:
    ...     print(e)
    Condition x == y did not hold.
    First 1 elements of x:
    [1]
    First 1 elements of y:
    [2]
    """
    return _compare("==", x, y, message, summarize, name or "assert_equal")


def assert_none_equal(x, y, message=None, summarize=None, name=None):
    """Raises InvalidArgumentError unless ``x != y`` element-wise."""
    return _compare("!=", x, y, message, summarize, name or "assert_none_equal")


def assert_less(x, y, message=None, summarize=None, name=None):
    """Raises InvalidArgumentError unless ``x < y`` element-wise."""
    return _compare("<", x, y, message, summarize, name or "assert_less")


def assert_less_equal(x, y, message=None, summarize=None, name=None):
    """Raises InvalidArgumentError unless ``x <= y`` element-wise."""
    return _compare("<=", x, y, message, summarize, name or "assert_less_equal")


def assert_greater(x, y, message=None, summarize=None, name=None):
    """Raises InvalidArgumentError unless ``x > y`` element-wise."""
    return _compare(">", x, y, message, summarize, name or "assert_greater")


def assert_greater_equal(x, y, message=None, summarize=None, name=None):
    """Raises InvalidArgumentError unless ``x >= y`` element-wise."""
    return _compare(">=", x, y, message, summarize, name or "assert_greater_equal")


def assert_near(x, y, rtol=None, atol=None, message=None, summarize=None, name=None):
    """Raises InvalidArgumentError unless ``|x - y| < atol + rtol * |y|`` element-wise (TF's
    default tolerances: 10 machine epsilons of the dtype; a strict ``<``, as TF's).

    >>> import tapejax as tf
    >>> tf.debugging.assert_near(tf.constant(1.0), tf.constant(1.0 + 1e-7))
    """
    scope = name or "assert_near"
    x = convert_to_tensor(x)
    y = convert_to_tensor(y, dtype=x.dtype)
    real = x.dtype.real_dtype
    eps = np.finfo(real.as_numpy_dtype).eps  # numpy's ValueError for an integer dtype, as TF's
    rtol = convert_to_tensor(10 * eps if rtol is None else rtol, dtype=real)
    atol = convert_to_tensor(10 * eps if atol is None else atol, dtype=real)
    if graph_mode(x, y):
        tolerances = [f'Tensor("{scope}/{n}:0", shape=(), dtype={real.name})' for n in ("rtol", "atol")]
        names = [graph_name(x, scope, "x"), graph_name(y, scope, "y")]
    else:
        tolerances, names = [str(rtol), str(atol)], [shape_and_dtype(x), shape_and_dtype(y)]
    data = [
        message_prefix(message),
        f"x and y not equal to tolerance rtol = {tolerances[0]}, atol = {tolerances[1]}",
        f"x ({names[0]}) = ",
        x,
        f"y ({names[1]}) = ",
        y,
    ]
    condition = reduce_all(less(abs_(x - y), atol + rtol * abs_(y)))
    return Assert(condition, data, summarize)


def is_numeric_tensor(tensor) -> bool:
    """Whether ``tensor`` is a Tensor of numbers (not bool; ``tf.debugging.is_numeric_tensor``)."""
    return isinstance(tensor, Tensor) and tensor.dtype.is_numeric
