"""``keras.utils.FeatureSpace``: a dict of structured features (numbers and integer categories)
preprocessed, encoded and concatenated into one vector, as Keras 3 does.

Numeric features (``float``, ``float_rescaled``, ``float_normalized``, ``float_discretized``) and
``integer_categorical`` ones are built; string features, hashing and crosses need string
tensors or Keras' FarmHash, which tapejax does not have, and raise ``NotImplementedError``.
"""

from __future__ import annotations

from ...backend.core import convert_to_tensor
from ...backend.io import Dataset
from ...backend.ops import expand_dims, reshape, squeeze
from ...utils.naming import auto_name
from ..core.identity import Identity
from ..core.input_layer import Input
from ..layer import Layer
from ..merging.concatenate import Concatenate
from .category_encoding import CategoryEncoding
from .discretization import Discretization
from .integer_lookup import IntegerLookup
from .normalization import Normalization
from .rescaling import Rescaling

_NO_STRINGS = (
    "FeatureSpace.{}: tapejax has no string tensors (nor Keras' FarmHash hashing), so string "
    "features, hashed features and feature crosses are not available. Encode strings as integers "
    "and use 'integer_categorical'."
)


class Feature:
    """One feature: its input dtype, its preprocessing layer and how it is encoded."""

    def __init__(self, dtype, preprocessor, output_mode):
        if output_mode not in {"int", "one_hot", "float"}:
            raise ValueError(
                "Invalid value for argument `output_mode`. Expected one of {'int', 'one_hot', 'float'}. "
                f"Received: output_mode={output_mode}"
            )
        self.dtype, self.preprocessor, self.output_mode = dtype, preprocessor, output_mode


