"""keras.preprocessing.image (ImageDataGenerator, its iterators and transforms) and
keras.preprocessing.sequence: Keras 3.15's numbers (numpy's and Python's seeded draws, so the
same bits) from tests/keras_utils_reference.py."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from keras_utils_cases import GENERATOR_CASES, IMAGE, write_image_folder
from keras_utils_reference import REFERENCE

import tapejax as tf

image = tf.keras.preprocessing.image
sequence = tf.keras.preprocessing.sequence
KW = dict(row_axis=0, col_axis=1, channel_axis=2)


@pytest.mark.parametrize("name", sorted(GENERATOR_CASES))
def test_random_transform_is_keras(name):
    gen = image.ImageDataGenerator(**GENERATOR_CASES[name])
    got = gen.random_transform(IMAGE.copy(), seed=3)
    np.testing.assert_allclose(got, REFERENCE["generators"][name], rtol=1e-5, atol=2e-4)


def test_random_functions_are_keras():
    np.random.seed(8)
    x = IMAGE.copy()
    checks = [
        ("random_rotation", image.random_rotation(x, 30, **KW)[:, :, 0]),
        ("random_shift", image.random_shift(x, 0.2, 0.3, **KW)[:, :, 1]),
        ("random_shear", image.random_shear(x, 20, **KW)[:, :, 2]),
        ("random_zoom", image.random_zoom(x, (0.7, 1.2), **KW)[:, :, 0]),
        ("random_channel_shift", image.random_channel_shift(x, 40.0, channel_axis=2)[0]),
        ("random_brightness", image.random_brightness(x, (0.3, 0.9))[0]),
        (
            "affine_first",
            image.apply_affine_transform(np.moveaxis(x, 2, 0), theta=15, tx=1, zx=0.9, order=1)[1],
        ),
    ]
    for name, got in checks:
        np.testing.assert_allclose(got, REFERENCE[name], rtol=1e-5, atol=2e-4, err_msg=name)


def test_flow_batches_are_keras():
    x = np.stack([IMAGE, IMAGE + 1, IMAGE + 2])
    it = image.ImageDataGenerator(rotation_range=20).flow(x, np.arange(3), batch_size=2, seed=4)
    assert len(it) == 2
    for (bx, by), (ex, ey) in zip((it[0], it[1]), REFERENCE["generators"]["flow"], strict=True):
        np.testing.assert_allclose(bx[:, 0, :2], ex, rtol=1e-5, atol=2e-4)
        assert by.tolist() == ey


def test_flow_from_directory_is_keras(tmp_path):
    root = write_image_folder(str(tmp_path / "images"))
    gen = image.ImageDataGenerator(validation_split=0.4)
    it = gen.flow_from_directory(
        root, target_size=(3, 4), batch_size=3, seed=6, subset="training", class_mode="sparse"
    )
    assert isinstance(it, image.DirectoryIterator) and isinstance(it, tf.keras.utils.PyDataset)
    x, y = it[0]
    expected = REFERENCE["generators"]["directory"]
    assert it.filenames == expected["files"]
    np.testing.assert_allclose(x[:, 0, 0], expected["x"], atol=1e-4)
    assert y.tolist() == expected["y"]
    assert it.labels.tolist() == [0, 0, 0, 1, 1, 1] and it.sample_weight is None
    categorical = gen.flow_from_directory(
        root, target_size=(2, 2), batch_size=4, shuffle=False, color_mode="grayscale"
    )
    x, y = categorical[0]
    assert x.shape == (4, 2, 2, 1) and y.tolist() == [[1.0, 0.0]] * 4
    inputs = gen.flow_from_directory(root, target_size=(2, 2), class_mode="input", batch_size=2)
    x, y = next(inputs)
    np.testing.assert_array_equal(x, y)
    model = tf.keras.Sequential([tf.keras.layers.Flatten(), tf.keras.layers.Dense(2)])
    model.compile("sgd", tf.keras.losses.CategoricalCrossentropy(from_logits=True))
    assert np.isfinite(model.fit(categorical, epochs=1, verbose=0).history["loss"][0])


def test_flow_options_and_fit_statistics():
    x = np.random.RandomState(0).uniform(0, 255, (6, 4, 4, 3)).astype("float32")
    gen = image.ImageDataGenerator(
        featurewise_center=True, featurewise_std_normalization=True, zca_whitening=False
    )
    gen.fit(x)
    batch = next(gen.flow(x, batch_size=6, shuffle=False))
    np.testing.assert_allclose(batch.mean(axis=(0, 1, 2)), 0, atol=1e-4)
    np.testing.assert_allclose(batch.std(axis=(0, 1, 2)), 1, atol=1e-4)
    sample = image.ImageDataGenerator(samplewise_center=True, samplewise_std_normalization=True, rescale=0.5)
    out = sample.standardize(x[0].copy())
    np.testing.assert_allclose([out.mean(), out.std()], [0, 1], atol=1e-4)
    zca = image.ImageDataGenerator(zca_whitening=True, featurewise_center=True)
    zca.fit(x)
    assert zca.zca_whitening_matrix.shape == (48, 48)
    assert zca.standardize(x[:1].copy()).shape == (1, 4, 4, 3)
    flow = image.ImageDataGenerator(validation_split=0.5).flow(
        (x, [np.arange(6)]),
        np.array([0, 1] * 3),
        sample_weight=np.ones(6),
        subset="validation",
        shuffle=False,
    )
    (images, extra), y, w = flow[0]
    assert images.shape == (3, 4, 4, 3) and extra.tolist() == [0, 1, 2] and y.tolist() == [0, 1, 0]
    assert w.tolist() == [1.0, 1.0, 1.0]


def test_image_generator_warnings():
    x = np.zeros((2, 4, 4, 3), np.float32)
    with pytest.warns(
        UserWarning, match="specifies `zca_whitening`, which overrides setting of `featurewise_center`"
    ):
        image.ImageDataGenerator(zca_whitening=True)
    with pytest.warns(
        UserWarning, match="specifies `zca_whitening` which overrides setting of`featurewise_std"
    ):
        image.ImageDataGenerator(
            zca_whitening=True, featurewise_center=True, featurewise_std_normalization=True
        )
    with pytest.warns(
        UserWarning, match="specifies `featurewise_std_normalization`, which overrides setting of"
    ):
        image.ImageDataGenerator(featurewise_std_normalization=True)
    with pytest.warns(
        UserWarning, match="specifies `samplewise_std_normalization`, which overrides setting of"
    ):
        image.ImageDataGenerator(samplewise_std_normalization=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        gen = image.ImageDataGenerator(zca_whitening=True, featurewise_std_normalization=True)
        gen.featurewise_std_normalization = True
    with pytest.warns(
        UserWarning, match="but it hasn't been fit on any training data. Fit it first by calling"
    ):
        gen.standardize(x[0].copy())
    with pytest.warns(
        UserWarning, match="Expected input to be images \\(as Numpy array\\) following the data format"
    ):
        image.ImageDataGenerator().fit(np.zeros((2, 4, 4, 5)))
    with pytest.warns(UserWarning, match="NumpyArrayIterator is set to use the data format convention"):
        image.ImageDataGenerator().flow(np.zeros((2, 4, 4, 5)))


@pytest.mark.parametrize(
    "call, error, match",
    [
        (
            lambda: image.ImageDataGenerator(data_format="nhwc"),
            ValueError,
            '`data_format` should be `"channels_last"`',
        ),
        (
            lambda: image.ImageDataGenerator(validation_split=2),
            ValueError,
            "`validation_split` must be strictly between 0 and 1",
        ),
        (
            lambda: image.ImageDataGenerator(zoom_range=(1, 2, 3)),
            ValueError,
            "`zoom_range` should be a float or a tuple",
        ),
        (
            lambda: image.ImageDataGenerator(brightness_range=0.5),
            ValueError,
            "`brightness_range should be tuple or list",
        ),
        (
            lambda: image.ImageDataGenerator().fit(np.zeros((4, 4, 3))),
            ValueError,
            "Input to `.fit\\(\\)` should have rank 4",
        ),
        (
            lambda: image.ImageDataGenerator().flow_from_dataframe(None),
            NotImplementedError,
            "reads a pandas DataFrame",
        ),
        (
            lambda: image.ImageDataGenerator().flow(np.zeros((2, 4, 4, 3)), np.zeros(3)),
            ValueError,
            "`x` \\(images tensor\\) and `y` \\(labels\\) should have the same length",
        ),
        (
            lambda: image.ImageDataGenerator().flow(np.zeros((2, 4, 4, 3)), sample_weight=np.zeros(3)),
            ValueError,
            "`x` \\(images tensor\\) and `sample_weight` should have",
        ),
        (
            lambda: image.ImageDataGenerator().flow((np.zeros((2, 4, 4, 3)), np.zeros(3))),
            ValueError,
            "All of the arrays in `x` should have the same length",
        ),
        (
            lambda: image.ImageDataGenerator().flow(np.zeros((2, 4, 3))),
            ValueError,
            "Input data in `NumpyArrayIterator` should have rank 4",
        ),
        (
            lambda: image.ImageDataGenerator(validation_split=0.5).flow(
                np.zeros((2, 4, 4, 3)), subset="test"
            ),
            ValueError,
            'Invalid subset name: test; expected "training" or "validation".',
        ),
        (
            lambda: image.ImageDataGenerator(validation_split=0.5).flow(
                np.zeros((4, 4, 4, 3)), np.array([0, 0, 1, 1]), subset="training"
            ),
            ValueError,
            "Training and validation subsets have different number of classes",
        ),
        (
            lambda: image.ImageDataGenerator().flow(np.zeros((2, 4, 4, 3)), batch_size=2)[1],
            ValueError,
            "Asked to retrieve element 1, but the Sequence has length 1",
        ),
        (
            lambda: image.apply_affine_transform(np.zeros((3, 3, 3)), theta=5, row_axis=0, col_axis=0),
            ValueError,
            "'row_axis', 'col_axis', and 'channel_axis' must be distinct",
        ),
        (
            lambda: image.apply_affine_transform(np.zeros((3, 3, 3)), row_axis=1, col_axis=2, channel_axis=3),
            ValueError,
            "Invalid axis' indices: \\{3\\}",
        ),
        (
            lambda: image.apply_affine_transform(np.zeros((3, 3))),
            ValueError,
            "Input arrays must be multi-channel 2D images.",
        ),
        (
            lambda: image.apply_affine_transform(np.zeros((3, 3, 3)), row_axis=0, col_axis=2, channel_axis=1),
            ValueError,
            "Channels are allowed and the first and last dimensions.",
        ),
        (
            lambda: image.random_zoom(np.zeros((3, 3, 3)), (1, 2, 3)),
            ValueError,
            "`zoom_range` should be a tuple or list of two floats",
        ),
        (
            lambda: image.random_brightness(np.zeros((3, 3, 3)), (1,)),
            ValueError,
            "`brightness_range should be tuple or list of two floats",
        ),
    ],
)
def test_image_preprocessing_errors(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_directory_iterator_errors(tmp_path):
    root = write_image_folder(str(tmp_path / "images"), per_class=1)
    gen = image.ImageDataGenerator(validation_split=0.5)
    with pytest.raises(ValueError, match='Invalid color mode: cmyk; expected "rgb", "rgba", or "grayscale".'):
        gen.flow_from_directory(root, color_mode="cmyk")
    with pytest.raises(ValueError, match="Invalid class_mode: raw; expected one of:"):
        gen.flow_from_directory(root, class_mode="raw")
    with pytest.raises(ValueError, match='Invalid subset name: test;expected "training" or "validation"'):
        gen.flow_from_directory(root, subset="test")
    (tmp_path / "images" / "cat" / "x.tiff").write_bytes(b"")
    with pytest.warns(UserWarning, match='Using ".tiff" files with multiple bands will cause distortion.'):
        gen.flow_from_directory(root)


# sequence ----------------------------------------------------------------------------------


def _batches(g):
    return [len(g)] + [(g[i][0].tolist(), g[i][1].tolist()) for i in range(len(g))]


def test_timeseries_generator_is_keras():
    data = np.arange(20).reshape(10, 2)
    g = sequence.TimeseriesGenerator(data, np.arange(10), length=3, sampling_rate=2, stride=2, batch_size=2)
    assert [list(b) if isinstance(b, tuple) else b for b in _batches(g)] == [
        list(b) if isinstance(b, tuple) else b for b in REFERENCE["timeseries"]
    ]
    g = sequence.TimeseriesGenerator(
        data, np.arange(10), length=2, reverse=True, start_index=1, end_index=7, batch_size=3
    )
    assert _batches(g) == [b if isinstance(b, int) else b for b in REFERENCE["timeseries_reverse"]]
    model = tf.keras.Sequential([tf.keras.layers.Flatten(), tf.keras.layers.Dense(1)])
    model.compile("sgd", "mse")
    assert len(model.fit(g, epochs=2, verbose=0).history["loss"]) == 2
    np.random.seed(0)
    shuffled = sequence.TimeseriesGenerator(data, np.arange(10), length=2, shuffle=True, batch_size=4)
    assert shuffled[0][0].shape == (4, 2, 2)
    config = g.get_config()
    assert (
        config["length"] == 2
        and config["data"]
        == "[[0, 1], [2, 3], [4, 5], [6, 7], [8, 9], [10, 11], [12, 13], [14, 15], [16, 17], [18, 19]]"
    )
    assert '"class_name": "TimeseriesGenerator"' in g.to_json()


def test_timeseries_generator_errors():
    with pytest.raises(
        ValueError,
        match="Data and targets have to be of same length. Data length is 3 while target length is 2",
    ):
        sequence.TimeseriesGenerator(np.zeros(3), np.zeros(2), length=1)
    with pytest.raises(ValueError, match="`start_index\\+length=5 > end_index=2` is disallowed"):
        sequence.TimeseriesGenerator(np.zeros(3), np.zeros(3), length=5)
    g = sequence.TimeseriesGenerator([object()] * 3, np.zeros(3), length=1)
    with pytest.raises(TypeError, match="Data not JSON Serializable"):
        g.get_config()


def test_sampling_table_and_skipgrams_are_keras():
    np.testing.assert_allclose(
        sequence.make_sampling_table(6, sampling_factor=0.01), REFERENCE["sampling_table"], rtol=1e-6
    )
    random.seed(0)
    couples, labels = sequence.skipgrams([1, 2, 0, 3, 4], 6, window_size=1, seed=9)
    assert (couples, labels) == tuple(REFERENCE["skipgrams"])
    random.seed(0)
    got = sequence.skipgrams(
        [1, 2, 3], 5, window_size=2, negative_samples=0.5, categorical=True, shuffle=False
    )
    assert got == tuple(REFERENCE["skipgrams_categorical"])
    table = sequence.make_sampling_table(5, sampling_factor=1.0)
    random.seed(1)
    assert sequence.skipgrams([1, 2, 3, 4], 5, sampling_table=table * 0, negative_samples=0) == ([], [])
    assert sequence.pad_sequences([[1, 2, 3], [4]], maxlen=2, padding="post").tolist() == [[2, 3], [4, 0]]
