"""Lowers ``break``, ``continue`` and ``return`` into flags, as TF's AutoGraph does.

A branch or loop body becomes a function of its own, which cannot ``break`` out of a loop
that encloses it or ``return`` from the function that holds it. So, before control flow is
converted, each of these statements sets a flag (``break_``, ``continue_``, ``do_return``);
the statements after it run under ``if not flag:``, loops stop when the flag is set (their
test becomes ``not flag and test``, a ``for`` loop's extra test ``not flag``), and the
function returns ``retval_`` at its end. Plain Python, converted next like any other code.
"""

from __future__ import annotations

import ast

from . import names

# The extra test of a ``for`` loop (it has no test of its own): set here, read by the converter.
EXTRA_TEST = "_ag_extra_test"
_BLOCKS = ("body", "orelse", "finalbody")


def _name(id_: str, store: bool = False) -> ast.Name:
    return ast.Name(id=id_, ctx=ast.Store() if store else ast.Load())


def _set(flag: str, value) -> ast.Assign:
    return ast.Assign(targets=[_name(flag, True)], value=value, lineno=0)


def _not(flag: str) -> ast.expr:
    return ast.UnaryOp(op=ast.Not(), operand=_name(flag))


def _and(a: ast.expr, b: ast.expr) -> ast.expr:
    return ast.BoolOp(op=ast.And(), values=[a, b])


def _guarded(stmts, lower, flag: str) -> tuple[list, bool]:
    """``stmts`` with each statement lowered by ``lower`` (``stmt -> (stmts, may set flag)``)
    and the statements after one that may set ``flag`` under ``if not flag:``."""
    out: list = []
    for i, stmt in enumerate(stmts):
        new, sets = lower(stmt)
        out.extend(new)
        if sets:
            rest, _ = _guarded(stmts[i + 1 :], lower, flag)
            if rest:
                out.append(ast.copy_location(ast.If(test=_not(flag), body=rest, orelse=[]), stmts[i + 1]))
            return out, True
    return out, False


def _lower_blocks(stmt, lower, flag: str, fields=_BLOCKS) -> bool:
    sets = False
    for field in fields:
        block = getattr(stmt, field, None)
        if block:
            new, s = _guarded(block, lower, flag)
            setattr(stmt, field, new)
            sets |= s
    for handler in getattr(stmt, "handlers", []):
        handler.body, s = _guarded(handler.body, lower, flag)
        sets |= s
    return sets


class Namer:
    """New names that clash with none of the function's (TF's ``break_``, ``break__1``, ...)."""

    def __init__(self, fn: ast.FunctionDef):
        self.taken = {n.id for n in ast.walk(fn) if isinstance(n, ast.Name)} | {
            n.name for n in ast.walk(fn) if isinstance(n, (ast.FunctionDef, ast.ClassDef))
        }
        self.generated: set = set()

    def new(self, base: str) -> str:
        name, i = base, 0
        while name in self.taken:
            i += 1
            name = f"{base}_{i}"
        self.taken.add(name)
        self.generated.add(name)
        return name


def _add_extra_test(loop, test: ast.expr) -> None:
    previous = getattr(loop, EXTRA_TEST, None)
    setattr(loop, EXTRA_TEST, test if previous is None else _and(test, previous))


def _stop_loop(loop, flag: str) -> None:
    if isinstance(loop, ast.While):
        loop.test = _and(_not(flag), loop.test)
    else:
        _add_extra_test(loop, _not(flag))


def _lowerer(kind, flag: str):
    """Lowers ``kind`` (``break`` or ``continue``) of one loop to ``flag = True``; nested loops
    keep theirs."""

    def lower(stmt):
        if isinstance(stmt, kind):
            return [ast.copy_location(_set(flag, ast.Constant(True)), stmt)], True
        if isinstance(stmt, (ast.For, ast.While)):
            return [stmt], False
        return [stmt], _lower_blocks(stmt, lower, flag)

    return lower