class FeatureSpace(Layer):
    """Preprocesses a dict of features into one float vector (``output_mode='concat'``) or a
    dict of encoded features (``'dict'``); ``adapt`` learns normalizations, bins and
    vocabularies from data first.

    >>> import numpy as np, tapejax as tf
    >>> space = tf.keras.utils.FeatureSpace({"x": "float", "k": "integer_categorical"})
    >>> space.adapt({"x": np.array([1.0, 2.0]), "k": np.array([3, 3])})
    >>> space({"x": np.array([5.0]), "k": np.array([3])}).numpy()
    array([[0., 1., 5.]], dtype=float32)
    """

    @classmethod
    def feature(cls, dtype, preprocessor, output_mode):
        return Feature(dtype, preprocessor, output_mode)

    @classmethod
    def float(cls, name=None):
        name = name or auto_name("float")
        return Feature("float32", Identity(dtype="float32", name=f"{name}_preprocessor"), "float")

    @classmethod
    def float_rescaled(cls, scale=1.0, offset=0.0, name=None):
        name = name or auto_name("float_rescaled")
        return Feature("float32", Rescaling(scale=scale, offset=offset, name=f"{name}_preprocessor"), "float")

    @classmethod
    def float_normalized(cls, name=None):
        name = name or auto_name("float_normalized")
        return Feature("float32", Normalization(axis=-1, name=f"{name}_preprocessor"), "float")

    @classmethod
    def float_discretized(cls, num_bins, bin_boundaries=None, output_mode="one_hot", name=None):
        name = name or auto_name("float_discretized")
        layer = Discretization(num_bins=num_bins, bin_boundaries=bin_boundaries, name=f"{name}_preprocessor")
        return Feature("float32", layer, output_mode)

    @classmethod
    def integer_categorical(cls, max_tokens=None, num_oov_indices=1, output_mode="one_hot", name=None):
        name = name or auto_name("integer_categorical")
        layer = IntegerLookup(
            name=f"{name}_preprocessor", max_tokens=max_tokens, num_oov_indices=num_oov_indices
        )
        return Feature("int32", layer, output_mode)

    @classmethod
    def string_categorical(cls, *args, **kwargs):
        raise NotImplementedError(_NO_STRINGS.format("string_categorical"))

    @classmethod
    def string_hashed(cls, *args, **kwargs):
        raise NotImplementedError(_NO_STRINGS.format("string_hashed"))

    @classmethod
    def integer_hashed(cls, *args, **kwargs):
        raise NotImplementedError(_NO_STRINGS.format("integer_hashed"))

    @classmethod
    def cross(cls, *args, **kwargs):
        raise NotImplementedError(_NO_STRINGS.format("cross"))

    def __init__(self, features, output_mode="concat", crosses=None, crossing_dim=32, hashing_dim=32,
                 num_discretization_bins=32, name=None):  # fmt: skip
        super().__init__(name=name)
        if not features:
            raise ValueError("The `features` argument cannot be None or empty.")
        if crosses:
            raise NotImplementedError(_NO_STRINGS.format("crosses"))
        self.crossing_dim, self.hashing_dim = crossing_dim, hashing_dim
        self.num_discretization_bins = num_discretization_bins
        self.features = {key: self._standardize_feature(key, value) for key, value in features.items()}
        if output_mode not in {"dict", "concat"}:
            raise ValueError(
                "Invalid value for argument `output_mode`. Expected one of {'dict', 'concat'}. "
                f"Received: output_mode={output_mode}"
            )
        self.output_mode, self.crosses = output_mode, []
        self.inputs = {key: Input(shape=(1,), dtype=f.dtype, name=key) for key, f in self.features.items()}
        self.preprocessors = {key: f.preprocessor for key, f in self.features.items()}
        self.encoded_features, self.one_hot_encoders, self.concat = None, {}, None
        self._is_adapted = self._sublayers_built = False

    def _standardize_feature(self, name, feature):
        if isinstance(feature, Feature):
            return feature
        makers = {
            "float": lambda: self.float(name=name),
            "float_normalized": lambda: self.float_normalized(name=name),
            "float_rescaled": lambda: self.float_rescaled(name=name),
            "float_discretized": lambda: self.float_discretized(self.num_discretization_bins, name=name),
            "integer_categorical": lambda: self.integer_categorical(name=name),
            "string_categorical": self.string_categorical,
            "integer_hashed": self.integer_hashed,
            "string_hashed": self.string_hashed,
        }
        if feature not in makers:
            raise ValueError(f"Invalid feature type: {feature}")
        return makers[feature]()

    def _adaptable(self) -> list:
        """The features whose preprocessor learns from data (a given mean is not learnt)."""
        names = []
        for name, layer in self.preprocessors.items():
            if isinstance(layer, Normalization) and layer.input_mean is not None:
                continue
            if hasattr(layer, "adapt"):
                names.append(name)
        return names

    def adapt(self, dataset):
        """Learns each adaptable preprocessor from a Dataset of dicts or a dict of arrays."""
        if isinstance(dataset, dict):
            dataset = Dataset.from_tensor_slices(dataset)
        elif not isinstance(dataset, Dataset):
            raise ValueError(
                "`adapt()` can only be called on a tf.data.Dataset or a dict of arrays/lists. Received "
                f"instead: {dataset} (of type {type(dataset)})"
            )
        for name in self._adaptable():
            column = dataset.map(lambda x, name=name: x[name])
            rank = len(next(iter(column)).shape)
            if rank == 0:
                column = column.batch(32)
            if rank in (0, 1):
                column = column.map(lambda x: expand_dims(x, -1))
            self.preprocessors[name].adapt(column)
        self._is_adapted = True
        self.get_encoded_features()
        self.built = self._sublayers_built = True

    def get_inputs(self) -> dict:
        self._check_if_built()
        return self.inputs

    def get_encoded_features(self):
        """The encoded features of :meth:`get_inputs` (KerasTensors: a functional model's middle)."""
        self._check_if_adapted()
        if self.encoded_features is None:
            self.encoded_features = self._merge_features(self._preprocess(self.inputs))
        return self.encoded_features

    def _preprocess(self, features) -> dict:
        return {name: self.preprocessors[name](features[name]) for name in features}

    def _merge_features(self, preprocessed):
        names = sorted(preprocessed)
        if not self._sublayers_built:
            self._make_encoders(names, preprocessed)
        encoded = {}
        for name in names:
            encoder = self.one_hot_encoders.get(name)
            encoded[name] = encoder(preprocessed[name]) if encoder else preprocessed[name]
        if self.output_mode == "dict":
            return encoded
        return self.concat([encoded[name] for name in names])

    def _make_encoders(self, names, preprocessed):
        """One-hot encoders for the ``'one_hot'`` features, and the checks Keras makes first."""
        for name in names:
            dtype = str(preprocessed[name].dtype)
            if self.features[name].output_mode == "one_hot":
                if not dtype.startswith("int"):
                    raise ValueError(
                        f"Feature '{name}' has `output_mode='one_hot'`. Thus its preprocessor should return "
                        f"an integer dtype. Instead it returns a {dtype} dtype."
                    )
                layer = self.preprocessors[name]
                cardinality = _cardinality(layer)
                if cardinality is None:
                    raise ValueError(
                        f"Feature '{name}' has `output_mode='one_hot'`. However it isn't a standard feature "
                        "and the dimensionality of its output space is not known, thus it cannot be one-hot "
                        "encoded. Try using `output_mode='int'`."
                    )
                self.one_hot_encoders[name] = CategoryEncoding(
                    num_tokens=cardinality, output_mode="multi_hot"
                )
                dtype = "float32"
            if self.output_mode == "concat" and dtype.startswith("int"):
                raise ValueError(
                    f"Cannot concatenate features because feature '{name}' has not been encoded (it has "
                    f"dtype {dtype}). Consider using `output_mode='dict'`."
                )
        if self.output_mode == "concat":
            self.concat = Concatenate(axis=-1)

    def _check_if_adapted(self):
        if not self._is_adapted:
            if self._adaptable():
                raise ValueError(
                    "You need to call `.adapt(dataset)` on the FeatureSpace before you can start using it."
                )
            self._is_adapted = True

    def _check_if_built(self):
        if not self._sublayers_built:
            self._check_if_adapted()
            self.get_encoded_features()
            self._sublayers_built = True

    def __call__(self, data):
        self._check_if_built()
        if not isinstance(data, dict):
            raise ValueError(
                f"A FeatureSpace can only be called with a dict. Received: data={data} (of type {type(data)}"
            )
        columns, rebatched = {}, False
        for name, value in data.items():
            x = _as_tensor(value, self.features[name].dtype if name in self.features else None)
            if len(x.shape) == 0:  # one sample: batched for the layers, unbatched at the end
                x, rebatched = reshape(x, (1, 1)), True
            elif len(x.shape) == 1:
                x = expand_dims(x, -1)
            columns[name] = x
        merged = self._merge_features(self._preprocess(columns))
        if not rebatched:
            return merged
        if self.output_mode == "concat":
            return squeeze(merged, 0)
        return {k: squeeze(v, 0) if len(v.shape) == 2 and v.shape[0] == 1 else v for k, v in merged.items()}


def _cardinality(layer):
    if isinstance(layer, IntegerLookup):
        return layer.vocabulary_size()
    if isinstance(layer, CategoryEncoding):
        return layer.num_tokens
    if isinstance(layer, Discretization):
        return layer.num_bins
    return None


def _as_tensor(x, dtype):
    return convert_to_tensor(x) if dtype is None else convert_to_tensor(x, dtype=dtype)
