"""TensorFlow's event protos, built with tensorboardX's copies of them (``tensorboardX.proto``:
the same wire format as TF's, needing only protobuf) and written as TFRecords (length, masked
CRC-32C, payload, masked CRC-32C): the files TensorBoard reads.

tensorboardX is imported on first use, so ``import tapejax`` does not pay for it.
"""

from __future__ import annotations

import struct
import time

import numpy as np

from .._core.values.dtype import as_dtype, string


def _protos():
    from tensorboardX.proto import event_pb2, summary_pb2, tensor_pb2, tensor_shape_pb2  # noqa: PLC0415

    return event_pb2, summary_pb2, tensor_pb2, tensor_shape_pb2


def tensor_proto(value: np.ndarray):
    """A TensorProto as TF's summary writer stores one: numbers as little-endian
    ``tensor_content``, strings (a numpy object or bytes array) as ``string_val``."""
    _, _, tensor_pb2, shape_pb2 = _protos()
    shape = shape_pb2.TensorShapeProto(dim=[shape_pb2.TensorShapeProto.Dim(size=d) for d in value.shape])
    if value.dtype.kind in "OSU":
        strings = [s if isinstance(s, bytes) else str(s).encode() for s in value.reshape(-1).tolist()]
        return tensor_pb2.TensorProto(dtype=string.as_datatype_enum, tensor_shape=shape, string_val=strings)
    content = np.ascontiguousarray(value, value.dtype.newbyteorder("<")).tobytes()
    enum = as_dtype(value.dtype).as_datatype_enum
    return tensor_pb2.TensorProto(dtype=enum, tensor_shape=shape, tensor_content=content)


def metadata_proto(metadata):
    """A SummaryMetadata from TF's forms: None, a proto (anyone's: its bytes are parsed) or bytes."""
    summary_pb2 = _protos()[1]
    proto = summary_pb2.SummaryMetadata()
    if metadata is not None:
        proto.ParseFromString(
            metadata.SerializeToString() if hasattr(metadata, "SerializeToString") else metadata
        )
    return proto


def plugin_metadata(plugin: str, description: str | None = None, content: bytes = b""):
    """The SummaryMetadata TensorBoard's ``summary_v2`` functions give: the plugin's name, its
    data (an empty version-0 proto, so empty bytes) and the description."""
    summary_pb2 = _protos()[1]
    return summary_pb2.SummaryMetadata(
        summary_description=description or "",
        plugin_data=summary_pb2.SummaryMetadata.PluginData(plugin_name=plugin, content=content),
    )


def summary_event(tag: str, value: np.ndarray, step: int, metadata) -> bytes:
    """One serialized Event holding one tagged tensor."""
    event_pb2, summary_pb2, _, _ = _protos()
    entry = summary_pb2.Summary.Value(tag=tag, metadata=metadata, tensor=tensor_proto(value))
    event = event_pb2.Event(wall_time=time.time(), step=step, summary=summary_pb2.Summary(value=[entry]))
    return event.SerializeToString()


def graph_event(graph_def: bytes, step: int = 0) -> bytes:
    event_pb2 = _protos()[0]
    return event_pb2.Event(wall_time=time.time(), step=step, graph_def=graph_def).SerializeToString()


def version_event() -> bytes:
    """The first record of every event file (TF's ``EventsWriter``)."""
    event_pb2 = _protos()[0]
    return event_pb2.Event(wall_time=time.time(), file_version="brain.Event:2").SerializeToString()


class record_file:  # noqa: N801 - used as a function
    """An open TFRecord file: each record its length, its masked CRC-32C, the bytes and their
    masked CRC-32C (tensorboardX's ``masked_crc32c``; its ``open_file`` also opens ``s3://``
    and ``gs://`` paths when their clients are installed).

    ``flush`` hands the bytes to the operating system, where TensorBoard reads them, without
    tensorboardX's ``fsync``: Keras flushes after every batch with ``update_freq``, and an
    fsync there cost ~3 ms a batch (65% of a small model's step) on this machine."""

    def __init__(self, path: str):
        from tensorboardX.record_writer import masked_crc32c, open_file  # noqa: PLC0415

        self._crc, self._file = masked_crc32c, open_file(path)

    def write(self, data: bytes) -> None:
        header = struct.pack("<Q", len(data))
        self._file.write(
            header + struct.pack("<I", self._crc(header)) + data + struct.pack("<I", self._crc(data))
        )

    def flush(self) -> None:
        self._file.flush()

    def close(self) -> None:
        self._file.close()


def raw_summary_event(summary: bytes, step: int) -> bytes:
    """An Event around a serialized ``Summary`` (``write_raw_pb``)."""
    event_pb2, summary_pb2, _, _ = _protos()
    event = event_pb2.Event(wall_time=time.time(), step=step, summary=summary_pb2.Summary.FromString(summary))
    return event.SerializeToString()
