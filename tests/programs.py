"""Random differentiable programs for the property tests, built once as a list of nodes and
run two ways: with the TF API on Tensors and Variables under tapes (``TfProgram``), and with
``jax.numpy`` on arrays (``evaluate``, ``as_function``).

A program is a tuple of nodes: an ``Input`` (a watched constant, a Variable, a constant that
is not a source, or a Dense layer's weight) or a ``Step`` (an op of tests/program_ops.py
applied to earlier nodes). Its output is the last node. ``programs(rowwise=True)`` only makes
programs whose every value keeps the batch axis first and never mixes rows, so that
``batch_jacobian`` is the per-example Jacobian.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from hypothesis import strategies as st
from program_builders import BUILDERS, Builder
from program_ops import SPECS

SOURCE_ROLES = ("watched", "variable", "layer")


@dataclass(frozen=True)
class Input:
    """A leaf: ``role`` is 'watched' (tape.watch of a constant), 'variable', 'constant' (not a
    source) or 'layer' (a Dense kernel or bias, a Variable the layer creates)."""

    shape: tuple[int, ...]
    role: str


@dataclass(frozen=True)
class Step:
    """``op(*nodes[args], **dict(params))``."""

    op: str
    args: tuple[int, ...]
    params: tuple = ()


@dataclass(frozen=True)
class Program:
    """Nodes in order; the output is the last one."""

    nodes: tuple
    rowwise: bool = False

    @property
    def sources(self) -> list[int]:
        """The positions of the inputs a gradient is asked for."""
        return [i for i, n in enumerate(self.nodes) if isinstance(n, Input) and n.role in SOURCE_ROLES]

    @property
    def connected(self) -> frozenset[int]:
        """The sources the output depends on through differentiable ops (TF's rule for None)."""
        deps = []
        for i, node in enumerate(self.nodes):
            if isinstance(node, Input):
                deps.append(frozenset([i]) if node.role in SOURCE_ROLES else frozenset())
            else:
                connects = SPECS[node.op].connects
                args = node.args if connects is None else [node.args[k] for k in connects]
                deps.append(frozenset().union(*[deps[a] for a in args]))
        return deps[-1]

    @property
    def true_gradient(self) -> bool:
        """Whether finite differences see autodiff's derivative (no stop_gradient and no made-up
        custom gradient)."""
        return all(SPECS[n.op].true_gradient for n in self.nodes if isinstance(n, Step))

    def __str__(self) -> str:
        lines = []
        for i, n in enumerate(self.nodes):
            if isinstance(n, Input):
                lines.append(f"v{i} = {n.role}{n.shape}")
            else:
                args = ", ".join(f"v{a}" for a in n.args) + "".join(f", {k}={v!r}" for k, v in n.params)
                lines.append(f"v{i} = {n.op}({args})")
        return "\n".join(lines)


@st.composite
def programs(draw, rowwise: bool = False, max_steps: int = 6) -> Program:
    """A random program of 1 to ``max_steps`` ops (steps whose output would be too large are
    left out)."""
    b = Builder(draw, rowwise, make_input=Input, make_step=Step)
    batch = (b.ints(1, 3),) if rowwise else ()
    rank = b.ints(len(batch), 3 - len(batch))
    b.new_input(batch + tuple(b.ints(1, 3) for _ in range(rank)), roles=("watched", "variable"))
    n_steps = b.ints(1, max_steps)
    for _ in range(4 * n_steps):
        if sum(isinstance(n, Step) for n in b.nodes) == n_steps:
            break
        op = b.choice(sorted(BUILDERS))
        a = b.pick()
        built = BUILDERS[op](b, a)
        if built is not None:
            b.add_step(op, *built)
    if draw(st.booleans()):  # a source the output does not depend on: its gradient is None
        b.new_input(batch + (b.ints(1, 2),), roles=("watched", "variable"))
        b.add_step("negative", (b.last_step,), {})
    if rowwise and len(b.shapes[b.last_step]) < 2:  # TF's batch_jacobian needs rank >= 2
        b.add_step("expand_dims", (b.last_step,), {"axis": 1})
    return Program(tuple(b.nodes), rowwise)


def draw_values(program: Program, rng: np.random.Generator) -> dict[int, np.ndarray]:
    """Random float64 values for the program's inputs."""
    return {i: rng.uniform(-1.5, 1.5, n.shape) for i, n in enumerate(program.nodes) if isinstance(n, Input)}


def evaluate(program: Program, values) -> list:
    """Every node's value, computed with jax.numpy from the inputs' ``values``."""
    env = []
    for i, node in enumerate(program.nodes):
        if isinstance(node, Input):
            env.append(jnp.asarray(values[i]))
        else:
            env.append(SPECS[node.op].jnp(*[env[a] for a in node.args], **dict(node.params)))
    return env


def as_function(program: Program, values, wrt: list[int]):
    """``f(*arrays)``: the output as a function of the inputs at ``wrt``, the others fixed."""

    def f(*arrays):
        return evaluate(program, {**values, **dict(zip(wrt, arrays, strict=True))})[-1]

    return f


@functools.lru_cache(maxsize=64)
def _evaluate_jit(program: Program):
    # One XLA compile per program: op-by-op jnp would compile every primitive for every new
    # shape, which costs far more than the whole program's compile.
    return jax.jit(lambda values: evaluate(program, values))


def usable(program: Program, values, margin: float = 1e-2, bound: float = 1e3) -> bool:
    """Whether every value is finite and below ``bound`` in size, and every kink, tie and
    singularity is at least ``margin`` away (so derivatives are well defined there)."""
    env = [np.asarray(v) for v in _evaluate_jit(program)(values)]
    if not all(np.all(np.isfinite(v)) and np.all(np.abs(v) < bound) for v in env):
        return False
    for node in program.nodes:
        spec = SPECS.get(getattr(node, "op", None))
        if spec is not None and spec.margin is not None:
            if spec.margin(*[env[a] for a in node.args], **dict(node.params)) < margin:
                return False
    return True


class TfProgram:
    """The program on ``module``'s objects (tapejax's, or TensorFlow's to compare with it):
    Variables and constants made once from ``values``, Dense layers built with the given
    weights, so that the program can run again on new values (``assign``)."""

    def __init__(self, program: Program, values, module):
        self.program, self.m = program, module
        self.objects, self.layers = {}, {}
        for i, node in enumerate(program.nodes):
            if isinstance(node, Step) and node.op == "dense":
                x, k, bias = node.args
                layer = module.keras.layers.Dense(
                    program.nodes[k].shape[1], activation=dict(node.params)["activation"], dtype="float64"
                )
                layer.build((None, program.nodes[k].shape[0]))
                self.layers[i] = layer
                self.objects[k], self.objects[bias] = layer.kernel, layer.bias
        self.assign(values)

    def assign(self, values) -> None:
        """New values for every input; Variables (and layer weights) keep their identity."""
        for i, node in enumerate(self.program.nodes):
            if isinstance(node, Input):
                if node.role in ("variable", "layer") and i in self.objects:
                    self.objects[i].assign(values[i])
                elif node.role == "variable":
                    self.objects[i] = self.m.Variable(values[i])
                else:
                    self.objects[i] = self.m.constant(values[i])

    def sources(self, positions=None) -> list:
        """The source objects, at ``positions`` (default: all the program's sources)."""
        return [self.objects[i] for i in (self.program.sources if positions is None else positions)]

    def __call__(self, *tapes):
        """Runs the program (watching its watched inputs on ``tapes``) and returns the output."""
        env = {}
        for i, node in enumerate(self.program.nodes):
            if isinstance(node, Input):
                env[i] = self.objects[i]
                if node.role == "watched":
                    for tape in tapes:
                        tape.watch(env[i])
            elif node.op == "dense":
                env[i] = self.layers[i](env[node.args[0]])
            else:
                env[i] = SPECS[node.op].tf(self.m, *[env[a] for a in node.args], **dict(node.params))
        return env[len(self.program.nodes) - 1]
