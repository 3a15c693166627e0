"""keras.utils' datasets from folders (images, audio), image files, ``get_file``, ``Config``,
``PyDataset`` in ``fit``: Keras 3.15's numbers from tests/keras_utils_reference.py."""

from __future__ import annotations

import hashlib
import os
import random
import sys
import tarfile
import warnings
import zipfile

import numpy as np
import pytest
from keras_utils_cases import IMAGE, image, relative, write_audio_folder, write_image_folder
from keras_utils_reference import REFERENCE

import tapejax as tf
from tapejax.keras._src.utils import model_visualization
from tapejax.keras._src.utils.audio_dataset_utils import read_wav
from tapejax.keras._src.utils.directory_index import index_directory, split
from tapejax.keras._src.utils.file_utils import extract_archive

utils = tf.keras.utils


def _labels(dataset) -> list:
    return sorted(np.round(np.asarray(y, np.float64), 4).tolist() for _, y in dataset.unbatch())


@pytest.fixture
def images(tmp_path):
    return write_image_folder(str(tmp_path / "images"))


# image_dataset_from_directory ------------------------------------------------------------


@pytest.mark.parametrize(
    "name, kwargs",
    [
        ("both", dict(seed=1, validation_split=0.3, subset="both")),
        ("explicit", dict(labels=[0, 1, 2, 0, 1, 2, 0, 1, 2, 2], seed=5, label_mode="categorical")),
        ("binary_gray", dict(seed=2, label_mode="binary", color_mode="grayscale", shuffle=False)),
    ],
)
def test_image_dataset_files_and_labels_are_keras(images, name, kwargs):
    ds = utils.image_dataset_from_directory(images, image_size=(3, 4), batch_size=4, verbose=False, **kwargs)
    parts = ds if isinstance(ds, list) else [ds]
    for dataset, expected in zip(parts, REFERENCE[name], strict=True):
        assert relative(dataset.file_paths, images) == expected["files"]
        assert dataset.class_names == expected["class_names"]
        assert _labels(dataset) == expected["labels"]


def test_image_dataset_pixels_are_tf_resize(images):
    ds = utils.image_dataset_from_directory(
        images, image_size=(3, 4), shuffle=False, batch_size=None, verbose=False
    )
    x, y = next(iter(ds))
    assert x.dtype == tf.float32 and y.dtype == tf.int32
    np.testing.assert_allclose(x.numpy(), REFERENCE["pixels_first"], rtol=1e-5, atol=1e-4)
    gray = utils.image_dataset_from_directory(
        images,
        image_size=(6, 8),
        shuffle=False,
        batch_size=None,
        color_mode="grayscale",
        labels=None,
        verbose=False,
    )
    np.testing.assert_array_equal(next(iter(gray)).numpy()[..., 0], REFERENCE["pixels_gray"])  # libpng's grey
    for option in ("crop", "pad"):
        ds = utils.image_dataset_from_directory(
            images,
            image_size=(4, 4),
            shuffle=False,
            labels=None,
            verbose=False,
            **{f"{option}_to_aspect_ratio": True},
        )
        batch = next(iter(ds))
        assert batch.shape == (10, 4, 4, 3)
        np.testing.assert_allclose(batch.numpy()[0], REFERENCE[f"pixels_{option}"], rtol=1e-5, atol=1e-4)


def test_image_dataset_shapes_formats_and_shuffle(images):
    ds = utils.image_dataset_from_directory(images, image_size=5, batch_size=3, seed=0, color_mode="rgba",
                                            data_format="channels_first", verbose=False)  # fmt: skip
    shapes = [tuple(x.shape) for x, _ in ds]
    assert shapes == [(3, 4, 5, 5)] * 3 + [(1, 4, 5, 5)]
    # Shuffled anew each pass (tapejax's Dataset.shuffle: the order, not TF's bits).
    orders = [np.concatenate([x.numpy()[:, 0, 0, 0] for x, _ in ds]) for _ in range(3)]
    assert sorted(orders[0].tolist()) == sorted(orders[1].tolist())
    assert any(not np.array_equal(orders[0], o) for o in orders[1:])


