"""Converting a Python function: its source through AutoGraph's rewrites, compiled once.

``convert(fn)`` parses ``fn``'s source (``inspect.getsource``), lowers ``break``/``continue``/
``return``, rewrites expressions and statements (see lowering, expressions, statements) and
compiles the result with ``fn``'s file name and line numbers, so tracebacks show the user's
lines. The new function shares ``fn``'s globals and closure cells and finds the functional
forms as ``ag__`` in a closure cell of its own. Cached per function; a function whose source
cannot be had (a lambda, a builtin, code typed at a prompt) runs as it is, as in TF.
"""

from __future__ import annotations

import ast
import functools
import inspect
import os
import sys
import sysconfig
import textwrap
import types
import weakref

from ..._core.recording.purify import WeakMethod
from . import expressions, lowering, operators, statements, undefined

_cache: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # fn -> (converted fn, source)
_NOT_CONVERTED = "__tapejax_do_not_convert__"
# Code under these directories is never converted: the installed libraries, and tapejax's own
# source wherever it lives (a checkout too: functools.wraps gives tapejax's wrappers, such as
# jax_op's, the user's __module__).
_TAPEJAX = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))) + os.sep
_LIBRARIES = (*{sysconfig.get_paths()[k] for k in ("stdlib", "purelib", "platlib")}, _TAPEJAX)
_LIBRARY_MODULES = frozenset({"tapejax", "jax", "jaxlib", "numpy", "keras", "optax", "flax", "functools"})


def _namespace() -> types.SimpleNamespace:
    """What converted code calls as ``ag__``."""
    names = ("if_stmt", "while_stmt", "for_stmt", "and_", "or_", "not_", "if_exp", "iterable", "assert_stmt")
    ns = types.SimpleNamespace(**{n: getattr(operators, n) for n in names})
    ns.Undefined, ns.UndefinedReturnValue = undefined.Undefined, undefined.UndefinedReturnValue
    ns.ld, ns.retval, ns.converted_call = undefined.ld, undefined.retval, converted_call
    return ns


def do_not_convert(func=None):
    """Marks ``func`` to run as it is, never converted (``tf.autograph.experimental.do_not_convert``)."""
    if func is None:
        return do_not_convert

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        return func(*args, **kwargs)

    setattr(wrapper, _NOT_CONVERTED, True)
    return wrapper


def _convertible(fn) -> bool:
    if not isinstance(fn, types.FunctionType) or getattr(fn, _NOT_CONVERTED, False):
        return False
    if fn.__name__ == "<lambda>" or fn.__code__.co_flags & (inspect.CO_GENERATOR | inspect.CO_COROUTINE):
        return False
    return True


def _user_code(fn) -> bool:
    """Whether ``fn`` is the user's (converted when called), not library code."""
    module = (getattr(fn, "__module__", None) or "").split(".")[0]
    if module in _LIBRARY_MODULES or module in sys.stdlib_module_names:
        return False
    return not fn.__code__.co_filename.startswith(_LIBRARIES)


def convert(fn):
    """``fn`` converted (cached), or ``fn`` itself when it cannot or should not be."""
    if isinstance(fn, WeakMethod):
        inner = convert(fn._fn)
        return fn if inner is fn._fn else WeakMethod(inner, fn.instance)
    if not _convertible(fn) or not _user_code(fn):  # tapejax's own functions (Keras steps) as they are
        return fn
    cached = _cache.get(fn)
    if cached is None:
        try:
            cached = _convert(fn)
        except (OSError, TypeError, SyntaxError, IndexError):  # no source to read: run it as it is
            cached = (fn, None)
        _cache[fn] = cached
    return cached[0]


def to_code(fn) -> str:
    """The converted source of ``fn`` (``tf.autograph.to_code``)."""
    from_function = getattr(fn, "python_function", fn)
    if not _convertible(from_function):
        raise TypeError(f"tf.autograph.to_code needs a Python function with source, got {fn!r}")
    convert(from_function)
    source = _cache[from_function][1]
    if source is None:
        raise TypeError(f"tf.autograph.to_code could not read the source of {fn!r}")
    return source


