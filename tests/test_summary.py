"""tf.summary: event files TensorBoard reads, holding what TF 2.21 writes for the same program.

Every expected value below was read back (with TensorBoard's reader) from the files TF 2.21
wrote for the same calls, in the scratch TF venv: tags, steps, float32 scalars, float64
histogram buckets (bit for bit), decoded PNG pixels, WAV bytes and metadata bytes.
"""

from __future__ import annotations

import gc
import os
import re
import socket

import numpy as np
import pytest
from event_reading import event_files, events, histogram_rows, plugin_tags, summaries
from tensorboardX.proto import summary_pb2

import tapejax as tf
from tapejax.summary._state import state

SCALARS = b"\n\t\n\x07scalars"  # SummaryMetadata(plugin_data={plugin_name: "scalars"}), as TF writes it


@pytest.fixture(autouse=True)
def _no_default_writer():
    # set_as_default is never undone (TF's); each test starts without a default writer.
    state.writer = state.step = None
    yield
    state.writer = state.step = None


def test_scalars_as_tf_writes_them(tmp_path):
    writer = tf.summary.create_file_writer(str(tmp_path))
    with writer.as_default():
        assert tf.summary.scalar("loss", 0.5, step=1).numpy()
        tf.summary.scalar("loss", 3, step=2)
        tf.summary.scalar("int", tf.constant(7, tf.int64), step=np.int64(3), description="an int")
        with tf.name_scope("outer"):
            tf.summary.scalar("in scope", 2.5, step=4)
        tf.summary.scalar("", True, step=5)
        tf.summary.scalar("f64", np.float64(0.1), step=-4)
        tf.summary.scalar("step11", 1.0, step=[[3]])
    assert summaries(str(tmp_path)) == [
        (1, "loss", 0.5),
        (2, "loss", 3.0),
        (3, "int", 7.0),
        (4, "outer/in scope", 2.5),
        (5, "scalar_summary", 1.0),
        (-4, "f64", 0.10000000149011612),  # float32's 0.1
        (3, "step11", 1.0),
    ]
    metadata = [
        e.summary.value[0].metadata.SerializeToString() for e in events(event_files(str(tmp_path))[0])[1:]
    ]
    assert metadata[0] == SCALARS and metadata[2] == SCALARS + b"\x1a\x06an int"
    assert plugin_tags(str(tmp_path))["scalars"] == [
        "f64",
        "int",
        "loss",
        "outer/in scope",
        "scalar_summary",
        "step11",
    ]