def test_image_dataset_fits_a_model(images):
    ds = utils.image_dataset_from_directory(images, image_size=(4, 4), batch_size=4, seed=1, verbose=False)
    model = tf.keras.Sequential([tf.keras.layers.Flatten(), tf.keras.layers.Dense(2)])
    model.compile("sgd", tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    history = model.fit(ds, epochs=1, verbose=0)
    assert np.isfinite(history.history["loss"][0])


@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        (dict(labels="x"), ValueError, "`labels` argument should be a list/tuple of integer labels"),
        (dict(labels=[0] * 10, class_names=["a"]), ValueError, "You can only pass `class_names` if"),
        (dict(label_mode="sparse"), ValueError, "`label_mode` argument must be one of"),
        (dict(color_mode="bgr"), ValueError, "`color_mode` must be one of"),
        (dict(image_size=(1, 2, 3)), ValueError, "Invalid `image_size` value"),
        (dict(interpolation="cubic"), ValueError, "Argument `interpolation` should be one of"),
        (dict(interpolation="bicubic"), NotImplementedError, "'bilinear' and 'nearest' only"),
        (dict(format="torch"), ValueError, '`format` should be either "tf" or "grain"'),
        (
            dict(crop_to_aspect_ratio=True, pad_to_aspect_ratio=True),
            ValueError,
            "Only one of `pad_to_aspect_ratio`",
        ),
        (
            dict(validation_split=1.5, subset="training", seed=1),
            ValueError,
            "`validation_split` must be between 0 and 1",
        ),
        (dict(validation_split=0.2), ValueError, "If `subset` is set, `validation_split` must be set"),
        (
            dict(validation_split=0.2, subset="test", seed=1),
            ValueError,
            '`subset` must be either "training", "validation" or "both"',
        ),
        (dict(validation_split=0.2, subset="training"), ValueError, "you must provide a `seed` argument"),
        (dict(class_names=["cow"]), ValueError, "The `class_names` passed did not match"),
        (dict(labels=[0, 1]), ValueError, "Expected the lengths of `labels` to match"),
        (
            dict(labels=[0, 1, 2] * 3 + [0], label_mode="binary"),
            ValueError,
            "there must be exactly 2 class_names",
        ),
    ],
)
def test_image_dataset_bad_arguments(images, kwargs, error, match):
    with pytest.raises(error, match=match):
        utils.image_dataset_from_directory(images, verbose=False, **kwargs)


def test_image_dataset_index_errors(tmp_path):
    (tmp_path / "a").mkdir()
    with pytest.raises(ValueError, match="No images found in directory"):
        utils.image_dataset_from_directory(str(tmp_path), verbose=False)
    with pytest.raises(ValueError, match="When `labels=None` \\(no labels\\), argument `class_names` cannot"):
        utils.image_dataset_from_directory(str(tmp_path), labels=None, class_names=["a"], verbose=False)
    write_image_folder(str(tmp_path / "b"), classes=("x",), per_class=2)
    with pytest.raises(ValueError, match="No training images found in directory"):  # 0.2 of 2 files: none
        utils.image_dataset_from_directory(
            str(tmp_path / "b"), validation_split=0.2, subset="both", seed=1, verbose=False
        )
    with pytest.raises(
        ValueError, match="When argument `labels` is specified, argument `class_names` cannot"
    ):
        index_directory(str(tmp_path), [0], (".png",), class_names=["a"])


def test_text_dataset_is_not_available(tmp_path):
    with pytest.raises(NotImplementedError, match="holds string tensors, which tapejax does not have"):
        tf.keras.preprocessing.text_dataset_from_directory(str(tmp_path))


# audio_dataset_from_directory ------------------------------------------------------------


