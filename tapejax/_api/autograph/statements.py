"""AutoGraph's statement rewrite: ``if``/``while``/``for`` into calls of their functional forms.

    if test:              def if_body(x):          def else_body(x):
        x = x + 1    ->       x = x + 1                return (x,)
                              return (x,)
                          (x,) = ag__.if_stmt(test, if_body, else_body, (x,), ('x',))

A loop becomes ``ag__.while_stmt(loop_test, loop_body, state, names, opts)`` or
``ag__.for_stmt(iterable, extra_test, loop_body, state, names, opts)``. The state is TF's: the
names a branch or loop body assigns that are read later (after the statement, or in a loop
that runs it again); a name not yet defined enters as ``ag__.Undefined('x')``. Whether the
statement runs as Python or as a staged ``cond``/loop is decided at run time (see operators).
"""

from __future__ import annotations

import ast

from . import expressions, lowering, names

_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
_SIMPLE_DEFINITIONS = (ast.Assign, ast.AnnAssign, ast.FunctionDef, ast.ClassDef, ast.Import, ast.ImportFrom)


def _load(id_: str) -> ast.Name:
    return ast.Name(id=id_, ctx=ast.Load())


def _ag(attr: str) -> ast.Attribute:
    return ast.Attribute(value=_load("ag__"), attr=attr, ctx=ast.Load())


def _tuple(ids, store: bool = False) -> ast.Tuple:
    ctx = ast.Store() if store else ast.Load()
    return ast.Tuple(elts=[ast.Name(id=i, ctx=ctx) for i in ids], ctx=ctx)


def _strings(ids) -> ast.Tuple:
    return ast.Tuple(elts=[ast.Constant(i) for i in ids], ctx=ast.Load())


def live_in(stmts, live_out: set) -> set:
    """Names whose value before ``stmts`` may be read by them or after them (a statement that
    surely assigns a name first, at the top level of ``stmts``, hides it from what follows)."""
    live, killed = set(), set()
    for stmt in stmts:
        live |= names.read([stmt]) - killed
        if isinstance(stmt, _SIMPLE_DEFINITIONS):
            killed |= names.assigned([stmt])
    return live | (live_out - killed)


def _function(name: str, params, body, returns, at) -> ast.FunctionDef:
    args = ast.arguments(
        posonlyargs=[],
        args=[ast.arg(arg=p) for p in params],
        vararg=None,
        kwonlyargs=[],
        kw_defaults=[],
        kwarg=None,
        defaults=[],
    )
    body = [*body, ast.Return(value=returns)]
    fn = ast.FunctionDef(name=name, args=args, body=body, decorator_list=[], returns=None, type_params=[])
    return ast.copy_location(fn, at)