def test_histograms_are_tfs_buckets(tmp_path):
    with tf.summary.create_file_writer(str(tmp_path)).as_default(step=0):
        tf.summary.histogram("h", [1.0, 2.0, 2.0, 3.5, 10.0])
        tf.summary.histogram("h5", np.arange(20.0) ** 1.5 - 3, buckets=5)
        tf.summary.histogram("single", [2.0, 2.0, 2.0])
        tf.summary.histogram("empty", np.zeros((0,), np.float32))
        tf.summary.histogram("int", tf.constant([[1, 5], [9, 2]]), buckets=3)
        tf.summary.histogram("b0", [1.0, 2.0], buckets=0)
        tf.summary.histogram("b1", [1.0, 2.0], buckets=1)
        tf.summary.histogram("single1", [2.0, 2.0], buckets=1)
        tf.summary.histogram("negative", [1.0, 2.0], buckets=-3)
        tf.summary.histogram("nan", [1.0, np.nan, 3.0], buckets=2)
        tf.summary.histogram("inf", [1.0, np.inf, 3.0], buckets=2)
        tf.summary.histogram("bool", [True, False], buckets=2)
    found = {tag: value for _, tag, value in summaries(str(tmp_path))}
    h_edges = [1.0, 1.3, 1.6, 1.9, 2.2, 2.5, 2.8, 3.1, 3.4, 3.6999999999999997, 4.0, 4.3, 4.6, 4.9, 5.2, 5.5,
               5.8, 6.1, 6.3999999999999995, 6.7, 7.0, 7.3, 7.6, 7.8999999999999995, 8.2, 8.5, 8.8, 9.1, 9.4,
               9.7, 10.0]  # fmt: skip
    expected = {
        "h": histogram_rows(h_edges, {0: 1, 3: 2, 8: 1, 29: 1}),
        "h5": [
            [-3.0, 13.56381598545456, 7.0],
            [13.56381598545456, 30.12763197090912, 4.0],
            [30.12763197090912, 46.69144795636368, 3.0],
            [46.69144795636368, 63.25526394181824, 3.0],
            [63.25526394181824, 79.8190799272728, 3.0],
        ],  # fmt: skip
        "single": histogram_rows([2.0] * 31, {29: 3}),
        "empty": np.zeros((30, 3)),
        "int": [
            [1.0, 3.6666666666666665, 2.0],
            [3.6666666666666665, 6.333333333333333, 1.0],
            [6.333333333333333, 9.0, 1.0],
        ],  # fmt: skip
        "b0": np.zeros((0, 3)),
        "b1": [[1.0, 2.0, 2.0]],
        "single1": [[2.0, 2.0, 2.0]],
        "negative": np.zeros((0, 3)),
        "nan": [[np.nan, np.nan, 0.0], [np.nan, np.nan, 0.0]],
        "inf": [[1.0, np.inf, 2.0], [np.inf, np.inf, 0.0]],
        "bool": [[0.0, 0.5, 1.0], [0.5, 1.0, 1.0]],
    }
    assert sorted(found) == sorted(expected)
    for tag, rows in expected.items():
        assert found[tag].dtype == np.float64
        np.testing.assert_array_equal(found[tag], np.asarray(rows, np.float64).reshape(-1, 3), err_msg=tag)
    assert "h" in plugin_tags(str(tmp_path))["histograms"]


def test_images_are_tfs_pixels(tmp_path):
    with tf.summary.create_file_writer(str(tmp_path)).as_default(step=5):
        tf.summary.image("float", np.linspace(0, 1, 24).reshape(2, 3, 4, 1).astype(np.float32))
        tf.summary.image("rgb", np.arange(24, dtype=np.uint8).reshape(2, 2, 2, 3) * 10, max_outputs=1)
        tf.summary.image("clipped", np.array([-0.5, 0.2, 0.999, 1.5]).reshape(1, 2, 2, 1))
        tf.summary.image("int32", np.array([0, 2**24, 2**31 - 1, -5], np.int32).reshape(1, 2, 2, 1))
        tf.summary.image("half", np.array([0, 0.5, 1, 0.25], np.float16).reshape(1, 2, 2, 1))
        tf.summary.image("uint16", np.array([0, 256, 65535, 511], np.uint16).reshape(1, 2, 2, 1))
        tf.summary.image("grey_alpha", np.zeros((1, 2, 2, 2), np.float32))
        tf.summary.image("none", np.zeros((2, 1, 1, 1), np.float32), max_outputs=0)
    assert summaries(str(tmp_path)) == [
        (5, "float", [b"4", b"3", [[0, 11, 22, 33], [44, 55, 66, 77], [88, 99, 111, 122]],
                      [[133, 144, 155, 166], [177, 188, 199, 211], [222, 233, 244, 255]]]),
        (5, "rgb", [b"2", b"2", [[[0, 10, 20], [30, 40, 50]], [[60, 70, 80], [90, 100, 110]]]]),
        (5, "clipped", [b"2", b"2", [[0, 51], [255, 255]]]),
        (5, "int32", [b"2", b"2", [[0, 2], [255, 0]]]),
        (5, "half", [b"2", b"2", [[0, 127], [255, 63]]]),
        (5, "uint16", [b"2", b"2", [[0, 1], [255, 1]]]),
        (5, "grey_alpha", [b"2", b"2", [[[0, 0], [0, 0]], [[0, 0], [0, 0]]]]),
        (5, "none", [b"1", b"1"]),
    ]  # fmt: skip
    assert plugin_tags(str(tmp_path))["images"][0] == "clipped"


