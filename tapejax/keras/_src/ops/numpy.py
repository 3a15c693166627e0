"""``keras.ops.numpy``: Keras 3's NumPy-style functions on tapejax ops (recorded by tapes,
differentiable, traced by ``tf.function``, symbolic on KerasTensors)."""

from __future__ import annotations

__all__: list[str] = []