def test_audio_dataset_is_keras(tmp_path):
    root = write_audio_folder(str(tmp_path / "audio"))
    ds = utils.audio_dataset_from_directory(root, batch_size=2, shuffle=False, verbose=False)
    assert ds.class_names == ["no", "yes"]
    batches = [(x.numpy(), y.numpy().tolist()) for x, y in ds]
    for (x, y), (ex, ey) in zip(batches, REFERENCE["audio"]["padded"], strict=True):
        np.testing.assert_allclose(x, ex, atol=1e-6)
        assert y == ey
    ds = utils.audio_dataset_from_directory(root, output_sequence_length=4, seed=3, validation_split=0.5, verbose=False,
                                            subset="validation", label_mode="categorical", batch_size=None)  # fmt: skip
    got = sorted((np.round(x.numpy().astype(np.float64), 6).tolist(), y.numpy().tolist()) for x, y in ds)
    assert got == REFERENCE["audio"]["fixed"]


@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        (
            dict(labels="x"),
            ValueError,
            "The `labels` argument should be a list/tuple of integer labels, of the same size as the number of "
            "audio files",
        ),
        (
            dict(ragged=True, output_sequence_length=3),
            ValueError,
            "Cannot set both `ragged` and `output_sequence_length`",
        ),
        (dict(sampling_rate=1.5), ValueError, "`sampling_rate` should have an integer value"),
        (dict(sampling_rate=0), ValueError, "`sampling_rate` should be higher than 0"),
        (dict(sampling_rate=16000), ImportError, "you should install tensorflow_io"),
        (dict(ragged=True), NotImplementedError, "tapejax has no ragged tensors"),
    ],
)
def test_audio_dataset_bad_arguments(tmp_path, kwargs, error, match):
    root = write_audio_folder(str(tmp_path / "audio"))
    with pytest.raises(error, match=match):
        utils.audio_dataset_from_directory(root, verbose=False, **kwargs)


def test_audio_dataset_errors(tmp_path):
    (tmp_path / "empty" / "a").mkdir(parents=True)
    with pytest.raises(ValueError, match="No audio files found in directory"):
        utils.audio_dataset_from_directory(str(tmp_path / "empty"), verbose=False)
    root = write_audio_folder(str(tmp_path / "audio"))
    with open(os.path.join(root, "no", "0.wav"), "r+b") as f:
        f.seek(34)
        f.write(b"\x18")  # 24-bit samples
    with pytest.raises(ValueError, match="24-bit samples; only 8, 16 and 32-bit PCM WAV files are read"):
        read_wav(os.path.join(root, "no", "0.wav"))


# Image files -----------------------------------------------------------------------------


def test_save_load_round_trip(tmp_path):
    pixels = image(3, (4, 6, 3))
    path = str(tmp_path / "a.png")
    utils.save_img(path, pixels, scale=False)
    loaded = utils.load_img(path)
    assert loaded.size == (6, 4) and loaded.mode == "RGB"
    np.testing.assert_array_equal(utils.img_to_array(loaded), pixels.astype("float32"))
    assert utils.img_to_array(loaded, data_format="channels_first").shape == (3, 4, 6)
    gray = utils.img_to_array(utils.load_img(path, color_mode="grayscale"))
    assert gray.shape == (4, 6, 1)
    assert utils.load_img(path, color_mode="rgba").mode == "RGBA"
    assert utils.load_img(path, target_size=(2, 3), interpolation="bilinear").size == (3, 2)
    cropped = utils.load_img(path, target_size=(4, 4), keep_aspect_ratio=True)
    np.testing.assert_array_equal(np.asarray(cropped), pixels[:, 1:5])  # the centred 4x4, same size
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        utils.save_img(str(tmp_path / "b.jpg"), np.zeros((2, 2, 4)))
    assert "The JPEG format does not support RGBA images" in str(caught[0].message)


