"""The package's imports flow one way (README, Architecture): no cycle, no import of a higher
layer, no private name imported from another layer.

Every import in ``tapejax/`` is read with ``ast``, at module level and inside functions alike
(a function-level import is still a dependency; it only hides a cycle from Python).
"""

from __future__ import annotations

import ast
import pathlib
import types

import pytest

import tapejax

PACKAGE = pathlib.Path(__file__).resolve().parent.parent / "tapejax"

# Layers, bottom first. A module may import its own layer and the layers below it; the rooms
# of an ``Apart`` layer may not import each other (recording and autodiff stand side by side
# on values: the meaning of a derivative never depends on how ops are recorded, and back).


class Apart(tuple):
    """A layer of rooms that may not import each other."""


LAYERS = (
    (
        "tapejax._core",
        "tapejax._core.caches",
        "tapejax._core.checksum",
        "tapejax._core.disk_cache",
        "tapejax._core.disk_store",
    ),  # the package; caches; CRC-32s; compiled programs on disk
    ("tapejax._core.values",),  # DType, TensorShape, errors, x64, Tensor (concrete or pending)
    Apart(("tapejax._core.recording", "tapejax._core.autodiff")),  # record, tapes | replay, derivatives
    Apart(
        ("tapejax._core.engine", "tapejax._core.reference")
    ),  # deferral, plans, fused runs | the plain path
    ("tapejax._ops",),  # op builders and tables, TF's gradient conventions, operators
    ("tapejax._api",),  # GradientTape, ForwardAccumulator, function, control flow, Module
    ("tapejax.*",),  # the TF namespaces (tapejax.math, .nn, ...): re-exports of the layers below
    # distribute: strategies over a device mesh; beside keras, whose trainer and optimizers ask it
    # for the current replica context (a room, not a namespace: it builds on tapejax.function).
    # summary: tf.summary's event files (a room, as train: it writes files through an outside
    # library, tensorboardX); keras' TensorBoard callback writes through it.
    (
        "tapejax.keras",
        "tapejax.saved_model",
        "tapejax.data",
        "tapejax.train",
        "tapejax.distribute",
        "tapejax.summary",
    ),
    ("tapejax",),  # the index, tapejax/__init__.py
)


def placement(module: str) -> tuple[int, str]:
    """``(layer, room)`` of ``module``: the layer's rank, and the longest prefix that holds it."""
    best = None
    for rank, prefixes in enumerate(LAYERS):
        for prefix in prefixes:
            if prefix == "tapejax.*":
                continue
            inside = module == prefix or (prefix != "tapejax" and module.startswith(prefix + "."))
            if inside and (best is None or len(prefix) > len(best[1])):
                best = (rank, prefix)
    if best is not None and best[1] == "tapejax._core" and module != "tapejax._core":
        raise AssertionError(f"{module} is in no room of _core; put it in one or add it to LAYERS")
    if best is not None:
        return best
    if module.startswith("tapejax.") and module.count(".") == 1:
        return LAYERS.index(("tapejax.*",)), "tapejax.*"  # a public module at the top: a namespace
    raise AssertionError(f"{module} is in no layer; add it to LAYERS")


def layer_of(module: str) -> int:
    return placement(module)[0]


# Inside tapejax.keras (README, "tapejax/keras"): Keras 3's own folders, bottom first. A module
# may import its own rank and the ranks below it; the longest matching prefix decides a rank.
KERAS = "tapejax.keras._src"
KERAS_LAYERS = (
    (KERAS, f"{KERAS}.backend"),  # the one place importing the rest of tapejax
    # the registry of custom objects: activations, losses... look names up in it, as in Keras
    (f"{KERAS}.utils", f"{KERAS}.tree", f"{KERAS}.dtype_policies", f"{KERAS}.saving.object_registration"),
    (
        f"{KERAS}.ops",
        f"{KERAS}.random",
        f"{KERAS}.activations",
        f"{KERAS}.initializers",
        f"{KERAS}.regularizers",
        f"{KERAS}.constraints",
        f"{KERAS}.legacy",  # Keras 1/2's backend functions (keras.backend.*), on backend/ only
    ),
    (f"{KERAS}.losses", f"{KERAS}.optimizers", f"{KERAS}.callbacks"),
    (f"{KERAS}.metrics",),
    (f"{KERAS}.layers",),
    (f"{KERAS}.trainers", f"{KERAS}.saving", f"{KERAS}.export"),
    # load_model builds models (and finds layers, optimizers and metrics by name)
    (f"{KERAS}.models", f"{KERAS}.saving.saving_api", f"{KERAS}.saving.serialization_lib"),
    # keras.applications builds functional models from layers (and Sequential blocks)
    (f"{KERAS}.applications",),
    ("tapejax.keras",),  # the public faces: re-exports only
)


