"""tapejax: TensorFlow's GradientTape API on JAX.

``import tapejax as tf`` runs TensorFlow autodiff code unchanged. This file is the index of
the public API: every public name is imported here from its one definition.

Importing tapejax changes no global JAX configuration: tapejax's own work runs in JAX's
thread-local 64-bit mode (so float64 and int64 tensors exist, as in TensorFlow), and plain
``jax.numpy`` code in the same process keeps the process's settings (see ``_core/values/x64.py``).
"""

from __future__ import annotations

from ._core.values.version import __version__ as __version__  # noqa: E402

from ._ops import operators as _operators  # noqa: E402
from ._ops.sparse import variable_methods as _variable_methods  # noqa: E402

_operators.install()  # Tensor's operators (a + b) are the op functions (see _ops/operators.py)
_variable_methods.install()  # Variable.scatter_add, sparse_read, ... (see _ops/sparse/variable_methods.py)

from . import autodiff as autodiff  # noqa: E402
from . import autograph as autograph  # noqa: E402
from . import config as config  # noqa: E402
from . import debugging as debugging  # noqa: E402
from . import distribute as distribute  # noqa: E402
from . import dtypes as dtypes  # noqa: E402
from . import errors as errors  # noqa: E402
from . import experimental as experimental  # noqa: E402
from . import image as image  # noqa: E402
from . import linalg as linalg  # noqa: E402
from . import math as math  # noqa: E402
from . import nest as nest  # noqa: E402
from . import nn as nn  # noqa: E402
from . import random as random  # noqa: E402
from . import test as test  # noqa: E402
from . import saved_model as saved_model  # noqa: E402
from . import train as train  # noqa: E402
from . import summary as summary  # noqa: E402
from ._ops.array_ops import (  # noqa: E402
    broadcast_to as broadcast_to,
    cast as cast,
    expand_dims as expand_dims,
    identity as identity,
    newaxis as newaxis,
    pad as pad,
    reshape as reshape,
    reverse as reverse,
    squeeze as squeeze,
    stop_gradient as stop_gradient,
    tile as tile,
    transpose as transpose,
)
from ._ops.join_ops import (  # noqa: E402
    concat as concat,
    split as split,
    stack as stack,
    unstack as unstack,
)
from ._api.gradient_tape import GradientTape as GradientTape  # noqa: E402
from ._api.gradient_args import UnconnectedGradients as UnconnectedGradients  # noqa: E402
from ._api.graph.gradients import (  # noqa: E402
    AggregationMethod as AggregationMethod,
    gradients as gradients,
    hessians as hessians,
)
from ._ops.creation_ops import (  # noqa: E402
    eye as eye,
    fill as fill,
    linspace as linspace,
    one_hot as one_hot,
    ones as ones,
    ones_like as ones_like,
    range as range,
    zeros as zeros,
    zeros_like as zeros_like,
)
from ._ops.complex_ops import complex as complex  # noqa: E402
from ._api.custom_gradient import custom_gradient as custom_gradient  # noqa: E402
from ._api.function import Function as Function  # noqa: E402
from ._api.tensor_spec import TensorSpec as TensorSpec  # noqa: E402
from ._api.function import function as function  # noqa: E402
from ._api.printing import print as print  # noqa: E402
from ._api.control_flow import cond as cond  # noqa: E402
from ._api.functional_ops import foldl as foldl  # noqa: E402
from ._api.functional_ops import foldr as foldr  # noqa: E402
from ._api.functional_ops import map_fn as map_fn  # noqa: E402
from ._api.functional_ops import scan as scan  # noqa: E402
from ._api.functional_ops import vectorized_map as vectorized_map  # noqa: E402
from ._api.control_flow import switch_case as switch_case  # noqa: E402
from ._api.control_flow import while_loop as while_loop  # noqa: E402
from ._api.tensor_array import TensorArray as TensorArray  # noqa: E402
from ._api.py_function import numpy_function as numpy_function  # noqa: E402
from ._api.py_function import py_function as py_function  # noqa: E402
from ._api.device import device as device  # noqa: E402
from ._api.control_dependencies import control_dependencies as control_dependencies  # noqa: E402
from ._ops.assert_ops import (  # noqa: E402  (TF's top-level aliases of tf.debugging's)
    Assert as Assert,
    assert_equal as assert_equal,
    assert_greater as assert_greater,
    assert_less as assert_less,
)
from ._ops.shape_asserts import assert_rank as assert_rank  # noqa: E402
from ._api.custom_gradient import recompute_grad as recompute_grad  # noqa: E402
from ._api.module import Module as Module  # noqa: E402
from ._core.values.name_scope import name_scope as name_scope  # noqa: E402
from ._core.caches import clear_caches as clear_caches  # noqa: E402
from ._ops.clip_ops import (  # noqa: E402
    clip_by_global_norm as clip_by_global_norm,
    clip_by_norm as clip_by_norm,
    clip_by_value as clip_by_value,
)
from ._ops.selection_ops import (  # noqa: E402
    boolean_mask as boolean_mask,
    gather as gather,
    gather_nd as gather_nd,
    where as where,
)
from ._core.values.shape import TensorShape as TensorShape  # noqa: E402
from ._core.values.tensor import Tensor as Tensor  # noqa: E402
from ._core.recording.convert import constant as constant  # noqa: E402
from ._core.recording.convert import convert_to_tensor as convert_to_tensor  # noqa: E402
from ._core.recording.convert import is_tensor as is_tensor  # noqa: E402
from ._core.recording.variable import Variable as Variable  # noqa: E402
from ._core.values.variable_enums import VariableAggregation as VariableAggregation  # noqa: E402
from ._core.values.variable_enums import VariableSynchronization as VariableSynchronization  # noqa: E402
from ._ops.sparse.indexed_slices import IndexedSlices as IndexedSlices  # noqa: E402
from ._core.recording.state import init_scope as init_scope  # noqa: E402
from ._core.values.dtype import (  # noqa: E402
    DType as DType,
    as_dtype as as_dtype,
    bfloat16 as bfloat16,
    bool as bool,
    complex64 as complex64,
    complex128 as complex128,
    double as double,
    float16 as float16,
    float32 as float32,
    float64 as float64,
    half as half,
    int8 as int8,
    int16 as int16,
    int32 as int32,
    int64 as int64,
    uint8 as uint8,
)
from ._ops.linalg_ops import einsum as einsum  # noqa: E402
from ._ops.linalg_ops import matmul as matmul  # noqa: E402
from ._ops.linalg_ops import norm as norm  # noqa: E402
from ._ops.linalg_ops import tensordot as tensordot  # noqa: E402
from ._ops.math_ops import (  # noqa: E402
    abs as abs,
    add as add,
    add_n as add_n,
    argmax as argmax,
    argmin as argmin,
    cos as cos,
    cumsum as cumsum,
    divide as divide,
    equal as equal,
    exp as exp,
    floor as floor,
    greater as greater,
    greater_equal as greater_equal,
    less as less,
    less_equal as less_equal,
    log as log,
    logical_and as logical_and,
    logical_not as logical_not,
    logical_or as logical_or,
    maximum as maximum,
    minimum as minimum,
    multiply as multiply,
    negative as negative,
    not_equal as not_equal,
    pow as pow,
    reduce_all as reduce_all,
    reduce_any as reduce_any,
    reduce_logsumexp as reduce_logsumexp,
    reduce_max as reduce_max,
    reduce_mean as reduce_mean,
    reduce_min as reduce_min,
    reduce_prod as reduce_prod,
    reduce_sum as reduce_sum,
    round as round,
    sigmoid as sigmoid,
    sign as sign,
    sin as sin,
    sqrt as sqrt,
    square as square,
    subtract as subtract,
    tan as tan,
    tanh as tanh,
    truediv as truediv,
)

