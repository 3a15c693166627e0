"""Loss: the Keras 3 loss base class, its reductions and sample weights.

``loss(y_true, y_pred, sample_weight=None)`` converts both to the loss's dtype (float32),
computes the per-sample losses with ``call``, multiplies them by ``sample_weight`` (a trailing
dimension of 1 squeezed or added, as Keras does) and reduces them: ``'sum_over_batch_size'``
and ``'mean'`` divide the sum by the number of losses, ``'mean_with_sample_weight'`` by the
sum of the weights, ``'sum'`` sums, ``'none'``/None keep them. Built from tapejax ops, so a
tape differentiates the result.
"""

from __future__ import annotations

from ..backend.core import convert_to_tensor, get_keras_mask
from ..backend.ops import cast, ones_like, reduce_sum, where, zeros_like
from ..backend.ops import math_ops as _math
from ..utils.naming import auto_name
from .loss_functions import _same_rank

# Keras 3's allowed reductions (printed as Keras prints its set).
_REDUCTIONS = ("sum_over_batch_size", "sum", None, "none", "mean", "mean_with_sample_weight")
_REDUCTIONS_TEXT = "{'sum', 'sum_over_batch_size', 'mean', 'mean_with_sample_weight', 'none', None}"


def standardize_reduction(reduction):
    if reduction not in _REDUCTIONS:
        raise ValueError(
            f"Invalid value for argument `reduction`. Expected one of {_REDUCTIONS_TEXT}. "
            f"Received: reduction={reduction}"
        )
    return reduction


def reduce_values(values, sample_weight=None, reduction="sum_over_batch_size"):
    """Keras' ``reduce_values``: the sum, or the sum over a count, of ``values``."""
    if reduction in (None, "none") or tuple(values.shape) in ((), (0,)):
        return values
    total = reduce_sum(values)
    if reduction == "sum":
        return total
    if reduction == "mean_with_sample_weight" and sample_weight is not None:
        divisor = cast(reduce_sum(sample_weight), total.dtype)
    else:
        divisor = cast(convert_to_tensor(values.shape.num_elements()), total.dtype)
    return _math.divide_no_nan(total, divisor)


def apply_mask(sample_weight, mask, dtype, reduction):
    """Keras 3's ``apply_mask``: a Keras mask of the predictions folded into the sample weights.
    For the mean reductions the kept entries weigh ``total / kept``, so the mean is over them."""
    if mask is None:
        return sample_weight
    mask = cast(convert_to_tensor(mask), "bool")
    if reduction in ("mean", "sum_over_batch_size"):
        total = cast(convert_to_tensor(mask.shape.num_elements()), dtype)
        weight = _math.divide_no_nan(total, reduce_sum(cast(mask, dtype)))
        float_mask = where(mask, weight * ones_like(mask, dtype=dtype), zeros_like(mask, dtype=dtype))
    else:
        float_mask = cast(mask, dtype)
    if sample_weight is None:
        return float_mask
    float_mask, sample_weight = _same_rank(float_mask, cast(convert_to_tensor(sample_weight), dtype))
    return sample_weight * float_mask


def reduce_weighted_values(
    values, sample_weight=None, reduction="sum_over_batch_size", dtype="float32", mask=None
):
    """``values * sample_weight`` (ranks matched), reduced by ``reduction``, as Keras 3; a
    ``mask`` (the predictions' Keras mask) weighs the masked entries 0."""
    reduction = standardize_reduction(reduction)
    values = cast(convert_to_tensor(values), dtype)
    sample_weight = apply_mask(sample_weight, mask, values.dtype, reduction)
    if sample_weight is not None:
        sample_weight = cast(convert_to_tensor(sample_weight), values.dtype)
        values, sample_weight = _same_rank(values, sample_weight)
        values = values * sample_weight
    return reduce_values(values, sample_weight, reduction)


class Loss:
    """A loss object: ``loss(y_true, y_pred, sample_weight=None)`` is the reduced loss.

    Subclass it and define ``call(y_true, y_pred)`` (the per-sample losses), as in Keras 3.

    Args:
      name: the loss's name (by default the class name in snake case).
      reduction: ``'sum_over_batch_size'`` (default), ``'sum'``, ``'mean'``,
        ``'mean_with_sample_weight'``, ``'none'`` or None.
      dtype: the dtype both arguments are converted to (float32).

    >>> import tapejax as tf
    >>> class Absolute(tf.keras.losses.Loss):
    ...   def call(self, y_true, y_pred):
    ...     return tf.reduce_mean(tf.abs(y_true - y_pred), axis=-1)
    >>> print(Absolute(reduction='sum')([[0., 1.], [1., 1.]], [[1., 1.], [0., 0.]]))
    tf.Tensor(1.5, shape=(), dtype=float32)
    """

    _keras_module = "keras.losses"  # the module a serialized loss names

    def __init__(self, name=None, reduction="sum_over_batch_size", dtype=None):
        self.name = name or auto_name(type(self).__name__)
        self.reduction = standardize_reduction(reduction)
        self._dtype = dtype or "float32"

    @property
    def dtype(self):
        return self._dtype

    def __call__(self, y_true, y_pred, sample_weight=None):
        in_mask = get_keras_mask(y_pred)  # Keras 3: masked predictions do not count
        y_true, y_pred = (cast(convert_to_tensor(y), self._dtype) for y in (y_true, y_pred))
        losses = self.call(y_true, y_pred)
        out_mask = get_keras_mask(losses)
        if in_mask is not None and out_mask is not None:
            mask = _math.logical_and(cast(in_mask, "bool"), cast(out_mask, "bool"))
        else:
            mask = in_mask if in_mask is not None else out_mask
        return reduce_weighted_values(losses, sample_weight, self.reduction, self._dtype, mask=mask)

    def call(self, y_true, y_pred):
        raise NotImplementedError

    def get_config(self):
        return {"name": self.name, "reduction": self.reduction}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


class LossFunctionWrapper(Loss):
    """A ``Loss`` that calls ``fn(y_true, y_pred, **kwargs)`` for its per-sample losses."""

    def __init__(self, fn, reduction="sum_over_batch_size", name=None, dtype=None, **kwargs):
        super().__init__(name=name or fn.__name__, reduction=reduction, dtype=dtype)
        self.fn, self._fn_kwargs = fn, kwargs

    def call(self, y_true, y_pred):
        return self.fn(y_true, y_pred, **self._fn_kwargs)

    def get_config(self):
        return {**super().get_config(), **self._fn_kwargs}
