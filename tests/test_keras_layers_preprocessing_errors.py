"""Preprocessing layers' bad input: Keras 3.15's exception classes and messages (and tapejax's
own where it leaves an option out)."""

from __future__ import annotations

import numpy as np
import pytest

import tapejax as tf

L = tf.keras.layers
IMAGES = np.zeros((1, 4, 4, 1), "float32")


def test_normalization_errors():
    with pytest.raises(ValueError, match="both `mean` and `variance` must be set. Received: mean=1"):
        L.Normalization(mean=1.0)
    with pytest.raises(ValueError, match="must have the same shape. Received: mean shape"):
        L.Normalization(mean=[1.0, 2.0], variance=[1.0])
    with pytest.raises(
        ValueError, match="The rank of `mean` must be less than or equal to the number of axes"
    ):
        L.Normalization(mean=[[1.0]], variance=[[1.0]])
    with pytest.raises(
        ValueError, match=r"must be in the range \[-ndim, ndim\). Received inputs with ndim=2"
    ):
        L.Normalization(axis=3).build((None, 2))
    with pytest.raises(
        ValueError, match="must have a known shape. Received axis=.*with unknown axis at index 1"
    ):
        L.Normalization().build((None, None))
    layer = L.Normalization()
    layer.adapt(np.ones((4, 3), "float32"))
    with pytest.raises(ValueError, match="The layer was built with input_shape=.*incompatible shape"):
        layer.adapt(np.ones((4, 2), "float32"))
    with pytest.raises(ValueError, match="adapt\\(\\) yielded a batch with incompatible shape. Expected"):
        L.Normalization().adapt([np.ones((2, 3)), np.ones((2, 4))])
    with pytest.raises(ValueError, match="adapt\\(\\) received an empty iterable"):
        L.Normalization().adapt([])
    with pytest.raises(TypeError, match="Unsupported data type: .*`adapt` supports"):
        L.Normalization().adapt(3)


def test_discretization_errors():
    with pytest.raises(ValueError, match="`sparse=True` may only be used if"):
        L.Discretization(bin_boundaries=[0.0], sparse=True)
    with pytest.raises(ValueError, match="Unknown value for `output_mode`. Allowed values are"):
        L.Discretization(bin_boundaries=[0.0], output_mode="tf_idf")
    with pytest.raises(ValueError, match="`num_bins` must be greater than or equal to 0"):
        L.Discretization(num_bins=-1)
    with pytest.raises(ValueError, match="Both `num_bins` and `bin_boundaries` should not be set"):
        L.Discretization(num_bins=2, bin_boundaries=[0.0])
    with pytest.raises(ValueError, match="You need to set either `num_bins` or `bin_boundaries`"):
        L.Discretization()
    with pytest.raises(ValueError, match="Cannot adapt a Discretization layer that has been initialized"):
        L.Discretization(bin_boundaries=[0.0]).adapt(np.ones(3))
    layer = L.Discretization(num_bins=2)
    layer.bin_boundaries = None
    with pytest.raises(ValueError, match="You need to either pass the `bin_boundaries` argument"):
        layer(np.ones(3, "float32"))


def test_category_encoding_errors():
    with pytest.raises(ValueError, match="Unknown arg for output_mode: tf_idf"):
        L.CategoryEncoding(3, output_mode="tf_idf")
    with pytest.raises(ValueError, match="num_tokens must be set to use this layer"):
        L.CategoryEncoding()
    with pytest.raises(ValueError, match="`num_tokens` must be >= 1. Received: num_tokens=0"):
        L.CategoryEncoding(0)
    with pytest.raises(NotImplementedError, match="`sparse=True` is not supported by tapejax.keras"):
        L.CategoryEncoding(3, sparse=True)
    with pytest.raises(ValueError, match="`count_weights` is not used when `output_mode` is not `'count'`"):
        L.CategoryEncoding(3)(np.array([0, 1]), count_weights=np.ones(2))