# Array, sorting and scatter ops, and tf.math names TF also exposes at the top level.
from ._ops.array_ops import repeat as repeat  # noqa: E402
from ._ops.array_ops import roll as roll  # noqa: E402
from ._ops.array_ops import saturate_cast as saturate_cast  # noqa: E402
from ._ops.indexing import slice as slice  # noqa: E402
from ._ops.indexing import strided_slice as strided_slice  # noqa: E402
from ._ops.creation_ops import meshgrid as meshgrid  # noqa: E402
from ._ops.creation_ops import sequence_mask as sequence_mask  # noqa: E402
from ._ops.scatter_ops import (  # noqa: E402
    scatter_nd as scatter_nd,
    tensor_scatter_nd_add as tensor_scatter_nd_add,
    tensor_scatter_nd_max as tensor_scatter_nd_max,
    tensor_scatter_nd_min as tensor_scatter_nd_min,
    tensor_scatter_nd_sub as tensor_scatter_nd_sub,
    tensor_scatter_nd_update as tensor_scatter_nd_update,
)
from ._ops.shape_ops import (  # noqa: E402
    broadcast_dynamic_shape as broadcast_dynamic_shape,
    broadcast_static_shape as broadcast_static_shape,
    ensure_shape as ensure_shape,
    get_static_value as get_static_value,
    rank as rank,
    shape as shape,
    shape_n as shape_n,
    size as size,
)
from ._ops.sort_ops import argsort as argsort  # noqa: E402
from ._ops.sort_ops import searchsorted as searchsorted  # noqa: E402
from ._ops.sort_ops import sort as sort  # noqa: E402
from ._ops.sort_ops import unique as unique  # noqa: E402
from ._core.values.dtype import uint16 as uint16  # noqa: E402
from ._core.values.dtype import uint32 as uint32  # noqa: E402
from ._core.values.dtype import uint64 as uint64  # noqa: E402
from ._core.values.dtype import (  # noqa: E402
    qint8 as qint8,
    qint16 as qint16,
    qint32 as qint32,
    quint8 as quint8,
    quint16 as quint16,
    resource as resource,
    string as string,
    variant as variant,
)
from ._ops.math_ops import (  # noqa: E402
    acos as acos,
    acosh as acosh,
    asin as asin,
    asinh as asinh,
    atan as atan,
    atan2 as atan2,
    atanh as atanh,
    cosh as cosh,
    scalar_mul as scalar_mul,
    sinh as sinh,
    truncatediv as truncatediv,
    truncatemod as truncatemod,
)
from . import signal as signal  # noqa: E402
from ._ops.signal.raw_fft_ops import (  # noqa: E402
    fftnd as fftnd,
    ifftnd as ifftnd,
    irfftnd as irfftnd,
    rfftnd as rfftnd,
)