def keras_layer_of(module: str) -> int:
    matches = [
        (len(prefix), rank)
        for rank, prefixes in enumerate(KERAS_LAYERS)
        for prefix in prefixes
        if module == prefix or module.startswith(prefix + ".")
    ]
    assert matches, f"{module} is in no keras layer; add it to KERAS_LAYERS"
    return max(matches)[1]


def keras_problems(graph: dict) -> list[str]:
    """Every upward import between keras' own folders, and every import of the rest of tapejax
    from a module of ``keras/_src`` outside ``backend/``."""
    found = []
    for module, edges in graph.items():
        if not module.startswith("tapejax.keras"):
            continue
        for target, _, line in edges:
            if target.startswith("tapejax.keras"):
                if target in graph and keras_layer_of(target) > keras_layer_of(module):
                    found.append(f"{module}:{line} imports {target}, a higher keras layer")
            elif module.startswith(KERAS) and not module.startswith(f"{KERAS}.backend"):
                found.append(f"{module}:{line} imports {target}; only {KERAS}.backend imports tapejax")
    return found


def module_name(path: pathlib.Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: pathlib.Path, modules: set) -> list[tuple[str, tuple, int]]:
    """``(imported module, imported names, line)`` for every tapejax import in the file."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [(a.name, (), node.lineno) for a in node.names if a.name.split(".")[0] == "tapejax"]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            elif (node.module or "").split(".")[0] == "tapejax":
                target = node.module
            else:
                continue
            names = tuple(a.name for a in node.names)
            # ``from . import math``: the dependency is the module tapejax.math itself.
            submodules = [f"{target}.{n}" for n in names if f"{target}.{n}" in modules]
            if submodules:
                found += [(m, (), node.lineno) for m in submodules]
            else:
                found.append((target, names, node.lineno))
    return found


def package_graph() -> dict:
    paths = sorted(PACKAGE.rglob("*.py"))
    modules = {module_name(p) for p in paths}
    return {module_name(p): imports_of(p, modules) for p in paths}


def problems(graph: dict, place=placement) -> list[str]:
    """Every cycle, upward import, import between rooms kept apart and cross-layer private
    import in ``graph`` (module -> [(imported module, names, line)])."""
    found = []
    for module, edges in graph.items():
        for target, names, line in edges:
            if target not in graph or target == module:
                continue
            (rank, room), (target_rank, target_room) = place(module), place(target)
            if target_rank > rank:
                found.append(f"{module}:{line} imports {target}, a higher layer")
            elif target_rank == rank and room != target_room and isinstance(LAYERS[rank], Apart):
                found.append(f"{module}:{line} imports {target}, a room kept apart from {room}")
            elif target_rank != rank:
                private = [n for n in names if n.startswith("_") and not n.startswith("__")]
                if private:
                    found.append(f"{module}:{line} imports private {private} from {target}, another layer")
    found += [f"import cycle: {' -> '.join(c)}" for c in _cycles(graph)]
    return found


def _cycles(graph: dict) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each as a loop."""
    index, low, stack, on_stack, components = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w, _, _ in graph.get(v, ()):
            if w not in graph or w == v:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                components.append(sorted(component) + [min(component)])

    for v in graph:
        if v not in index:
            visit(v)
    return components


def test_the_package_imports_flow_one_way():
    graph = package_graph()
    assert len(graph) > 60 and "tapejax._core.recording.record" in graph
    assert not problems(graph), "\n".join(problems(graph))


def test_every_module_is_in_a_layer():
    for module in package_graph():
        layer_of(module)
        if module.startswith("tapejax.keras"):
            keras_layer_of(module)


def test_keras_imports_flow_one_way_and_only_its_backend_imports_tapejax():
    graph = package_graph()
    assert sum(m.startswith(KERAS) for m in graph) > 100 and f"{KERAS}.backend.core" in graph
    assert not keras_problems(graph), "\n".join(keras_problems(graph))


def test_the_keras_checker_finds_an_upward_import_and_a_core_import_outside_backend():
    # A synthetic keras: a layer importing the models that use it goes up; a metric reading the
    # core directly skips the backend; the backend itself may import the core.
    graph = {
        f"{KERAS}.backend.core": [("tapejax._core.tensor", ("Tensor",), 1)],
        f"{KERAS}.metrics.metric": [
            ("tapejax._core.tensor", ("Tensor",), 2),
            (f"{KERAS}.backend.core", ("value",), 3),
        ],
        f"{KERAS}.layers.core.dense": [
            (f"{KERAS}.models.model", ("Model",), 4),
            (f"{KERAS}.metrics.metric", ("Metric",), 5),
        ],
        f"{KERAS}.models.model": [(f"{KERAS}.layers.core.dense", ("Dense",), 6)],
        "tapejax.keras.layers": [(f"{KERAS}.layers.core.dense", ("Dense",), 7)],
    }
    assert keras_problems(graph) == [
        f"{KERAS}.metrics.metric:2 imports tapejax._core.tensor; only {KERAS}.backend imports tapejax",
        f"{KERAS}.layers.core.dense:4 imports {KERAS}.models.model, a higher keras layer",
    ]
    # ...and passes the same package once the back-edges are gone.
    graph[f"{KERAS}.metrics.metric"].pop(0)
    graph[f"{KERAS}.layers.core.dense"].pop(0)
    assert keras_problems(graph) == []


