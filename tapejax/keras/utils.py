"""``tf.keras.utils``: array helpers, datasets from arrays and folders, ``PyDataset``, image files,
seeding, the progress bar and the custom-object registry of ``.keras`` files."""

from __future__ import annotations

from ._src.backend.common.dtypes import standardize_dtype
from ._src.backend.config import (
    disable_interactive_logging,
    enable_interactive_logging,
    is_interactive_logging_enabled,
)
from ._src.backend.global_state import clear_session
from ._src.backend.keras_tensor import is_keras_tensor
from ._src.layers.preprocessing.feature_space import FeatureSpace
from ._src.saving.object_registration import (
    CustomObjectScope,
    custom_object_scope,
    get_custom_objects,
    get_registered_name,
    get_registered_object,
    register_keras_serializable,
)
from ._src.saving.serialization_lib import deserialize_keras_object, serialize_keras_object
from ._src.trainers.data_adapter_utils import pack_x_y_sample_weight, unpack_x_y_sample_weight
from ._src.utils.audio_dataset_utils import audio_dataset_from_directory
from ._src.utils.config import Config
from ._src.utils.dataset_utils import split_dataset, timeseries_dataset_from_array
from ._src.utils.file_utils import get_file
from ._src.utils.image_dataset_utils import image_dataset_from_directory
from ._src.utils.image_utils import array_to_img, img_to_array, load_img, save_img
from ._src.utils.model_visualization import model_to_dot, plot_model
from ._src.utils.numerical_utils import normalize, to_categorical
from ._src.utils.progbar import Progbar
from ._src.utils.py_dataset import PyDataset, Sequence
from ._src.utils.rng_utils import set_random_seed
from ._src.utils.sequence_utils import pad_sequences
from ._src.utils.source_inputs import get_source_inputs
from ._src.utils.text_dataset_utils import text_dataset_from_directory

__all__ = [
    "Config",
    "CustomObjectScope",
    "FeatureSpace",
    "Progbar",
    "PyDataset",
    "Sequence",
    "array_to_img",
    "audio_dataset_from_directory",
    "clear_session",
    "custom_object_scope",
    "deserialize_keras_object",
    "disable_interactive_logging",
    "enable_interactive_logging",
    "get_custom_objects",
    "get_file",
    "get_registered_name",
    "get_registered_object",
    "get_source_inputs",
    "image_dataset_from_directory",
    "img_to_array",
    "is_interactive_logging_enabled",
    "is_keras_tensor",
    "load_img",
    "model_to_dot",
    "normalize",
    "pack_x_y_sample_weight",
    "pad_sequences",
    "plot_model",
    "register_keras_serializable",
    "save_img",
    "serialize_keras_object",
    "set_random_seed",
    "split_dataset",
    "standardize_dtype",
    "text_dataset_from_directory",
    "timeseries_dataset_from_array",
    "to_categorical",
    "unpack_x_y_sample_weight",
]