def _parse(fn) -> ast.FunctionDef:
    lines, first = inspect.getsourcelines(fn)
    source = textwrap.dedent("".join(lines))
    indent = len(lines[0]) - len(lines[0].lstrip())
    tree = ast.parse(source)
    node = tree.body[0]
    if not isinstance(node, ast.FunctionDef) or node.name != fn.__name__:
        raise TypeError(f"the source of {fn.__qualname__} is not its def")
    ast.increment_lineno(tree, first - 1)
    for n in ast.walk(tree):  # columns as in the file (tracebacks underline the user's code)
        if hasattr(n, "col_offset") and getattr(n, "lineno", None) is not None:
            n.col_offset += indent
            if getattr(n, "end_col_offset", None) is not None:
                n.end_col_offset += indent
    node.decorator_list = []
    return node


def transform(node: ast.FunctionDef) -> ast.FunctionDef:
    """The rewrites of AutoGraph on one function's tree (in place; returned)."""
    namer = lowering.Namer(node)
    for fn in [n for n in ast.walk(node) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]:
        lowering.lower_loops(fn, namer)
        fn.body = lowering.splice_loops(fn.body)
        lowering.lower_returns(fn, namer)
    expressions.Expressions().visit(node)
    statements.Statements(namer).function(node)
    return node


def _convert(fn):
    node = transform(_parse(fn))
    shown = ast.unparse(node)
    # Defined in the factory under its own name, the function would see itself as the factory's
    # local (a closure cell) instead of the global a recursive call names: renamed there.
    node.name = "__ag_converted"
    code = fn.__code__
    free = list(code.co_freevars)
    # def __ag_factory(): ag__ = None; <each free variable> = None; <the converted def>; return it
    cells = [
        ast.Assign(targets=[ast.Name(id=n, ctx=ast.Store())], value=ast.Constant(None))
        for n in ["ag__", *free]
    ]
    factory = ast.FunctionDef(
        name="__ag_factory",
        args=ast.arguments(
            posonlyargs=[], args=[], vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[]
        ),
        body=[*cells, node, ast.Return(value=ast.Name(id=node.name, ctx=ast.Load()))],
        decorator_list=[],
        returns=None,
        type_params=[],
    )
    module = ast.Module(body=[factory], type_ignores=[])
    for n in (factory, *cells, factory.body[-1]):
        ast.copy_location(n, node)
    ast.fix_missing_locations(module)
    for n in ast.walk(module):  # generated nodes: each range within one line of the user's
        if getattr(n, "lineno", None) is not None:
            if n.end_lineno is None or n.end_lineno < n.lineno:
                n.end_lineno, n.end_col_offset = n.lineno, None
            if n.end_lineno == n.lineno and (n.end_col_offset or 0) < n.col_offset:
                n.end_col_offset = n.col_offset
    compiled = compile(module, code.co_filename, "exec")
    factory_code = next(c for c in compiled.co_consts if isinstance(c, types.CodeType))
    inner = next(
        c for c in factory_code.co_consts if isinstance(c, types.CodeType) and c.co_name == node.name
    )
    own = dict(zip(free, fn.__closure__ or (), strict=True))
    closure = tuple(types.CellType(_AG) if n == "ag__" else own[n] for n in inner.co_freevars)
    inner = inner.replace(co_name=code.co_name, co_qualname=code.co_qualname)
    new = types.FunctionType(inner, fn.__globals__, fn.__name__, fn.__defaults__, closure)
    new.__kwdefaults__ = fn.__kwdefaults__
    functools.update_wrapper(new, fn)
    del new.__wrapped__
    return new, shown


def converted_call(fn, /, *args, **kwargs):
    """``fn(*args, **kwargs)``, ``fn`` converted first when it is the user's own function."""
    if isinstance(fn, types.MethodType) and _convertible(fn.__func__) and _user_code(fn.__func__):
        return convert(fn.__func__)(fn.__self__, *args, **kwargs)
    if _convertible(fn) and _user_code(fn):
        return convert(fn)(*args, **kwargs)
    return fn(*args, **kwargs)


_AG = _namespace()