def _face_paths() -> list:
    keras = PACKAGE / "keras"
    return sorted(p for p in keras.rglob("*.py") if "_src" not in p.relative_to(keras).parts)


@pytest.mark.parametrize("path", _face_paths(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_keras_faces_only_re_export(path):
    """``tapejax.keras.layers`` and the other public keras modules define nothing (Keras' api/)."""
    for node in ast.parse(path.read_text()).body:
        assert isinstance(node, (ast.Import, ast.ImportFrom, ast.Assign, ast.Expr)), (
            f"{path.name} line {node.lineno}: a public keras module holds re-exports only"
        )
        if isinstance(node, ast.Assign):
            assert [t.id for t in node.targets] == ["__all__"]
        if isinstance(node, ast.ImportFrom) and node.module != "__future__":
            assert node.level and (node.module or "").split(".")[0] in ("_src", ""), ast.unparse(node)


def test_no_keras_folder_holds_more_than_25_modules():
    for folder in {p.parent for p in (PACKAGE / "keras").rglob("*.py")}:
        modules = [p for p in folder.glob("*.py") if p.name != "__init__.py"]
        assert len(modules) <= 25, f"{folder.relative_to(PACKAGE.parent)} holds {len(modules)} modules"


def test_the_checker_finds_a_cycle_an_upward_import_and_a_private_import():
    # A synthetic package: core.a -> core.b -> core.a is a cycle; core.b importing ops.c goes up a
    # layer; api.d importing ops.c's _helper reaches into another layer's privates.
    graph = {
        "tapejax._core.values.a": [("tapejax._core.values.b", ("B",), 1)],
        "tapejax._core.values.b": [("tapejax._core.values.a", ("A",), 2), ("tapejax._ops.c", ("op",), 3)],
        "tapejax._ops.c": [("tapejax._core.values.a", ("A",), 4)],
        "tapejax._api.d": [("tapejax._ops.c", ("_helper",), 5)],
    }
    found = problems(graph)
    assert any(
        "cycle" in p and "tapejax._core.values.a" in p and "tapejax._core.values.b" in p for p in found
    ), found
    assert "tapejax._core.values.b:3 imports tapejax._ops.c, a higher layer" in found
    assert any("tapejax._api.d:5 imports private ['_helper']" in p for p in found), found
    # ...and passes the same package once the back-edges are gone.
    graph["tapejax._core.values.b"] = []
    graph["tapejax._api.d"] = [("tapejax._ops.c", ("op",), 5)]
    assert problems(graph) == []


# The back-edges _core had before its rooms (issue 23), each added to the real graph on purpose:
# the checker must reject every one.
BACK_EDGES = {
    # the most basic value computing itself through the engine
    ("tapejax._core.values.tensor", "tapejax._core.engine.materialize"): "a higher layer",
    # the meaning of a derivative importing how the engine runs it
    ("tapejax._core.autodiff.derivatives", "tapejax._core.engine.liveness"): "a higher layer",
    ("tapejax._core.autodiff.derivatives", "tapejax._core.caches"): None,  # the ground: allowed
    # the two rooms on values, each reaching into the other
    ("tapejax._core.autodiff.derivatives", "tapejax._core.recording.record"): "a room kept apart",
    ("tapejax._core.recording.record", "tapejax._core.autodiff.replay"): "a room kept apart",
    # recording reaching up into the engine (deferral is the engine's, behind Recorder.defer)
    ("tapejax._core.recording.record", "tapejax._core.engine.deferral"): "a higher layer",
    # the plain reference path must not use the engine it is the reference for
    ("tapejax._core.reference", "tapejax._core.engine.gradients"): "a room kept apart",
}


@pytest.mark.parametrize(("edge", "verdict"), BACK_EDGES.items(), ids=str)
def test_a_back_edge_added_to_core_fails(edge, verdict):
    graph = package_graph()
    assert not problems(graph), "\n".join(problems(graph))
    module, target = edge
    assert module in graph and target in graph
    graph[module] = [*graph[module], (target, ("name",), 9999)]
    found = problems(graph)
    if verdict is None:
        assert not found, found
    else:
        assert f"{module}:9999 imports {target}, {verdict}" in "\n".join(found), found


def test_autodiff_imports_only_values():
    """The meaning of a derivative reads in an afternoon: autodiff/ imports values/ (and jax)."""
    for module, edges in package_graph().items():
        if module.startswith("tapejax._core.autodiff."):
            for target, _, line in edges:
                assert target.startswith(("tapejax._core.values", "tapejax._core.autodiff")), (
                    f"{module}:{line} imports {target}"
                )


# Tensor's and Variable's private attributes and methods: _core's own. Code outside _core reads
# a tensor through tapejax._core.values.access (and Variable's functions in recording/variable).
TENSOR_PRIVATE = frozenset(
    {
        "_v", "_pending", "_aval", "_value", "_np_shape", "_np_dtype", "_shape_dtype",
        "_as_tensor", "_is_symbolic", "_concrete", "_numpy_text", "_fill", "_deferred",
        "_stored", "_set", "_store", "_order",
    }
)  # fmt: skip


def private_tensor_reads(path: pathlib.Path) -> list[str]:
    """``line: expression`` of every read of a Tensor private attribute in the file, other than
    through ``self``/``cls`` (a class's own attributes) or ``super()`` (a subclass overriding one)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Attribute) and node.attr in TENSOR_PRIVATE:
            owner = node.value
            own = isinstance(owner, ast.Name) and owner.id in ("self", "cls")
            own |= isinstance(owner, ast.Call) and ast.unparse(owner.func) == "super"  # an override
            if not own:
                found.append(f"{node.lineno}: {ast.unparse(node)}")
    return found


def test_nothing_outside_core_reads_tensor_privates():
    reads = []
    for path in sorted(PACKAGE.rglob("*.py")):
        module = module_name(path)
        if module.startswith("tapejax._core.") or module == "tapejax._core":
            continue
        reads += [f"{path.relative_to(PACKAGE.parent)}:{r}" for r in private_tensor_reads(path)]
    assert not reads, "use tapejax._core.values.access instead:\n" + "\n".join(reads)


def test_the_private_read_rule_finds_a_read(tmp_path):
    source = tmp_path / "reader.py"
    source.write_text("def f(t, layer):\n    self = layer\n    return t._value + self._np_shape + t.shape\n")
    assert private_tensor_reads(source) == ["3: t._value"]


MAX_MODULES = 25


def test_no_folder_holds_more_than_25_modules():
    crowded = {}
    for folder in [PACKAGE, *[p for p in PACKAGE.rglob("*") if p.is_dir() and p.name != "__pycache__"]]:
        rel = folder.relative_to(PACKAGE).as_posix()
        n = len(list(folder.glob("*.py")))
        if n > MAX_MODULES:
            crowded[rel or "tapejax"] = n
    assert not crowded, crowded


def test_a_function_level_import_counts(tmp_path):
    source = tmp_path / "tapejax" / "_core" / "low.py"
    source.parent.mkdir(parents=True)
    source.write_text("def f():\n    from .._api.high import g  # hidden from Python, not from the test\n")
    global PACKAGE
    saved, PACKAGE = PACKAGE, tmp_path / "tapejax"
    try:
        edges = imports_of(source, {"tapejax._core.low", "tapejax._api.high"})
    finally:
        PACKAGE = saved
    assert edges == [("tapejax._api.high", ("g",), 2)]


@pytest.mark.parametrize(
    "namespace",
    ["math", "nn", "linalg", "random", "dtypes", "errors", "debugging", "autodiff", "nest", "config"],
)
def test_namespaces_only_re_export(namespace):
    """A TF namespace module (``tapejax.math``) defines nothing: it imports and lists names."""
    tree = ast.parse((PACKAGE / f"{namespace}.py").read_text())
    for node in tree.body:
        assert isinstance(node, (ast.Import, ast.ImportFrom, ast.Assign, ast.Expr)), (
            f"tapejax/{namespace}.py line {node.lineno}: a namespace holds re-exports only"
        )
        if isinstance(node, ast.Assign):
            assert [t.id for t in node.targets] == ["__all__"]


def test_public_namespaces_show_no_internal_modules():
    """``tf.nn.jax``, ``tf.saved_model.np`` and the like do not exist: a public namespace shows
    TF's names, not the modules its code happens to import."""
    seen, todo, leaks = set(), [("tapejax", tapejax)], []
    while todo:
        path, module = todo.pop()
        if module.__name__ in seen:
            continue
        seen.add(module.__name__)
        for name in dir(module):
            value = getattr(module, name)
            if name.startswith("_") or not isinstance(value, types.ModuleType):
                continue
            if value.__name__.split(".")[0] != "tapejax":
                leaks.append(f"{path}.{name}")
            elif not value.__name__.split(".")[-1].startswith("_"):
                todo.append((f"{path}.{name}", value))
    assert len(seen) > 15
    assert not leaks, leaks