def lower_loops(fn: ast.FunctionDef, namer: Namer) -> None:
    """``break`` and ``continue`` of every loop in ``fn`` (nested functions excluded) become flags."""
    for loop in _loops(fn.body):
        orelse, loop.orelse = loop.orelse, []
        if names.contains(loop.body, ast.Continue, into_loops=False):
            flag = namer.new("continue_")

            body, _ = _guarded(loop.body, _lowerer(ast.Continue, flag), flag)
            loop.body = [ast.copy_location(_set(flag, ast.Constant(False)), loop.body[0]), *body]
        if names.contains(loop.body, ast.Break, into_loops=False):
            flag = namer.new("break_")

            loop.body, _ = _guarded(loop.body, _lowerer(ast.Break, flag), flag)
            _stop_loop(loop, flag)
            loop._ag_before = [ast.copy_location(_set(flag, ast.Constant(False)), loop)]
            if orelse:
                orelse = [ast.copy_location(ast.If(test=_not(flag), body=orelse, orelse=[]), orelse[0])]
        loop._ag_after = orelse


def _loops(block):
    """Every loop in ``block``, outer first (nested functions excluded)."""
    for stmt in block:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        if isinstance(stmt, (ast.For, ast.While)):
            yield stmt
        for field in _BLOCKS:
            yield from _loops(getattr(stmt, field, None) or [])
        for handler in getattr(stmt, "handlers", []):
            yield from _loops(handler.body)


def splice_loops(block) -> list:
    """Puts each loop's flag initialization before it and its ``else`` after it (recursively)."""
    out = []
    for stmt in block:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.append(stmt)
            continue
        for field in _BLOCKS:
            if getattr(stmt, field, None):
                setattr(stmt, field, splice_loops(getattr(stmt, field)))
        for handler in getattr(stmt, "handlers", []):
            handler.body = splice_loops(handler.body)
        out += [*getattr(stmt, "_ag_before", []), stmt, *getattr(stmt, "_ag_after", [])]
    return out


def _move_rest_into_branches(block) -> list:
    """TF's ConditionalReturnRewriter: after an ``if`` whose one branch always returns, the rest
    of the block moves into the other branch (so no path leaves a return value undefined)."""
    out = []
    for i, stmt in enumerate(block):
        rest = block[i + 1 :]
        if isinstance(stmt, ast.If) and rest:
            if names.definitely_returns(stmt.body):
                stmt.orelse, rest = stmt.orelse + rest, None
            elif stmt.orelse and names.definitely_returns(stmt.orelse):
                stmt.body, rest = stmt.body + rest, None
        if not isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            for field in _BLOCKS:
                if getattr(stmt, field, None):
                    setattr(stmt, field, _move_rest_into_branches(getattr(stmt, field)))
            for handler in getattr(stmt, "handlers", []):
                handler.body = _move_rest_into_branches(handler.body)
        out.append(stmt)
        if rest is None:
            return out
    return out


def _nested_return(block) -> bool:
    compound = (ast.If, ast.For, ast.While, ast.With, ast.Try)
    return any(isinstance(s, compound) and names.contains([s], ast.Return, into_loops=True) for s in block)


def lower_returns(fn: ast.FunctionDef, namer: Namer) -> None:
    """``return`` inside ``if``/loops: ``do_return = True; retval_ = value``, the function
    returning ``retval_`` at its end (unchanged when every return is at the top level)."""
    if not _nested_return(fn.body):
        return
    fn.body = _move_rest_into_branches(fn.body)
    do_return, retval = namer.new("do_return"), namer.new("retval_")

    def lower(stmt):
        if isinstance(stmt, ast.Return):
            value = stmt.value or ast.Constant(None)
            new = [_set(do_return, ast.Constant(True)), _set(retval, value)]
            return [ast.copy_location(s, stmt) for s in new], True
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            return [stmt], False
        if isinstance(stmt, (ast.For, ast.While)):
            sets = _lower_blocks(stmt, lower, do_return, ("body",))
            if sets:
                _stop_loop(stmt, do_return)
            return [stmt], _lower_blocks(stmt, lower, do_return, ("orelse",)) or sets
        return [stmt], _lower_blocks(stmt, lower, do_return)

    body, _ = _guarded(fn.body, lower, do_return)
    undefined = ast.Call(
        func=ast.Attribute(value=_name("ag__"), attr="UndefinedReturnValue", ctx=ast.Load()),
        args=[],
        keywords=[],
    )
    first = fn.body[0]
    head = [_set(do_return, ast.Constant(False)), _set(retval, undefined)]
    ret = ast.Return(
        value=ast.Call(
            func=ast.Attribute(value=_name("ag__"), attr="retval", ctx=ast.Load()),
            args=[_name(retval)],
            keywords=[],
        )
    )
    fn.body = [*(ast.copy_location(s, first) for s in head), *body, ast.copy_location(ret, fn.body[-1])]