def test_array_to_img_scales_and_modes():
    img = utils.array_to_img(np.array([[[0.0], [0.5]], [[1.0], [0.25]]]))
    assert img.mode == "L"
    np.testing.assert_array_equal(np.asarray(img), [[0, 127], [255, 63]])
    assert utils.array_to_img(np.full((1, 1, 1), 1000.0), scale=False).mode == "I"
    assert utils.array_to_img(np.zeros((3, 2, 2)), data_format="channels_first").size == (2, 2)
    with pytest.raises(ValueError, match="Expected image array to have rank 3"):
        utils.array_to_img(np.zeros((2, 2)))
    with pytest.raises(ValueError, match="Unsupported channel number: 2"):
        utils.array_to_img(np.zeros((2, 2, 2)))
    with pytest.raises(ValueError, match="Unsupported image shape"):
        utils.img_to_array(np.zeros(3))
    with pytest.raises(TypeError, match="path should be path-like or io.BytesIO"):
        utils.load_img(3)


def test_load_img_bad_arguments(tmp_path):
    utils.save_img(str(tmp_path / "a.png"), np.zeros((2, 2, 3)))
    with pytest.raises(ValueError, match='color_mode must be "grayscale", "rgb", or "rgba"'):
        utils.load_img(str(tmp_path / "a.png"), color_mode="cmyk")
    with pytest.raises(ValueError, match="Invalid interpolation method cubic specified"):
        utils.load_img(str(tmp_path / "a.png"), target_size=(3, 3), interpolation="cubic")


def test_smart_resize_is_keras():
    P = tf.keras.preprocessing.image
    np.testing.assert_allclose(P.smart_resize(IMAGE, (4, 3))[:, :, 0], REFERENCE["smart_resize"], atol=1e-3)
    got = P.smart_resize(IMAGE, (2, 5), interpolation="nearest")[:, :, 1]
    np.testing.assert_allclose(got, REFERENCE["smart_resize_nearest"], atol=1e-3)
    batch = P.smart_resize(tf.constant(np.stack([IMAGE, IMAGE])), (4, 3))
    assert isinstance(batch, tf.Tensor) and batch.shape == (2, 4, 3, 3)
    first = P.smart_resize(np.moveaxis(IMAGE, 2, 0), (4, 3), data_format="channels_first")
    np.testing.assert_allclose(first[0], REFERENCE["smart_resize"], atol=1e-3)
    with pytest.raises(ValueError, match="Expected `size` to be a tuple of 2 integers"):
        P.smart_resize(IMAGE, (4,))
    with pytest.raises(ValueError, match="Expected an image array with shape"):
        P.smart_resize(IMAGE[0], (4, 3))
    with pytest.raises(TypeError, match="smart_resize\\(\\) got unexpected keyword arguments"):
        P.smart_resize(IMAGE, (4, 3), antialias=True)


# get_file ----------------------------------------------------------------------------------


def test_get_file_copies_checks_and_caches(tmp_path, capsys):
    source = tmp_path / "data.txt"
    source.write_text("hello")
    (tmp_path / "cache").mkdir()  # Keras' rule: a cache_dir it cannot write to means /tmp/.keras
    sha = hashlib.sha256(b"hello").hexdigest()
    md5 = hashlib.md5(b"hello").hexdigest()
    path = utils.get_file(origin="file://" + str(source), file_hash=sha, cache_dir=str(tmp_path / "cache"))
    assert path == str(tmp_path / "cache" / "datasets" / "data.txt")
    assert open(path).read() == "hello"
    assert "Downloading data from file://" in capsys.readouterr().out
    source.write_text("changed")  # cached: not fetched again
    assert utils.get_file("data.txt", str(source), md5_hash=md5, cache_dir=str(tmp_path / "cache")) == path
    assert capsys.readouterr().out == "" and open(path).read() == "hello"
    with pytest.raises(
        ValueError, match="Incomplete or corrupted file detected. The auto file hash does not match"
    ):
        utils.get_file(
            "data.txt", str(source), file_hash=sha, cache_dir=str(tmp_path / "cache"), force_download=True
        )
    assert not os.path.exists(path) or open(path).read() == "changed"