def test_text_audio_and_raw_tensors(tmp_path):
    with tf.summary.create_file_writer(str(tmp_path)).as_default(step=6):
        tf.summary.text("t", "hello **world**")
        tf.summary.text("list", ["a", "bc"])
        clip = np.sin(np.linspace(0, 3, 20)).reshape(2, 10, 1).astype(np.float32)
        tf.summary.audio("au", clip, 8000)
        tf.summary.audio("stereo", np.array([[[0.5, -0.5], [2.0, -2.0], [0.25, 1e-5]]], np.float32), 100)
        tf.summary.write("raw", tf.constant([1.0, 2.0]), step=7)
        tf.summary.write("meta", 3, step=7, metadata=b"xy")
        tf.summary.write("string", "hi", step=7)
        tf.summary.write("callable", lambda: tf.constant(4.0), step=7)
    found = summaries(str(tmp_path), plugin_names=True)
    assert [row[:3] for row in found] == [
        (6, "t", "text"), (6, "list", "text"), (6, "au", "audio"), (6, "stereo", "audio"),
        (7, "raw", ""), (7, "meta", ""), (7, "string", ""), (7, "callable", ""),
    ]  # fmt: skip
    values = {row[1]: row[3] for row in found}
    assert values["t"] == b"hello **world**" and values["list"].tolist() == [b"a", b"bc"]
    header = b"RIFF8\x00\x00\x00WAVEfmt \x10\x00\x00\x00\x01\x00\x01\x00@\x1f\x00\x00\x80>\x00\x00\x02\x00\x10\x00data"
    assert values["au"].tolist() == [
        [header + b"\x14\x00\x00\x00\x00\x00 \x14\xc1'd:\x93K\xe1Z\xecgar\xfey\x91~", b""],
        [header + b"\x14\x00\x00\x00\xff\x7f=~Xymq\xb0feY\xe1I\x868\xc4%\x10\x12", b""],
    ]
    assert values["stereo"].tolist() == [
        [b"RIFF0\x00\x00\x00WAVEfmt \x10\x00\x00\x00\x01\x00\x02\x00d\x00\x00\x00\x90\x01\x00\x00\x04\x00\x10\x00"
         b"data\x0c\x00\x00\x00\x00@\x00\xc0\xff\x7f\x00\x80\x00 \x00\x00", b""],
    ]  # fmt: skip
    assert values["raw"].dtype == np.float32 and values["raw"].tolist() == [1.0, 2.0]
    assert values["meta"].dtype == np.int32 and values["meta"] == 3
    assert values["string"] == b"hi" and values["callable"] == 4.0
    audio_metadata = events(event_files(str(tmp_path))[0])[3].summary.value[0].metadata
    assert audio_metadata.SerializeToString() == b"\n\x0b\n\x05audio\x12\x02\x10\x0b"  # TF's: WAV encoding
    assert events(event_files(str(tmp_path))[0])[6].summary.value[0].metadata.SerializeToString() == b"xy"