def test_integer_lookup_errors():
    with pytest.raises(ValueError, match="it must be greater than 1. Received: max_tokens=1"):
        L.IntegerLookup(max_tokens=1)
    with pytest.raises(ValueError, match="`num_oov_indices` argument for `IntegerLookup` must >= 0"):
        L.IntegerLookup(num_oov_indices=-1)
    with pytest.raises(NotImplementedError, match="IntegerLookup: output_mode='tf_idf' is not supported"):
        L.IntegerLookup(output_mode="tf_idf")
    with pytest.raises(NotImplementedError, match="`sparse`, `idf_weights`, `oov_method='farmhash'`"):
        L.IntegerLookup(salt=3)
    with pytest.raises(ValueError, match="at least one repeated term.*The repeated terms are: \\[3\\]"):
        L.IntegerLookup(vocabulary=[3, 3, 4])
    with pytest.raises(ValueError, match="Found reserved mask token at unexpected location"):
        L.IntegerLookup(vocabulary=[0, 3], mask_token=0)
    with pytest.raises(ValueError, match="IntegerLookup: expected integer inputs .*received dtype float32"):
        L.IntegerLookup(vocabulary=[1])(np.ones(2, "float32"))


def test_image_layer_errors():
    with pytest.raises(
        ValueError, match="Expected image tensor to have rank 3 .* Received: data.shape=\\(4, 4\\)"
    ):
        L.RandomFlip()(np.zeros((4, 4), "float32"))
    with pytest.raises(ValueError, match="RandomFlip layer .* received an unknown mode argument diagonal"):
        L.RandomFlip("diagonal")
    with pytest.raises(
        ValueError, match=r"The `factor` argument should be a number .* in the range \[-1, 1\]"
    ):
        L.RandomRotation(2.0)
    with pytest.raises(ValueError, match="does not take a `factor` argument. Received: factor=0.5"):
        L.Resizing(2, 2, factor=0.5)
    with pytest.raises(NotImplementedError, match="Unknown `fill_mode` mirror"):
        L.RandomZoom(0.1, fill_mode="mirror")
    with pytest.raises(NotImplementedError, match="Unknown `interpolation` cubic"):
        L.RandomTranslation(0.1, 0.1, interpolation="cubic")
    with pytest.raises(ValueError, match=r"range \(-1.0, 1.0\]. Received: input_number=-1"):
        L.RandomZoom(-1.0)
    with pytest.raises(ValueError, match=r"range \[-1.0, 1.0\]. Received: input_number=1.5"):
        L.RandomTranslation(1.5, 0.1)
    with pytest.raises(ValueError, match=r"range \[0, 1.0\]. Received: x_factor=\[0.1\]"):
        L.RandomShear([0.1])
    with pytest.raises(ValueError, match="The `value_range` argument should be a list of two numbers"):
        L.RandomBrightness(0.1, value_range=3)
    with pytest.raises(ValueError, match="Invalid value for argument `fill_mode`. Only `'constant'`"):
        L.Resizing(2, 2, fill_mode="reflect")(IMAGES)
    with pytest.raises(ValueError, match="Only one of `pad_to_aspect_ratio` & `crop_to_aspect_ratio`"):
        L.Resizing(2, 2, crop_to_aspect_ratio=True, pad_to_aspect_ratio=True)(IMAGES)
    with pytest.raises(NotImplementedError, match="Resizing: interpolation='area' is not supported"):
        L.Resizing(2, 2, interpolation="area")(IMAGES)
    with pytest.raises(NotImplementedError, match="`bounding_boxes` are not supported by tapejax.keras"):
        L.RandomFlip()({"images": IMAGES, "bounding_boxes": {}})
    with pytest.raises(ValueError, match="RandomCrop requires the input to have a fully defined height"):
        L.RandomCrop(2, 2).get_random_transformation(tf.keras.Input((None, 4, 1)))
