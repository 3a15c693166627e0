"""The op table that Tensor's operators dispatch through: TF op name -> public op function.

Op modules fill it with :func:`register` as they define their ops; ``Tensor.__add__`` looks
up ``"add"`` here. This keeps each op's one implementation in its op module while Tensor,
which sits below the ops, still reaches it without a circular import.
"""

from __future__ import annotations

OPS: dict = {}


def register(name: str):
    def deco(fn):
        OPS[name] = fn
        return fn

    return deco