def test_inside_a_function_each_call_writes_its_own_step_and_values(tmp_path):
    writer = tf.summary.create_file_writer(str(tmp_path))
    step = tf.Variable(20, dtype=tf.int64)

    @tf.function
    def f(x):
        tf.summary.scalar("fn", x)
        tf.summary.histogram("fnh", [x, 2 * x])
        step.assign_add(1)
        return tf.summary.scalar("fn2", x * 2, step=step * 10)

    with writer.as_default():
        tf.summary.experimental.set_step(step)
        results = [f(tf.constant(1.0)), f(tf.constant(3.0))]
        # A record_if set after tracing does not change the traced function (TF's).
        with tf.summary.record_if(lambda: step % 2 == 0):
            f(tf.constant(4.0))
    assert [bool(r) for r in results] == [True, True]
    found = summaries(str(tmp_path))
    assert [(s, tag) for s, tag, _ in found] == [
        (20, "fn"), (20, "fnh"), (210, "fn2"), (21, "fn"), (21, "fnh"), (220, "fn2"),
        (22, "fn"), (22, "fnh"), (230, "fn2"),
    ]  # fmt: skip
    assert [v for _, tag, v in found if tag != "fnh"] == [1.0, 2.0, 3.0, 6.0, 4.0, 8.0]
    edges_21 = [3.0, 3.1, 3.2, 3.3, 3.4, 3.5, 3.6, 3.7, 3.8, 3.9, 4.0, 4.1, 4.2, 4.3, 4.4, 4.5, 4.6, 4.7, 4.8,
                4.9, 5.0, 5.1, 5.2, 5.300000000000001, 5.4, 5.5, 5.6, 5.7, 5.800000000000001, 5.9, 6.0]  # fmt: skip
    np.testing.assert_array_equal(found[4][2], histogram_rows(edges_21, {0: 1, 29: 1}))


def test_a_record_if_tensor_inside_a_function_decides_at_each_call(tmp_path):
    @tf.function
    def g(condition):
        with tf.summary.record_if(condition):
            return tf.summary.scalar("z", 1.0, step=1), tf.summary.should_record_summaries()

    with tf.summary.create_file_writer(str(tmp_path)).as_default():
        off, on = g(tf.constant(False)), g(tf.constant(True))
    assert [bool(x) for x in off] == [False, False] and [bool(x) for x in on] == [True, True]
    assert summaries(str(tmp_path)) == [(1, "z", 1.0)]


def test_recording_rules():
    assert not tf.summary.scalar("x", 1.0, step=1).numpy()  # no default writer
    assert not tf.summary.should_record_summaries().numpy()
    with tf.summary.create_noop_writer().as_default():
        assert not tf.summary.scalar("x", 1.0, step=1).numpy()
    writer = tf.summary.create_noop_writer()
    writer.set_as_default()
    writer.flush(), writer.close(), writer.init()


def test_record_if_and_steps(tmp_path):
    writer = tf.summary.create_file_writer(str(tmp_path))
    with writer.as_default():
        with tf.summary.record_if(False):
            # Not recording: neither the missing step nor the data are looked at.
            assert not tf.summary.write("z", lambda: 1 / 0).numpy()
            assert not tf.summary.should_record_summaries().numpy()
        with tf.summary.record_if(lambda: tf.constant(True)):
            assert tf.summary.should_record_summaries().numpy()
        with pytest.raises(ValueError, match=re.escape("No step set. Please specify one either through the")):
            tf.summary.scalar("nostep", 1.0)
        with writer.as_default(step=10):
            tf.summary.scalar("default step", 1.0)
            assert tf.summary.experimental.get_step() == 10
        assert tf.summary.experimental.get_step() is None
    writer.set_as_default(step=3)
    tf.summary.scalar("set as default", 2.0)
    writer.close()
    assert summaries(str(tmp_path)) == [(10, "default step", 1.0), (3, "set as default", 2.0)]


def test_files_are_named_and_flushed_as_tfs(tmp_path):
    first = tf.summary.create_file_writer(str(tmp_path / "new" / "dir"), max_queue=2)
    second = tf.summary.create_file_writer(str(tmp_path / "new" / "dir"), filename_suffix=".sfx")
    names = sorted(os.listdir(tmp_path / "new" / "dir"))
    host, pid = re.escape(socket.gethostname()), os.getpid()
    pattern = rf"events\.out\.tfevents\.\d{{10}}\.{host}\.{pid}\.(\d+)(\.v2|\.sfx)"
    matches = [re.fullmatch(pattern, n) for n in names]
    assert all(matches) and {m.group(2) for m in matches} == {".v2", ".sfx"}
    # Each file holds its version record at once; summaries wait until more than max_queue do.
    path = next(p for p in event_files(str(tmp_path / "new" / "dir")) if p.endswith(".v2"))
    assert [e.file_version for e in events(path)] == ["brain.Event:2"]
    with first.as_default(step=0):
        tf.summary.scalar("a", 1.0)
        tf.summary.scalar("b", 1.0)
        assert len(events(path)) == 1
        tf.summary.scalar("c", 1.0)
        assert len(events(path)) == 4
        tf.summary.scalar("d", 1.0)
        assert len(events(path)) == 4
    assert len(events(path)) == 5  # leaving as_default flushes
    with first.as_default(step=0):
        tf.summary.scalar("e", 1.0)
        tf.summary.flush()
        assert len(events(path)) == 6
    second.close()


