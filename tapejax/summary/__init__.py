"""``tf.summary``: summaries written to TensorBoard event files, without TensorFlow.

A namespace: re-exports only. The event files are TF's (its protos and TFRecord framing,
through tensorboardX); TensorBoard reads them as TF's own.
"""

from . import experimental
from ._state import record_if, should_record_summaries
from ._summaries import audio, histogram, image, scalar, text
from ._trace import graph, trace_export, trace_off, trace_on
from ._write import write
from ._writer import SummaryWriter, create_file_writer, create_noop_writer, flush

__all__ = [
    "SummaryWriter",
    "audio",
    "create_file_writer",
    "create_noop_writer",
    "experimental",
    "flush",
    "graph",
    "histogram",
    "image",
    "record_if",
    "scalar",
    "should_record_summaries",
    "text",
    "trace_export",
    "trace_off",
    "trace_on",
    "write",
]
