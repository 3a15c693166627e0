"""``tf.autograph``: ``to_code`` and ``experimental`` (defined in ``_api/autograph/``).

A namespace: re-exports only (see the README's Architecture)."""

from ._api.autograph import experimental
from ._api.autograph.conversion import to_code

__all__ = ["experimental", "to_code"]
