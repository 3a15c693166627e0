"""The quantized dtype policies (``keras.dtype_policies.QuantizedDTypePolicy`` and its int4,
float8, GPTQ and AWQ kinds): names, checks and configs, as Keras 3 writes them in ``.keras``
files. tapejax's layers do not quantize: a layer given one of these raises (see Layer)."""

from __future__ import annotations

from .dtype_policy import QUANTIZATION_MODES, DTypePolicy, dtype_policy


class QuantizedDTypePolicy(DTypePolicy):
    """A quantized policy: ``mode`` (``'int8'``, ``'int4'``, ``'float8'``...) over a float policy.

    >>> import tapejax as tf
    >>> tf.keras.dtype_policies.QuantizedDTypePolicy('int8', 'float32')
    <QuantizedDTypePolicy "int8_from_float32">
    """

    _keras_module = "keras.dtype_policies"

    def __init__(self, mode: str, source_name: str | None = None):
        if source_name is None:
            source_name = dtype_policy().name
        self._compute_dtype, self._variable_dtype = self._parse_name(source_name)
        if mode not in QUANTIZATION_MODES:
            raise ValueError(
                f"Invalid quantization mode. Expected one of {QUANTIZATION_MODES}. Received: mode={mode}"
            )
        if self._compute_dtype == "float16" and mode == "int8":
            raise ValueError(f"Quantization mode='{mode}' doesn't work well with compute_dtype='float16'.")
        self._name = f"{mode}_from_{source_name}"
        self._source_name = source_name
        self._quantization_mode = mode

    def __eq__(self, other) -> bool:
        return (
            super().__eq__(other)
            and self._quantization_mode == other._quantization_mode
            and self._source_name == other._source_name
        )

    __hash__ = object.__hash__

    def get_config(self) -> dict:
        return {"mode": self._quantization_mode, "source_name": self._source_name}


class QuantizedFloat8DTypePolicy(QuantizedDTypePolicy):
    """The float8 policy, with the length of its amax history window."""

    default_amax_history_length = 1024

    def __init__(self, mode: str, source_name: str | None = None, amax_history_length: int = 1024):
        super().__init__(mode=mode, source_name=source_name)
        if not isinstance(amax_history_length, int):
            raise TypeError(
                f"`amax_history_length` must be an integer. Received: amax_history_length={amax_history_length}"
            )
        self._amax_history_length = amax_history_length

    @property
    def amax_history_length(self) -> int:
        return self._amax_history_length

    def __eq__(self, other) -> bool:
        return super().__eq__(other) and self._amax_history_length == other._amax_history_length

    __hash__ = object.__hash__

    def get_config(self) -> dict:
        return {**super().get_config(), "amax_history_length": self.amax_history_length}


def _mode_numbers(mode: str, kind: str, fields: tuple[str, ...], cls: str) -> list[int]:
    """The integers of ``'<kind>/<a>/<b>'``, checked as Keras checks them."""
    parts = mode.split("/")
    expected = "'" + "/".join([kind] + [f"<{f}>" for f in fields]) + "'"
    if len(parts) != len(fields) + 1 or parts[0] != kind:
        raise ValueError(f"Invalid mode for {cls}. Expected format {expected}, but got '{mode}'.")
    try:
        return [int(p) for p in parts[1:]]
    except ValueError:
        names = " and ".join(f"<{f}>" for f in fields)
        verb = "must be integers" if len(fields) > 1 else "must be an integer"
        raise ValueError(
            f"Invalid mode for {cls}. {names} {verb}. Expected format {expected}, but got '{mode}'."
        ) from None


def _check_group(size: int, mode: str, what: str, single: str) -> None:
    if size < -1 or size == 0:
        raise ValueError(
            f"Invalid {what} in mode. Supported values are -1 ({single}) or a positive integer"
            f"{' (sub-channel)' if what == 'block_size' else ''}, but got {size} from '{mode}'."
        )


