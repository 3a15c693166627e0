"""Preprocessing-layer cases run both by tapejax's tests and, under TensorFlow 2.21 / Keras 3.15,
by scripts/keras_preprocessing_reference_tf.py (which writes keras_preprocessing_reference.py).

Each case is ``name -> f(layers, tf) -> (layer, input array)``; random layers are given
degenerate ranges (a fixed angle, zoom, shift, delta), so their outputs are deterministic.
"""

from __future__ import annotations

import numpy as np

IMAGE = np.arange(2 * 4 * 5 * 1, dtype="float32").reshape(2, 4, 5, 1)
IMAGE2 = np.arange(1 * 4 * 6 * 2, dtype="float32").reshape(1, 4, 6, 2)
FEATURES = np.array(
    [[1.0, 10.0, -2.0], [3.0, 14.0, 0.0], [2.0, 9.0, 5.0], [6.0, 11.0, 1.0], [0.5, 8.0, 2.5]], "float32"
)
QUERY = np.array([[2.0, 11.0, 1.0], [-1.0, 0.0, 3.0]], "float32")
VALUES = np.array([[-1.5, 1.0, 3.4, 0.5], [0.0, 2.0, 7.0, -0.2]], "float32")
TOKENS = np.array([[12, 1138, 42, 7], [42, 1000, 36, 0]], "int64")
IDS = np.array([[0, 1, 1, 3], [3, 3, 2, 0]], "int32")


def _rotation(fill_mode, interpolation):
    return lambda L, tf: (
        L.RandomRotation((0.1, 0.1), fill_mode=fill_mode, interpolation=interpolation, fill_value=-1.0),
        IMAGE,
    )


def _adapted(layer, data):
    layer.adapt(data)
    return layer


