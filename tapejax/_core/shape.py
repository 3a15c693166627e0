"""TensorShape: a tuple of dimensions that prints and compares as TensorFlow's does; ``TensorShape(None)``
has an unknown rank."""

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
            return tuple.__new__(_UnknownRank, ())
        if isinstance(dims, _UnknownRank):
            return dims
        if isinstance(dims, int):  # TF: TensorShape(3) is the vector shape [3]
            dims = (dims,)
        return super().__new__(cls, (d if d.__class__ is int else _dim(d) for d in dims))

    def __bool__(self) -> bool:
        # TF: a shape is true when its rank is known, a scalar's shape () included.
        return True

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
        other = TensorShape(other)
        if other.rank is None:
            return True
        return len(other) == len(self) and all(
            o is None or d is None or o == d for d, o in zip(self, other, strict=True)
        )

    def assert_is_compatible_with(self, other) -> None:
        if not self.is_compatible_with(other):
            raise ValueError(f"Shapes {self} and {other} are incompatible")

    def merge_with(self, other) -> TensorShape:
        """The shape with the known dimensions of both (``ValueError`` if they are incompatible)."""
        other = TensorShape(other)
        if not self.is_compatible_with(other):
            raise ValueError(
                f"Shapes {self} and {other} are not compatible; TensorShape.merge_with needs "
                "shapes of one rank whose known dimensions are equal."
            )
        if other.rank is None:
            return self
        return TensorShape(d if d is not None else o for d, o in zip(self, other, strict=True))

    def most_specific_compatible_shape(self, other) -> TensorShape:
        """The most specific shape compatible with both: unknown where they differ."""
        other = TensorShape(other)
        if other.rank is None or len(other) != len(self):
            return TensorShape(None)
        return TensorShape(d if d == o else None for d, o in zip(self, other, strict=True))

    def most_specific_common_supertype(self, others) -> TensorShape | None:
        shape = self
        for other in others:
            shape = shape.most_specific_compatible_shape(other)
        return shape

    def is_subtype_of(self, other) -> bool:
        """Whether every shape this one describes is described by ``other`` (TF's tracing order)."""
        other = TensorShape(other)
        if other.rank is None:
            return True
        return len(other) == len(self) and all(o is None or d == o for d, o in zip(self, other, strict=True))

    def assert_has_rank(self, rank: int) -> None:
        if self.rank is not None and self.rank != rank:
            raise ValueError(f"Shape {self} must have rank {rank}")

    def assert_same_rank(self, other) -> None:
        other = TensorShape(other)
        if self.rank is not None and other.rank is not None and self.rank != other.rank:
            raise ValueError(f"Shapes {self} and {other} must have the same rank")

    def assert_is_fully_defined(self) -> None:
        if not self.is_fully_defined():
            raise ValueError(f"Shape {self} is not fully defined")

    def with_rank(self, rank: int) -> TensorShape:
        try:
            return self.merge_with(TensorShape([None] * rank))
        except ValueError:
            raise ValueError(f"Shape {self} must have rank {rank}") from None

    def with_rank_at_least(self, rank: int) -> TensorShape:
        if self.rank is not None and self.rank < rank:
            raise ValueError(f"Shape {self} must have rank at least {rank}")
        return self

    def with_rank_at_most(self, rank: int) -> TensorShape:
        if self.rank is not None and self.rank > rank:
            raise ValueError(f"Shape {self} must have rank at most {rank}")
        return self

    def concatenate(self, other) -> TensorShape:
        other = TensorShape(other)
        if other.rank is None:
            return other
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

    def __radd__(self, other) -> TensorShape:
        return TensorShape(other).concatenate(self)

    def __repr__(self) -> str:
        return f"TensorShape({list(_shown(self))})"

    def __str__(self) -> str:
        return tuple.__repr__(_shown(self))


class _UnknownRank(TensorShape):
    """``TensorShape(None)``: a shape whose rank is unknown (a ``TensorSpec(None)``), as TF's.
    It is a ``TensorShape`` (isinstance holds) that refuses what needs the rank."""

    __slots__ = ()

    @property
    def rank(self) -> None:
        return None

    ndims = rank

    @property
    def dims(self) -> None:
        return None

    def as_list(self):
        raise ValueError("as_list() is not defined on an unknown TensorShape.")

    def __len__(self) -> int:
        raise ValueError("Cannot take the length of shape with unknown rank.")

    def __iter__(self):
        raise ValueError("Cannot iterate over a shape with unknown rank.")

    def __bool__(self) -> bool:
        return False

    def num_elements(self) -> None:
        return None

    def is_fully_defined(self) -> bool:
        return False

    def is_compatible_with(self, other) -> bool:
        return True

    def merge_with(self, other) -> TensorShape:
        return TensorShape(other)

    def most_specific_compatible_shape(self, other) -> TensorShape:
        return self

    def is_subtype_of(self, other) -> bool:
        return TensorShape(other).rank is None

    def with_rank(self, rank: int) -> TensorShape:
        return TensorShape([None] * rank)

    def concatenate(self, other) -> TensorShape:
        return self

    def __getitem__(self, key):
        return self if isinstance(key, slice) else None

    def __eq__(self, other) -> bool:
        if isinstance(other, TensorShape):
            return other.rank is None
        return NotImplemented

    __hash__ = tuple.__hash__

    def __repr__(self) -> str:
        return "TensorShape(None)"

    def __str__(self) -> str:
        return "<unknown>"

    def __reduce__(self):
        return (TensorShape, (None,))


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
