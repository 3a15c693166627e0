"""TensorShape: a tuple of ints that prints and compares as TensorFlow's does."""

from __future__ import annotations

from jax.export import is_symbolic_dim


class TensorShape(tuple):
    """The static shape of a tensor (``tf.TensorShape``).

    In eager code every dimension is known, so a shape is a tuple of ints: it compares equal
    to tuples and lists, indexes to ints, and slices to a shape. A shape built by hand (for a
    ``TensorSpec``) may have unknown dimensions, ``None``, as in TF.

    >>> TensorShape([7, 5])
    TensorShape([7, 5])
    >>> print(TensorShape([7, 5]))
    (7, 5)
    """

    __slots__ = ()

    def __new__(cls, dims=()):
        if dims is None:
            raise ValueError("tapejax shapes are always fully known; TensorShape(None) is not supported.")
        return super().__new__(cls, (d if d.__class__ is int else _dim(d) for d in dims))

    @property
    def rank(self) -> int:
        return len(self)

    ndims = rank

    @property
    def dims(self) -> list[int]:
        return list(self)

    def as_list(self) -> list[int]:
        return list(self)

    def num_elements(self) -> int | None:
        n = 1
        for d in self:
            if d is None:
                return None
            n *= d
        return n

    def is_fully_defined(self) -> bool:
        return None not in self

    def is_compatible_with(self, other) -> bool:
        other = tuple(other)
        return len(other) == len(self) and all(
            o is None or d is None or o == d for d, o in zip(self, other, strict=True)
        )

    def merge_with(self, other) -> TensorShape:
        """The shape with the known dimensions of both (``ValueError`` if they are incompatible)."""
        if not self.is_compatible_with(other):
            raise ValueError(
                f"Shapes {self} and {TensorShape(other)} are not compatible; "
                "TensorShape.merge_with needs shapes of one rank whose known "
                "dimensions are equal."
            )
        return TensorShape(d if d is not None else o for d, o in zip(self, tuple(other), strict=True))

    def with_rank_at_least(self, rank: int) -> TensorShape:
        if len(self) < rank:
            raise ValueError(f"Shape {self} must have rank at least {rank}")
        return self

    def concatenate(self, other) -> TensorShape:
        return TensorShape(tuple(self) + tuple(other))

    def __getitem__(self, key):
        if isinstance(key, slice):
            return TensorShape(tuple.__getitem__(self, key))
        return tuple.__getitem__(self, key)

    def __eq__(self, other) -> bool:
        if isinstance(other, (tuple, list)):
            return tuple(self) == tuple(other)
        return NotImplemented

    def __ne__(self, other) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    __hash__ = tuple.__hash__

    def __add__(self, other) -> TensorShape:
        return self.concatenate(other)

    def __repr__(self) -> str:
        return f"TensorShape({list(_shown(self))})"

    def __str__(self) -> str:
        return tuple.__repr__(_shown(self))


def _shown(dims) -> tuple:
    # A symbolic dimension (a tapejax.function traced once for every size) prints as TF's unknown
    # dimension, None.
    return tuple(None if is_symbolic_dim(d) else d for d in dims)


def _dim(d):
    # A symbolic dimension (jax.export) stays as it is (ops compute with it); it prints as None. It
    # appears while a function is traced for None dimensions, or exported by saved_model.save.
    return d if d is None or is_symbolic_dim(d) else int(d)


def dims_text(shape) -> str:
    """A shape as TF's kernel error messages print it: ``[3,2]`` (no spaces), ``[]`` for a scalar."""
    return "[" + ",".join(str(d) for d in shape) + "]"