def test_writer_errors(tmp_path):
    writer = tf.summary.create_file_writer(str(tmp_path))
    writer.close()
    writer.close()  # a second close does nothing
    writer.flush()
    with pytest.raises(RuntimeError, match=r"SummaryWriter <.*> is already closed"):
        writer.as_default()
    with pytest.raises(RuntimeError, match="is already closed"):
        writer.set_as_default()
    late = tf.summary.create_file_writer(str(tmp_path))
    late.set_as_default()
    late.close()
    with pytest.raises(tf.errors.NotFoundError, match="is closed: summaries cannot be written to it"):
        tf.summary.scalar("late", 1.0, step=1)
    state.writer = None
    with pytest.raises(ValueError, match="Argument `logdir` cannot be None"):
        tf.summary.create_file_writer(None)
    with pytest.raises(
        tf.errors.FailedPreconditionError, match="is not a directory; tf.summary.create_file_writer"
    ):
        tf.summary.create_file_writer(event_files(str(tmp_path))[0])
    with pytest.raises(TypeError, match="Cannot convert 'x' to EagerTensor of dtype int32"):
        tf.summary.create_file_writer(str(tmp_path), max_queue="x")
    with pytest.raises(ValueError, match=re.escape("Invalid argument to flush(): 'x'")):
        tf.summary.flush(writer="x")


def test_bad_input_gives_tfs_errors(tmp_path):
    with tf.summary.create_file_writer(str(tmp_path)).as_default():
        with pytest.raises(ValueError, match=re.escape("Expected scalar shape, saw shape: (2,).")):
            tf.summary.scalar("vec", [1.0, 2.0], step=1)
        with pytest.raises(
            ValueError, match=re.escape("Argument `step` must be a scalar. Received step with shape (2,).")
        ):
            tf.summary.scalar("x", 1.0, step=[1, 2])
        with pytest.raises(TypeError, match="Cannot convert 1.5 to EagerTensor of dtype int64"):
            tf.summary.scalar("x", 1.0, step=1.5)
        with pytest.raises(
            ValueError, match="Tensor conversion requested dtype int64 for Tensor with dtype int32"
        ):
            tf.summary.scalar("x", 1.0, step=tf.constant(2))
        with pytest.raises(TypeError, match=re.escape("tensor must be of type tf.string; got tf.float32")):
            tf.summary.text("t", tf.constant(1.0), step=1)
        with pytest.raises(
            ValueError, match=re.escape("Tensor  must have rank 4.  Received rank 3, shape (2, 2, 1)")
        ):
            tf.summary.image("i", np.zeros((2, 2, 1), np.float32), step=1)
        with pytest.raises(tf.errors.InvalidArgumentError, match="Condition x >= 0 did not hold"):
            tf.summary.image("i", np.zeros((1, 2, 2, 1), np.float32), step=1, max_outputs=-1)
        with pytest.raises(AttributeError, match="image dtype must be either floating point or integer"):
            tf.summary.image("i", np.zeros((1, 2, 2, 1), bool), step=1)
        with pytest.raises(TypeError, match=re.escape("tensor must be of type tf.int32; got tf.float32")):
            tf.summary.histogram("h", [1.0], step=1, buckets=2.5)
        with pytest.raises(
            ValueError, match=re.escape("Tensor  must have rank 3.  Received rank 2, shape (2, 3)")
        ):
            tf.summary.audio("a", np.zeros((2, 3), np.float32), 100, step=1)
        with pytest.raises(ValueError, match="Unknown encoding: 'mp3'"):
            tf.summary.audio("a", np.zeros((2, 3, 1), np.float32), 100, step=1, encoding="mp3")
        with pytest.raises(TypeError, match="Cannot convert 5 to EagerTensor of dtype string"):
            tf.summary.write("m", 1.0, step=1, metadata=5)
    assert summaries(str(tmp_path)) == []  # nothing half-written