def test_get_file_extracts_archives(tmp_path):
    (tmp_path / "inner.txt").write_text("x")
    with tarfile.open(tmp_path / "a.tar.gz", "w:gz") as t:
        t.add(tmp_path / "inner.txt", arcname="folder/inner.txt")
    with zipfile.ZipFile(tmp_path / "b.zip", "w") as z:
        z.write(tmp_path / "inner.txt", "inner.txt")
        z.writestr("../evil.txt", "no")
    cache = str(tmp_path / "cache")
    os.mkdir(cache)
    out = utils.get_file("a.tar.gz", str(tmp_path / "a.tar.gz"), extract=True, cache_dir=cache)
    assert out == os.path.join(cache, "datasets", "a_extracted")
    assert open(os.path.join(out, "folder", "inner.txt")).read() == "x"
    with pytest.warns(UserWarning, match="Skipping invalid path during archive extraction: '../evil.txt'"):
        out = utils.get_file(origin=str(tmp_path / "b.zip"), extract=True, cache_dir=cache)
    assert out == os.path.join(cache, "datasets", "b.zip")
    assert os.listdir(out) == ["inner.txt"]
    with pytest.warns(UserWarning, match="Could not extract archive."):
        utils.get_file(origin=str(tmp_path / "inner.txt"), untar=True, cache_dir=cache)


def test_get_file_bad_arguments(tmp_path):
    with pytest.raises(ValueError, match='Please specify the "origin" argument'):
        utils.get_file("a")
    with pytest.raises(ValueError, match="Can't parse the file name from the origin provided: 'file:///'"):
        utils.get_file(origin="file:///", cache_dir=str(tmp_path))
    with pytest.raises(ValueError, match="Paths are no longer accepted as the `fname` argument"):
        utils.get_file("a/b", origin="file:///x", cache_dir=str(tmp_path))
    with pytest.raises(Exception, match="URL fetch failure on file:///nowhere"):
        utils.get_file(origin="file:///nowhere", cache_dir=str(tmp_path))
    assert not os.path.exists(tmp_path / "datasets" / "nowhere")
    with pytest.raises(NotImplementedError, match="rar"):
        extract_archive(str(tmp_path), str(tmp_path), "rar")


# Config ------------------------------------------------------------------------------------


def test_config_as_keras():
    config = utils.Config(learning_rate=0.1, momentum=0.9)
    config.seed = 3
    config["b"] = 1
    assert list(config) == ["b", "learning_rate", "momentum", "seed"] and len(config) == 4
    assert config.as_dict() == {"learning_rate": 0.1, "momentum": 0.9, "seed": 3, "b": 1}
    assert config.to_json() == '{"learning_rate": 0.1, "momentum": 0.9, "seed": 3, "b": 1}'
    assert repr(config) == "<Config {'learning_rate': 0.1, 'momentum': 0.9, 'seed': 3, 'b': 1}>"
    assert "seed" in config and config.get("x", 5) == 5 and config.pop("b") == 1
    with pytest.raises(
        AttributeError, match="Unknown attribute: 'learning_rat'. Did you mean 'learning_rate'\\?"
    ):
        _ = config.learning_rat
    config.freeze()
    assert config.frozen
    for change in (
        lambda: setattr(config, "x", 1),
        lambda: config.update(x=1),
        lambda: config.__delitem__("seed"),
    ):
        with pytest.raises(ValueError, match="Cannot mutate attribute\\(s\\) because the config is frozen."):
            change()
    config.unfreeze()
    del config["seed"]
    assert dict(config.items()) == {"learning_rate": 0.1, "momentum": 0.9}


# PyDataset in fit -------------------------------------------------------------------------


class _Batches(utils.PyDataset):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.log = []

    def __len__(self):
        return 3

    def __getitem__(self, i):
        self.log.append(i)
        x = np.full((2, 1), float(i), np.float32)
        return x, 2 * x

    def on_epoch_begin(self):
        self.log.append("begin")

    def on_epoch_end(self):
        self.log.append("end")