CASES = {
    "rotation_quarter": lambda L, tf: (L.RandomRotation((0.25, 0.25)), IMAGE),
    **{
        f"rotation_{mode}_{interp}": _rotation(mode, interp)
        for mode in ("reflect", "wrap", "constant", "nearest")
        for interp in ("bilinear", "nearest")
    },
    "rotation_unbatched": lambda L, tf: (L.RandomRotation((-0.05, -0.05)), IMAGE[1]),
    "zoom_in": lambda L, tf: (L.RandomZoom((-0.5, -0.5)), IMAGE),
    "zoom_out_constant": lambda L, tf: (L.RandomZoom((0.4, 0.4), (0.2, 0.2), fill_mode="constant"), IMAGE),
    "translation": lambda L, tf: (L.RandomTranslation((0.3, 0.3), (-0.25, -0.25)), IMAGE),
    "translation_wrap_nearest": lambda L, tf: (
        L.RandomTranslation((-0.5, -0.5), (0.4, 0.4), fill_mode="wrap", interpolation="nearest"),
        IMAGE,
    ),
    "brightness": lambda L, tf: (L.RandomBrightness((0.1, 0.1), value_range=(0, 40)), IMAGE2),
    "brightness_negative": lambda L, tf: (L.RandomBrightness((-0.25, -0.25), value_range=(0, 40)), IMAGE2),
    "contrast_identity": lambda L, tf: (L.RandomContrast(0.0, value_range=(0, 30)), IMAGE2),
    "resize_bilinear": lambda L, tf: (L.Resizing(3, 4), IMAGE2),
    "resize_nearest": lambda L, tf: (L.Resizing(5, 3, interpolation="nearest"), IMAGE2),
    "resize_crop": lambda L, tf: (L.Resizing(3, 3, crop_to_aspect_ratio=True), IMAGE2),
    "resize_pad": lambda L, tf: (L.Resizing(3, 3, pad_to_aspect_ratio=True, fill_value=-1.0), IMAGE2),
    "resize_unbatched": lambda L, tf: (L.Resizing(2, 7), IMAGE2[0]),
    "center_crop": lambda L, tf: (L.CenterCrop(2, 3), IMAGE2),
    "center_crop_up": lambda L, tf: (L.CenterCrop(5, 3), IMAGE2),
    "center_crop_int": lambda L, tf: (L.CenterCrop(2, 2), IMAGE2.astype("int32")),
    "random_crop_same_size": lambda L, tf: (L.RandomCrop(4, 6), IMAGE2),
    "random_crop_smaller_input": lambda L, tf: (L.RandomCrop(5, 5), IMAGE2),
    "rescaling": lambda L, tf: (L.Rescaling(1 / 255.0, offset=-1.0), IMAGE2),
    "rescaling_channels_int": lambda L, tf: (L.Rescaling([1.0, 2.0], offset=0.5), IMAGE2.astype("int32")),
    "normalization_array": lambda L, tf: (_adapted(L.Normalization(), FEATURES), QUERY),
    "normalization_tensor_axis_none": lambda L, tf: (
        _adapted(L.Normalization(axis=None), tf.constant(FEATURES)),
        QUERY,
    ),
    "normalization_dataset": lambda L, tf: (
        _adapted(L.Normalization(), tf.data.Dataset.from_tensor_slices(FEATURES).batch(2)),
        QUERY,
    ),
    "normalization_invert": lambda L, tf: (_adapted(L.Normalization(invert=True), FEATURES), QUERY),
    "normalization_given": lambda L, tf: (
        L.Normalization(mean=[1.0, 2.0, 3.0], variance=[4.0, 0.0, 0.25]),
        QUERY,
    ),
    "normalization_axis_0": lambda L, tf: (_adapted(L.Normalization(axis=0), FEATURES[:2]), QUERY),
    "discretization_int": lambda L, tf: (L.Discretization(bin_boundaries=[0.0, 1.0, 2.0]), VALUES),
    "discretization_one_hot": lambda L, tf: (
        L.Discretization(bin_boundaries=[0.0, 1.0, 2.0], output_mode="one_hot"),
        VALUES[0],
    ),
    "discretization_multi_hot": lambda L, tf: (
        L.Discretization(bin_boundaries=[0.0, 1.0, 2.0], output_mode="multi_hot"),
        VALUES,
    ),
    "discretization_count": lambda L, tf: (
        L.Discretization(bin_boundaries=[0.0, 1.0], output_mode="count"),
        VALUES,
    ),
    "discretization_adapt": lambda L, tf: (
        _adapted(L.Discretization(num_bins=4), np.linspace(-3.0, 5.0, 41, dtype="float32")),
        VALUES,
    ),
    "discretization_adapt_dataset": lambda L, tf: (
        _adapted(
            L.Discretization(num_bins=3, epsilon=0.1),
            tf.data.Dataset.from_tensor_slices(np.sin(np.arange(60.0)).astype("float32")).batch(16),
        ),
        VALUES,
    ),
    "category_multi_hot": lambda L, tf: (L.CategoryEncoding(num_tokens=4), IDS),
    "category_count": lambda L, tf: (L.CategoryEncoding(num_tokens=5, output_mode="count"), IDS),
    "category_one_hot": lambda L, tf: (L.CategoryEncoding(num_tokens=4, output_mode="one_hot"), IDS[0]),
    "category_one_hot_column": lambda L, tf: (
        L.CategoryEncoding(num_tokens=4, output_mode="one_hot"),
        IDS[:, :1],
    ),
    "lookup_vocabulary": lambda L, tf: (L.IntegerLookup(vocabulary=[12, 36, 1138, 42]), TOKENS),
    "lookup_mask_two_oov": lambda L, tf: (
        L.IntegerLookup(vocabulary=[12, 36, 1138, 42], mask_token=0, num_oov_indices=2),
        TOKENS,
    ),
    "lookup_adapt": lambda L, tf: (
        _adapted(L.IntegerLookup(max_tokens=4), np.array([7, 7, 3, 3, 9, 9, 9, 1, 5, 1, 1, 1, 2])),
        np.array([[1, 9, 7, 3], [5, 2, 8, 9]]),
    ),
    "lookup_invert": lambda L, tf: (
        L.IntegerLookup(vocabulary=[12, 36, 1138, 42], invert=True),
        np.array([[1, 0, 4], [2, 3, 9]]),
    ),
    "lookup_multi_hot": lambda L, tf: (
        L.IntegerLookup(vocabulary=[12, 36, 1138, 42], output_mode="multi_hot"),
        TOKENS,
    ),
    "lookup_count_padded": lambda L, tf: (
        L.IntegerLookup(
            vocabulary=[12, 36, 1138, 42], output_mode="count", max_tokens=7, pad_to_max_tokens=True
        ),
        TOKENS,
    ),
}