def test_trace_and_graph(tmp_path):
    writer = tf.summary.create_file_writer(str(tmp_path))
    with pytest.raises(ValueError, match="Must enable trace before export through tf.summary.trace_on."):
        tf.summary.trace_export("t", step=1)
    tf.summary.trace_on()
    with pytest.warns(UserWarning, match="Trace already enabled"):
        tf.summary.trace_on()

    @tf.function
    def inside():
        tf.summary.trace_on()
        tf.summary.trace_export("t")
        return tf.constant(1.0)

    with pytest.warns(UserWarning) as caught:
        inside()
    assert [str(w.message) for w in caught] == [
        "Cannot enable trace inside a tf.function.",
        "Cannot export trace inside a tf.function.",
    ]
    with writer.as_default():
        assert tf.summary.trace_export("t", step=3) is None  # no graph to write: nothing written
        tf.summary.trace_off()
        with pytest.raises(
            ValueError, match="Argument 'graph_data' is not tf.Graph or tf.compat.v1.GraphDef"
        ):
            tf.summary.graph(3)

        class GraphDef:
            def SerializeToString(self):  # noqa: N802 - the proto method's name
                return b"\n\x03\n\x01x"

        assert tf.summary.graph(GraphDef()).numpy()

        @tf.function
        def graph_inside():
            tf.summary.graph(GraphDef())

        with pytest.raises(ValueError, match=re.escape("graph() cannot be invoked inside a graph context.")):
            graph_inside()
    kinds = [(e.step, e.WhichOneof("what")) for e in events(event_files(str(tmp_path))[0])]
    assert kinds == [(0, "file_version"), (0, "graph_def")]
    assert events(event_files(str(tmp_path))[0])[1].graph_def == b"\n\x03\n\x01x"


def test_write_raw_pb(tmp_path):
    proto = summary_pb2.Summary(value=[summary_pb2.Summary.Value(tag="raw", simple_value=2.5)])
    with tf.summary.create_file_writer(str(tmp_path)).as_default():
        with tf.summary.record_if(False), pytest.raises(ValueError, match="No step set"):
            tf.summary.experimental.write_raw_pb(proto.SerializeToString())
        assert tf.summary.experimental.write_raw_pb([proto.SerializeToString()] * 2, step=4).numpy()
    written = events(event_files(str(tmp_path))[0])[1:]
    assert [(e.step, e.summary.value[0].tag, e.summary.value[0].simple_value) for e in written] == [
        (4, "raw", 2.5),
        (4, "raw", 2.5),
    ]


def test_summary_scope_tags():
    with tf.summary.experimental.summary_scope("n m", "dflt") as (tag, scope):
        assert (tag, scope) == ("n m", "nm/")
    with tf.name_scope("outer"), tf.summary.experimental.summary_scope(None, "dflt") as (tag, scope):
        assert (tag, scope) == ("outer/dflt", "outer/dflt/")


def test_a_writer_left_open_is_flushed_when_collected(tmp_path):
    writer = tf.summary.create_file_writer(str(tmp_path))
    writer.set_as_default(step=1)
    tf.summary.scalar("kept", 1.0)
    assert summaries(str(tmp_path)) == []  # still queued
    state.writer = None
    del writer
    gc.collect()
    assert summaries(str(tmp_path)) == [(1, "kept", 1.0)]
