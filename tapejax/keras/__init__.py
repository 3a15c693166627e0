"""A small, faithful subset of ``tf.keras`` (Keras 3): enough for the guide and first models."""

from __future__ import annotations

from . import activations as activations
from . import applications as applications
from . import backend as backend
from . import callbacks as callbacks
from . import config as config
from . import constraints as constraints
from . import dtype_policies as dtype_policies
from . import initializers as initializers
from . import layers as layers
from . import losses as losses
from . import metrics as metrics
from . import mixed_precision as mixed_precision
from . import models as models
from . import ops as ops
from . import optimizers as optimizers
from . import preprocessing as preprocessing
from . import random as random
from . import regularizers as regularizers
from . import saving as saving
from . import tree as tree
from . import utils as utils
from ._src.dtype_policies.dtype_policy import DTypePolicy as DTypePolicy
from ._src.dtype_policies.dtype_policy import FloatDTypePolicy as FloatDTypePolicy
from ._src.layers.core.input_layer import Input as Input
from ._src.models.model import Model as Model
from ._src.models.sequential import Sequential as Sequential