# Issue 21 (ns-math): TF's top-level ops beyond the basics.
from ._ops.arrays.index_ops import reverse_sequence as reverse_sequence  # noqa: E402
from ._ops.arrays.index_ops import unravel_index as unravel_index  # noqa: E402
from ._ops.numeric.counting_ops import histogram_fixed_width as histogram_fixed_width  # noqa: E402
from ._ops.numeric.counting_ops import histogram_fixed_width_bins as histogram_fixed_width_bins  # noqa: E402
from ._ops.sort_ops import approx_top_k as approx_top_k  # noqa: E402

# Issue 21 (ns-top): the rest of TF's top level.
from ._api.framework.execution import (  # noqa: E402
    executing_eagerly as executing_eagerly,
    group as group,
    inside_function as inside_function,
    no_op as no_op,
    timestamp as timestamp,
    tuple as tuple,
)
from ._api.framework.gradient_registry import RegisterGradient as RegisterGradient  # noqa: E402
from ._api.framework.gradient_registry import no_gradient as no_gradient  # noqa: E402
from ._api.framework.pass_through import grad_pass_through as grad_pass_through  # noqa: E402
from ._api.framework.initializers import constant_initializer as constant_initializer  # noqa: E402
from ._api.framework.initializers import ones_initializer as ones_initializer  # noqa: E402
from ._api.framework.initializers import random_normal_initializer as random_normal_initializer  # noqa: E402
from ._api.framework.initializers import random_uniform_initializer as random_uniform_initializer  # noqa: E402
from ._api.framework.initializers import zeros_initializer as zeros_initializer  # noqa: E402
from ._api.framework.tensor_proto import make_ndarray as make_ndarray  # noqa: E402
from ._api.framework.tensor_proto import make_tensor_proto as make_tensor_proto  # noqa: E402
from ._api.control_flow import case as case  # noqa: E402
from ._ops.array_ops import identity_n as identity_n  # noqa: E402
from ._ops.arrays.partition_ops import dynamic_partition as dynamic_partition  # noqa: E402
from ._ops.arrays.partition_ops import dynamic_stitch as dynamic_stitch  # noqa: E402
from ._ops.sort_ops import unique_with_counts as unique_with_counts  # noqa: E402
from ._ops.arrays.bitcast_ops import bitcast as bitcast  # noqa: E402
from ._ops.join_ops import parallel_stack as parallel_stack  # noqa: E402
from ._ops.math_ops import realdiv as realdiv  # noqa: E402
from ._ops.decompositions import eig as eig  # noqa: E402
from ._ops.decompositions import eigvals as eigvals  # noqa: E402
from ._ops.arrays.space_batch_ops import batch_to_space as batch_to_space  # noqa: E402
from ._ops.arrays.space_batch_ops import space_to_batch as space_to_batch  # noqa: E402
from ._ops.arrays.space_batch_ops import space_to_batch_nd as space_to_batch_nd  # noqa: E402

# ``tf.keras`` and ``tf.data`` load on first use, as TensorFlow's own ``keras`` does: a
# program that uses neither does not pay for importing them (~0.2 s on a 2-core CPU).
_LAZY_SUBMODULES = ("keras", "data")


def __getattr__(name: str):
    if name in _LAZY_SUBMODULES:
        import importlib  # noqa: PLC0415 - only on the first use of a lazy submodule

        return importlib.import_module(f"{__name__}.{name}")  # sets the attribute as well
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(_LAZY_SUBMODULES))