def _model():
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, kernel_initializer="ones")])
    model.compile("sgd", "mse")
    return model


def test_py_dataset_in_fit_evaluate_predict():
    data = _Batches(workers=4, use_multiprocessing=True)
    assert (data.workers, data.use_multiprocessing, data.max_queue_size) == (4, True, 10)
    model = _model()
    model.fit(data, epochs=2, verbose=0, shuffle=False)
    assert data.log == ["begin", 0, 1, 2, "end"] * 2
    data.log.clear()
    model.fit(data, epochs=1, verbose=0)  # shuffle=True: the batches in a random order
    assert data.log[0] == "begin" and sorted(data.log[1:4]) == [0, 1, 2] and data.log[4] == "end"
    data.log.clear()
    model.evaluate(data, verbose=0)
    assert data.log == ["begin", 0, 1, 2, "end"]
    assert model.predict(data, verbose=0).shape == (6, 1)
    assert [y.tolist() for _, y in data] == [[[0.0], [0.0]], [[2.0], [2.0]], [[4.0], [4.0]]]
    assert utils.Sequence is utils.PyDataset


def test_py_dataset_shuffled_order_is_keras():
    class Six(utils.PyDataset):
        def __init__(self):
            super().__init__()
            self.log = []

        def __len__(self):
            return 6

        def __getitem__(self, i):
            self.log.append(i)
            return np.full((2, 1), float(i), np.float32), np.zeros((2, 1), np.float32)

    data = Six()
    random.seed(0)  # fit shuffles the batch indices with Python's random.shuffle, as Keras
    _model().fit(data, epochs=2, verbose=0)
    # Keras 3.15 (TF backend) reads batches 0 and 1 first for the dataset's signature, then:
    assert data.log == [4, 2, 1, 0, 5, 3, 4, 0, 1, 5, 2, 3]


def test_py_dataset_infinite_and_warnings():
    class Endless(utils.PyDataset):
        def __init__(self):
            pass  # no super().__init__(): Keras warns and takes the defaults

        @property
        def num_batches(self):
            return None

        def __getitem__(self, i):
            return np.ones((2, 1), np.float32) * i, np.ones((2, 1), np.float32)

    data = Endless()
    with pytest.warns(UserWarning) as caught:
        history = _model().fit(data, epochs=2, steps_per_epoch=3, verbose=0)
    messages = [str(w.message) for w in caught]
    assert any("Your `PyDataset` class should call `super().__init__(**kwargs)`" in m for m in messages)
    assert any("was provided as an infinite PyDataset. The PyDataset is expected" in m for m in messages)
    assert data.workers == 1
    assert len(history.history["loss"]) == 2


def test_py_dataset_bad_input():
    class Bad(utils.PyDataset):
        def __len__(self):
            return 1

        def __getitem__(self, i):
            return "x"

    with pytest.raises(ValueError, match="PyDataset.__getitem__\\(\\) must return a tuple or a dict"):
        _model().fit(Bad(), verbose=0)
    with pytest.raises(ValueError, match="When providing `x` as a PyDataset, `y` should not be passed"):
        _model().fit(_Batches(), np.ones(3), verbose=0)
    with pytest.raises(ValueError, match="`sample_weights` should not be passed"):
        _model().fit(_Batches(), sample_weight=np.ones(3), verbose=0)

    class Weighted(_Batches):
        def __getitem__(self, i):
            return (*super().__getitem__(i), np.ones(2))

    with pytest.raises(
        ValueError, match="You cannot specify `class_weight` and `sample_weight` at the same time."
    ):
        _model().fit(Weighted(), class_weight={0: 1.0}, verbose=0)

    class NoLength(utils.PyDataset):
        pass

    with pytest.raises(NotImplementedError, match="You need to implement the `num_batches` property"):
        _ = NoLength().num_batches
    with pytest.raises(NotImplementedError):
        NoLength()[0]


