"""``Callback``: the base class of Keras 3's callbacks, the hooks ``fit`` calls."""

from __future__ import annotations


class Callback:
    """Base class of callbacks (``tf.keras.callbacks.Callback``): override the hooks you need.

    ``self.model`` is the model being trained and ``self.params`` holds ``verbose``,
    ``epochs`` and ``steps``. Epoch logs hold Python floats.

    >>> import tapejax as tf
    >>> class Count(tf.keras.callbacks.Callback):
    ...   def on_epoch_end(self, epoch, logs=None):
    ...     print(epoch, sorted(logs))
    >>> model = tf.keras.Sequential([tf.keras.Input((1,)), tf.keras.layers.Dense(1)])
    >>> model.compile('sgd', 'mse')
    >>> _ = model.fit([[1.0]], [[2.0]], epochs=2, verbose=0, callbacks=[Count()])
    0 ['loss']
    1 ['loss']
    """

    def __init__(self):
        self.params: dict = {}
        self._model = None

    def set_params(self, params: dict) -> None:
        self.params = params

    def set_model(self, model) -> None:
        self._model = model

    @property
    def model(self):
        return self._model

    def on_batch_begin(self, batch, logs=None): ...
    def on_batch_end(self, batch, logs=None): ...
    def on_epoch_begin(self, epoch, logs=None): ...
    def on_epoch_end(self, epoch, logs=None): ...
    def on_train_batch_begin(self, batch, logs=None):
        self.on_batch_begin(batch, logs)

    def on_train_batch_end(self, batch, logs=None):
        self.on_batch_end(batch, logs)

    def on_test_batch_begin(self, batch, logs=None): ...
    def on_test_batch_end(self, batch, logs=None): ...
    def on_predict_batch_begin(self, batch, logs=None): ...
    def on_predict_batch_end(self, batch, logs=None): ...
    def on_train_begin(self, logs=None): ...
    def on_train_end(self, logs=None): ...
    def on_test_begin(self, logs=None): ...
    def on_test_end(self, logs=None): ...
    def on_predict_begin(self, logs=None): ...
    def on_predict_end(self, logs=None): ...
