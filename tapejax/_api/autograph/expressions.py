"""AutoGraph's expression rewrites: ``and``/``or``/``not``, ``a if c else b`` and calls.

``a and b`` becomes ``ag__.and_(lambda: a, lambda: b)`` (``b`` still evaluated only when
needed), ``not a`` ``ag__.not_(a)``, ``a if c else b`` ``ag__.if_exp(c, lambda: a, lambda: b)``,
which act on tensors as TF's ``tf.logical_*`` / ``tf.cond`` and on anything else as Python.
A call ``f(x)`` becomes ``ag__.converted_call(f, x)``, which converts ``f`` first when it is
the user's own function (not library code), as TF converts the functions a function calls.
``assert test, "message"`` becomes ``ag__.assert_stmt(test, lambda: "message")``: a
``tf.debugging.Assert`` on a tensor (TF's conversion with its ASSERT_STATEMENTS feature, which
TF leaves off by default: there, ``assert`` on a symbolic tensor raises), Python's ``assert``
on anything else; an ``assert`` whose message is not a constant stays as it is (as TF's).
"""

from __future__ import annotations

import ast

# Calls left as they are: builtins that look at their caller's frame (super, locals), print
# (a Python print at trace time, as TF keeps it) and builtins that never hold control flow.
_PLAIN_CALLS = frozenset(
    {
        "super",
        "locals",
        "globals",
        "vars",
        "eval",
        "exec",
        "print",
        "len",
        "isinstance",
        "issubclass",
        "range",
        "enumerate",
        "zip",
        "int",
        "float",
        "bool",
        "str",
        "list",
        "tuple",
        "dict",
        "set",
        "min",
        "max",
        "abs",
        "type",
        "getattr",
        "setattr",
        "hasattr",
        "iter",
        "next",
        "sorted",
        "reversed",
        "id",
        "repr",
        "format",
        "callable",
        "hash",
        "object",
    }
)


def _ag(attr: str) -> ast.Attribute:
    return ast.Attribute(value=ast.Name(id="ag__", ctx=ast.Load()), attr=attr, ctx=ast.Load())


def _thunk(expr: ast.expr) -> ast.Lambda:
    no_args = ast.arguments(
        posonlyargs=[], args=[], vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[]
    )
    return ast.Lambda(args=no_args, body=expr)


class Expressions(ast.NodeTransformer):
    """Rewrites the expressions of one function (its nested functions too)."""

    def visit_BoolOp(self, node):
        self.generic_visit(node)
        op = "and_" if isinstance(node.op, ast.And) else "or_"
        result = node.values[-1]
        for value in reversed(node.values[:-1]):
            result = ast.Call(func=_ag(op), args=[_thunk(value), _thunk(result)], keywords=[])
        return ast.copy_location(result, node)

    def visit_UnaryOp(self, node):
        self.generic_visit(node)
        if not isinstance(node.op, ast.Not):
            return node
        return ast.copy_location(ast.Call(func=_ag("not_"), args=[node.operand], keywords=[]), node)

    def visit_IfExp(self, node):
        self.generic_visit(node)
        call = ast.Call(
            func=_ag("if_exp"), args=[node.test, _thunk(node.body), _thunk(node.orelse)], keywords=[]
        )
        return ast.copy_location(call, node)

    def visit_Assert(self, node):
        self.generic_visit(node)
        if node.msg is not None and not isinstance(node.msg, ast.Constant):
            return node
        message = ast.Constant(None) if node.msg is None else _thunk(node.msg)
        call = ast.Call(func=_ag("assert_stmt"), args=[node.test, message], keywords=[])
        return ast.copy_location(ast.Expr(value=ast.copy_location(call, node)), node)

    def visit_Call(self, node):
        self.generic_visit(node)
        func = node.func
        if isinstance(func, ast.Name) and func.id in _PLAIN_CALLS:
            return node
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "ag__":
            return node
        call = ast.Call(func=_ag("converted_call"), args=[func, *node.args], keywords=node.keywords)
        return ast.copy_location(call, node)
