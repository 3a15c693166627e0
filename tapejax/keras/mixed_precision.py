"""``tf.keras.mixed_precision``: dtype policies (``'mixed_float16'``: float32 variables, float16
computation) and the ``LossScaleOptimizer`` that keeps float16 gradients from underflowing."""

from __future__ import annotations

from ._src.dtype_policies.dtype_policy import DTypePolicy, dtype_policy
from ._src.dtype_policies.dtype_policy import DTypePolicy as Policy
from ._src.dtype_policies.dtype_policy import dtype_policy as global_policy
from ._src.dtype_policies.lookup import set_dtype_policy
from ._src.dtype_policies.lookup import set_dtype_policy as set_global_policy
from ._src.optimizers.loss_scale_optimizer import LossScaleOptimizer

__all__ = [
    "DTypePolicy",
    "LossScaleOptimizer",
    "Policy",
    "dtype_policy",
    "global_policy",
    "set_dtype_policy",
    "set_global_policy",
]