class Statements:
    """Converts the statements of one (already lowered) function and its nested functions."""

    def __init__(self, namer: lowering.Namer):
        self.namer = namer

    def function(self, fn) -> None:
        params = names.parameters(fn)
        fn.body = self.block(fn.body, set(), set(params), set(params))

    def block(self, stmts, live_out: set, maybe: set, definite: set) -> list:
        """``stmts`` converted; ``maybe``/``definite``: the names that may be / surely are
        defined before them (updated in place)."""
        out: list = []
        for i, stmt in enumerate(stmts):
            after = live_in(stmts[i + 1 :], live_out)
            if isinstance(stmt, ast.If):
                out += self._if(stmt, after, maybe, definite)
            elif isinstance(stmt, ast.While):
                out += self._loop(stmt, after, maybe, definite)
            elif isinstance(stmt, ast.For):
                out += self._loop(stmt, after, maybe, definite)
            else:
                if isinstance(stmt, _FUNCTIONS):
                    self.function(stmt)
                elif isinstance(stmt, (ast.With, ast.Try)):
                    for field in ("body", "orelse", "finalbody"):
                        inner = getattr(stmt, field, None)
                        if inner:
                            setattr(stmt, field, self.block(inner, after, maybe, set(definite)))
                    for handler in getattr(stmt, "handlers", []):
                        handler.body = self.block(handler.body, after, maybe, set(definite))
                out.append(stmt)
                if isinstance(stmt, _SIMPLE_DEFINITIONS):
                    definite |= names.assigned([stmt])
            maybe |= names.assigned([stmt])
        return out

    def _inputs(self, state, maybe: set, definite: set, at) -> list:
        """Statements that give each state name a value: ``ag__.Undefined('x')`` when it has
        none yet (or a check at run time when some path may have defined it)."""
        out = []
        for name in state:
            undefined = ast.Call(func=_ag("Undefined"), args=[ast.Constant(name)], keywords=[])
            if name not in maybe:
                out.append(ast.Assign(targets=[ast.Name(id=name, ctx=ast.Store())], value=undefined))
            elif name not in definite:
                check = ast.Call(
                    func=_ag("ld"),
                    args=[ast.Call(func=_load("locals"), args=[], keywords=[]), ast.Constant(name)],
                    keywords=[],
                )
                out.append(ast.Assign(targets=[ast.Name(id=name, ctx=ast.Store())], value=check))
        return [ast.copy_location(s, at) for s in out]

    def _state(self, candidates: set) -> list:
        return sorted(candidates - self.namer.generated | (candidates & self._flags()))

    def _flags(self) -> set:
        flags = ("break_", "continue_", "do_return", "retval_")
        return {n for n in self.namer.generated if n.startswith(flags)}

    def _if(self, node: ast.If, after: set, maybe: set, definite: set) -> list:
        modified = names.assigned(node.body) | names.assigned(node.orelse)
        state = self._state(modified & (after | live_in(node.body, set()) | live_in(node.orelse, set())))
        body_name, else_name = self.namer.new("if_body"), self.namer.new("else_body")
        out = self._inputs(state, maybe, definite, node)
        for name, block in ((body_name, node.body), (else_name, node.orelse)):
            converted = self.block(block or [ast.Pass()], set(state), maybe | set(state), set(state))
            out.append(_function(name, state, converted, _tuple(state), node))
        call = ast.Call(
            func=_ag("if_stmt"),
            args=[node.test, _load(body_name), _load(else_name), _tuple(state), _strings(state)],
            keywords=[],
        )
        out.append(self._assign(state, call, node))
        maybe |= set(state)
        definite |= set(state)
        return out

    def _assign(self, state, call, at) -> ast.stmt:
        """``state = call``, placed on the statement's first line (its header: errors raised by
        the staged statement point there)."""
        stmt = ast.Assign(targets=[_tuple(state, True)], value=call) if state else ast.Expr(value=call)
        header = at.test if isinstance(at, (ast.If, ast.While)) else at.iter
        for node in (stmt, call):
            node.lineno, node.col_offset = at.lineno, at.col_offset
            node.end_lineno, node.end_col_offset = header.end_lineno, header.end_col_offset
        return stmt

    def _loop(self, node, after: set, maybe: set, definite: set) -> list:
        is_for = isinstance(node, ast.For)
        body, options = _options(node.body)
        extra = getattr(node, lowering.EXTRA_TEST, None)
        if extra is not None:  # made by lowering, outside the tree the expressions pass saw
            extra = expressions.Expressions().visit(extra)
        tests = [t for t in (None if is_for else node.test, extra) if t is not None]
        target = set()
        if is_for:
            target = names.assigned([ast.Assign(targets=[node.target], value=ast.Constant(0))])
        modified = names.assigned(body) | target
        live = live_in(body, set()) - target  # the target is assigned before the body runs
        state = self._state(modified & (after | live | names.read(tests)))
        loop_state = state
        out = self._inputs(state, maybe, definite, node)
        inner_maybe, inner_definite = maybe | set(state) | target, set(state) | target
        test_name = self.namer.new("loop_test") if tests else None
        body_name = self.namer.new("loop_body")
        converted = self.block(body or [ast.Pass()], set(state), inner_maybe, inner_definite)
        if is_for:
            iterate = self.namer.new("itr")
            bind = ast.copy_location(ast.Assign(targets=[node.target], value=_load(iterate)), node)
            out.append(
                _function(body_name, [iterate, *loop_state], [bind, *converted], _tuple(loop_state), node)
            )
        else:
            out.append(_function(body_name, loop_state, converted, _tuple(loop_state), node))
        if tests:
            test = (
                tests[0]
                if len(tests) == 1
                else ast.Call(func=_ag("and_"), args=[_thunk(t) for t in tests], keywords=[])
            )
            out.append(_function(test_name, loop_state, [], test, node))
        test_arg = _load(test_name) if tests else ast.Constant(None)
        if is_for:
            args = [_iterable(node.iter), test_arg, _load(body_name)]
        else:
            args = [test_arg, _load(body_name)]
        call = ast.Call(
            func=_ag("for_stmt" if is_for else "while_stmt"),
            args=[*args, _tuple(loop_state), _strings(loop_state), options],
            keywords=[],
        )
        out.append(self._assign(loop_state, call, node))
        maybe |= set(state)
        definite |= set(state)
        return out


def _thunk(expr: ast.expr) -> ast.Lambda:
    no_args = ast.arguments(
        posonlyargs=[], args=[], vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[]
    )
    return ast.Lambda(args=no_args, body=expr)


def _iterable(expr: ast.expr) -> ast.expr:
    """``range(n)`` / ``tf.range(n)`` (converted calls) as ``ag__.iterable(range, n)``: a
    symbolic ``n`` then gives a staged counter instead of a tensor JAX cannot shape."""
    if (
        isinstance(expr, ast.Call)
        and isinstance(expr.func, ast.Attribute)
        and isinstance(expr.func.value, ast.Name)
        and expr.func.value.id == "ag__"
        and expr.func.attr == "converted_call"
    ):
        return ast.copy_location(ast.Call(func=_ag("iterable"), args=expr.args, keywords=expr.keywords), expr)
    if isinstance(expr, ast.Call):
        return ast.copy_location(
            ast.Call(func=_ag("iterable"), args=[expr.func, *expr.args], keywords=expr.keywords), expr
        )
    return expr


def _options(body) -> tuple[list, ast.expr]:
    """The loop's ``tf.autograph.experimental.set_loop_options(...)`` (its first statement in
    TF's docs) taken out of the body, as a dict of its keywords."""
    keys, values = [], []
    rest = list(body)
    while rest and isinstance(rest[0], ast.Expr) and isinstance(rest[0].value, ast.Call):
        call = rest[0].value
        func = call.args[0] if _is_converted_call(call) else call.func
        if not (
            isinstance(func, ast.Attribute)
            and func.attr == "set_loop_options"
            or isinstance(func, ast.Name)
            and func.id == "set_loop_options"
        ):
            break
        keys += [ast.Constant(k.arg) for k in call.keywords]
        values += [k.value for k in call.keywords]
        rest.pop(0)
    return rest, ast.Dict(keys=keys, values=values)


def _is_converted_call(call: ast.Call) -> bool:
    f = call.func
    return (
        isinstance(f, ast.Attribute)
        and f.attr == "converted_call"
        and isinstance(f.value, ast.Name)
        and f.value.id == "ag__"
    )
