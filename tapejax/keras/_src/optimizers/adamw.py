"""AdamW: Adam with decoupled weight decay, as Keras 3 updates."""

from __future__ import annotations

from .adam import Adam


class AdamW(Adam):
    """Adam with decoupled weight decay, as Keras 3's ``AdamW``: ``weight_decay`` (0.004 by
    default) shrinks each variable by ``w * weight_decay * lr`` before the Adam update.

    >>> import tapejax as tf
    >>> w = tf.Variable([1.0, 2.0])
    >>> opt = tf.keras.optimizers.AdamW(learning_rate=0.1, weight_decay=0.5)
    >>> _ = opt.apply_gradients([(tf.constant([0.5, -1.0]), w)])
    >>> print(w.numpy())
    [0.8500013 1.999999 ]
    """

    def __init__(
        self,
        learning_rate=0.001,
        weight_decay=0.004,
        beta_1=0.9,
        beta_2=0.999,
        epsilon=1e-7,
        amsgrad=False,
        name=None,
        **kwargs,
    ):
        super().__init__(
            learning_rate,
            beta_1=beta_1,
            beta_2=beta_2,
            epsilon=epsilon,
            amsgrad=amsgrad,
            name=name,
            weight_decay=weight_decay,
            **kwargs,
        )
        if self.weight_decay is None:
            raise ValueError("Argument `weight_decay` must be a float. Received: weight_decay=None")
