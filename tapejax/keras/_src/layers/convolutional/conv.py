"""Conv1D, Conv2D, Conv3D: ``BaseConv`` with their rank."""

from __future__ import annotations

from .base_conv import BaseConv


class Conv1D(BaseConv):
    """1-D convolution over ``(batch, steps, channels)`` (padding also ``'causal'``).

    >>> import tapejax as tf
    >>> conv = tf.keras.layers.Conv1D(2, 3, kernel_initializer='ones')
    >>> conv(tf.ones([1, 5, 1])).numpy()[0, :, 0]
    array([3., 3., 3.], dtype=float32)
    """

    rank = 1


class Conv2D(BaseConv):
    """2-D convolution over ``(batch, height, width, channels)`` (or channels first).

    Args:
      filters: the number of output channels.
      kernel_size: an int or a pair: the window's height and width.
      strides, dilation_rate: ints or pairs (strides > 1 with dilation > 1 is an error, as Keras).
      padding: ``'valid'`` (no padding) or ``'same'`` (output size ``ceil(size / stride)``).
      data_format: ``'channels_last'`` (default) or ``'channels_first'``.
      groups: split the input channels and the filters into this many groups.
      activation, use_bias, *_initializer, *_regularizer, *_constraint: as :class:`Dense`.

    >>> import tapejax as tf
    >>> conv = tf.keras.layers.Conv2D(4, 3, padding='same', name='conv2d')
    >>> conv(tf.ones([2, 8, 8, 3])).shape
    TensorShape([2, 8, 8, 4])
    >>> [(w.path, tuple(w.shape)) for w in conv.weights]
    [('conv2d/kernel', (3, 3, 3, 4)), ('conv2d/bias', (4,))]
    """

    rank = 2


class Conv3D(BaseConv):
    """3-D convolution over ``(batch, depth, height, width, channels)``."""

    rank = 3
