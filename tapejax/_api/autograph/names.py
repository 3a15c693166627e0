"""Which names a piece of Python code binds and reads (AutoGraph's static analysis).

Coarse on purpose, as the functional forms only need: the names a block assigns (its
candidates for a branch's outputs or a loop's carried state) and the names code reads (to
tell whether an assigned name is used later: read after the statement, or anywhere in an
enclosing loop, which runs it again).
"""

from __future__ import annotations

import ast

_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)
_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def _walk_scope(node):
    """The nodes of ``node`` in its own scope: nested functions, classes and comprehensions
    are not entered (their names are their own), but a nested def's name is bound here."""
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        for child in ast.iter_child_nodes(n):
            if isinstance(child, _SCOPES):
                yield child  # its name (and decorators, defaults) belong to this scope
                stack.extend(getattr(child, "decorator_list", []))
                continue
            if isinstance(child, _COMPREHENSIONS):
                continue
            stack.append(child)


def assigned(nodes) -> set:
    """The names the statements ``nodes`` bind in their own scope."""
    out: set = set()
    for node in nodes:
        for n in _walk_scope(node):
            if isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del)):
                out.add(n.id)
            elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and n is not node:
                out.add(n.name)
            elif isinstance(n, (ast.Import, ast.ImportFrom)):
                out.update((a.asname or a.name).split(".")[0] for a in n.names)
            elif isinstance(n, ast.ExceptHandler) and n.name:
                out.add(n.name)
    return out


def read(nodes) -> set:
    """Every name the nodes read, nested functions and comprehensions included (a closure
    reads the names it uses), and an augmented assignment's target."""
    out: set = set()
    for node in nodes:
        for n in ast.walk(node):
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load):
                out.add(n.id)
            elif isinstance(n, ast.AugAssign) and isinstance(n.target, ast.Name):
                out.add(n.target.id)
    return out


def parameters(fn: ast.FunctionDef) -> set:
    args = fn.args
    names = [a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)]
    names += [a.arg for a in (args.vararg, args.kwarg) if a is not None]
    return set(names)


def definitely_returns(block) -> bool:
    """Whether every path through ``block`` ends in a ``return`` (TF's rewriting rule)."""
    for stmt in block:
        if isinstance(stmt, ast.Return):
            return True
        if isinstance(stmt, ast.If) and definitely_returns(stmt.body) and definitely_returns(stmt.orelse):
            return True
        if isinstance(stmt, ast.With) and definitely_returns(stmt.body):
            return True
    return False


def contains(nodes, kinds, *, into_loops: bool) -> bool:
    """Whether a statement of ``kinds`` is inside ``nodes`` (not in nested functions; in
    nested loops only when ``into_loops``)."""
    stack = list(nodes)
    while stack:
        n = stack.pop()
        if isinstance(n, kinds):
            return True
        if isinstance(n, _SCOPES) or (not into_loops and isinstance(n, (ast.For, ast.While))):
            continue
        stack.extend(ast.iter_child_nodes(n))
    return False