# get_source_inputs, model_to_dot and plot_model ----------------------------------------------


def test_get_source_inputs():
    a, b = tf.keras.Input((2,), name="a"), tf.keras.Input((2,), name="b")
    out = tf.keras.layers.Dense(3)(tf.keras.layers.Add()([a, b, a]))
    assert utils.get_source_inputs(out) == [a, b]
    assert utils.get_source_inputs(a) == [a]
    assert utils.get_source_inputs(3) == 3


class _FakePydot:
    """Just what model_to_dot uses of pydot (not installed here): nodes and edges by name."""

    class PydotException(Exception):
        pass

    class Dot:
        graphviz = False

        def __init__(self, **kwargs):
            self.attrs, self.nodes, self.edges = dict(kwargs), {}, []

        def set(self, key, value):
            self.attrs[key] = value

        def set_node_defaults(self, **kwargs):
            pass

        def add_node(self, node):
            self.nodes[node.name] = node.label

        def get_edge(self, src, dst):
            return [e for e in self.edges if e == (src, dst)]

        def add_edge(self, edge):
            self.edges.append(edge.pair)

        def create(self):
            if not _FakePydot.Dot.graphviz:
                raise OSError("no dot")

        def write(self, path, format):
            with open(path, "w") as f:
                f.write(f"{format}: {sorted(self.nodes.values())}")

    Cluster = Dot

    class Node:
        def __init__(self, name, label):
            self.name, self.label = name, label

    class Edge:
        def __init__(self, src, dst):
            self.pair = (src, dst)


def test_model_to_dot_and_plot_model(monkeypatch, tmp_path):
    x = tf.keras.Input((3,), name="x")
    hidden = tf.keras.layers.Dense(4, name="hidden", activation="relu")(x)
    model = tf.keras.Model(x, tf.keras.layers.Dense(1, name="out")(hidden))
    with pytest.raises(
        ImportError, match="You must install pydot \\(`pip install pydot`\\) for model_to_dot to work."
    ):
        utils.model_to_dot(model)
    with pytest.raises(
        ImportError, match="You must install pydot \\(`pip install pydot`\\) for `plot_model` to work."
    ):
        utils.plot_model(model)
    with pytest.raises(ValueError, match="This model has not yet been built. Build the model first"):
        utils.plot_model(tf.keras.Sequential([tf.keras.layers.Dense(1)]))
    monkeypatch.setattr(model_visualization, "pydot", _FakePydot)
    dot = utils.model_to_dot(model, show_shapes=True, show_layer_activations=True, show_trainable=True)
    names = {v.split(" ")[0] for v in dot.nodes.values()}
    assert names == {"x", "hidden", "out"} and len(dot.edges) == 2
    assert "Output shape: (None, 4)\nActivation: relu\nTrainable: T" in dot.nodes[str(id(model.layers[1]))]
    chain = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(2), tf.keras.layers.Dense(1)])
    assert len(utils.model_to_dot(chain, show_layer_names=False).edges) == 1
    with pytest.raises(ValueError, match="Argument `layer_range` is no longer supported."):
        utils.model_to_dot(model, layer_range=["x", "out"])
    with pytest.raises(ImportError, match="You must install graphviz \\(see instructions at"):
        utils.plot_model(model)
    monkeypatch.setattr(_FakePydot.Dot, "graphviz", True)
    utils.plot_model(model, to_file=str(tmp_path / "model.svg"), show_dtype=True)
    assert (tmp_path / "model.svg").read_text().startswith("svg: ")


def test_pillow_missing(monkeypatch):
    monkeypatch.setitem(sys.modules, "PIL", None)
    with pytest.raises(ImportError, match="Could not import PIL.Image. The use of `load_img` requires PIL."):
        utils.load_img("x.png")


def test_split_rejects_an_unknown_subset():
    with pytest.raises(
        ValueError, match='`subset` must be either "training" or "validation", received: test'
    ):
        split([1, 2], None, 0.5, "test")