class Int4DTypePolicy(QuantizedDTypePolicy):
    """int4 with a block size: ``mode`` is ``'int4/<block_size>'`` (-1: per channel)."""

    def __init__(self, mode: str, source_name: str | None = None):
        (block_size,) = _mode_numbers(mode, "int4", ("block_size",), "Int4DTypePolicy")
        _check_group(block_size, mode, "block_size", "per-channel")
        super().__init__(mode="int4", source_name=source_name)
        self._name = f"{mode}_from_{source_name}"
        self.mode, self.block_size = "int4", block_size

    def __eq__(self, other) -> bool:
        return super().__eq__(other) and self.block_size == other.block_size

    __hash__ = object.__hash__

    def get_config(self) -> dict:
        return {**super().get_config(), "mode": f"int4/{self.block_size}"}


class _GroupedDTypePolicy(QuantizedDTypePolicy):
    """``'<kind>/<weight_bits>/<group_size>'`` (GPTQ, AWQ)."""

    _kind, _bits, _single = "", (), ""

    def __init__(self, mode: str, source_name: str | None = None):
        cls = type(self).__name__
        bits, group = _mode_numbers(mode, self._kind, ("weight_bits", "group_size"), cls)
        self._check_bits(bits, mode)
        _check_group(group, mode, "group_size", self._single)
        super().__init__(mode=self._kind, source_name=source_name)
        self._name = f"{mode}_from_{source_name}"
        self.mode, self.weight_bits, self.group_size = self._kind, bits, group

    def _check_bits(self, bits: int, mode: str) -> None:
        if bits not in (2, 3, 4, 8):
            raise ValueError(
                f"Invalid weight_bits in mode. Supported values are 2, 3, 4, and 8, but got {bits} from '{mode}'."
            )

    def __eq__(self, other) -> bool:
        return (
            super().__eq__(other)
            and self.weight_bits == other.weight_bits
            and self.group_size == other.group_size
        )

    __hash__ = object.__hash__

    def get_config(self) -> dict:
        return {**super().get_config(), "mode": f"{self.mode}/{self.weight_bits}/{self.group_size}"}


class GPTQDTypePolicy(_GroupedDTypePolicy):
    """GPTQ: ``mode`` is ``'gptq/<weight_bits>/<group_size>'`` (bits 2, 3, 4 or 8)."""

    _kind, _single = "gptq", "whole-tensor"


class AWQDTypePolicy(_GroupedDTypePolicy):
    """AWQ: ``mode`` is ``'awq/4/<group_size>'`` (AWQ quantizes to 4 bits only)."""

    _kind, _single = "awq", "per-channel"

    def _check_bits(self, bits: int, mode: str) -> None:
        if bits != 4:
            raise ValueError(
                f"Invalid weight_bits in mode. AWQ only supports 4-bit quantization, but got {bits} from '{mode}'."
            )


def quantized_policy_by_name(policy: str) -> QuantizedDTypePolicy:
    """The policy a name such as ``'int8_from_float32'`` or ``'gptq/4/128_from_float32'`` names."""
    if not isinstance(policy, str):
        raise TypeError(f"`policy` must be a string. Received: policy={policy}")
    if not policy.startswith(QUANTIZATION_MODES):
        raise ValueError("`policy` is incompatible with the current supported quantization.")
    parts = policy.split("_from_")
    if len(parts) != 2:
        raise ValueError(
            "Cannot convert `policy` into a valid pair (`mode`, `source_name`) to instantiate "
            f"`QuantizedDTypePolicy`. Received: policy={policy}"
        )
    mode, source = parts
    if policy.startswith("int4") and "/" in mode:
        return Int4DTypePolicy(mode, source)
    kinds = {"gptq": GPTQDTypePolicy, "awq": AWQDTypePolicy, "float8": QuantizedFloat8DTypePolicy}
    return kinds.get(mode.split("/")[0], QuantizedDTypePolicy)(mode, source)
