"""``keras.utils.Config``: a dict of named values read and set as attributes, that can freeze."""

from __future__ import annotations

import copy
import difflib
import json


class Config:
    """Named values, as a dict and as attributes; ``freeze()`` forbids further changes.

    >>> import tapejax as tf
    >>> config = tf.keras.utils.Config(learning_rate=0.1)
    >>> config.seed = 123
    >>> config.as_dict()
    {'learning_rate': 0.1, 'seed': 123}
    """

    __attrs__ = None  # the object's own attributes; every other name is a value of the config

    def __init__(self, **kwargs):
        self._config = kwargs
        self._frozen = False
        self.__attrs__ = set(dir(self))

    @property
    def frozen(self) -> bool:
        """Whether the config refuses changes."""
        return self._frozen

    def freeze(self):
        """Forbids any further change (until ``unfreeze()``)."""
        self._frozen = True

    def unfreeze(self):
        self._frozen = False

    def _check_not_frozen(self):
        if self._frozen:
            raise ValueError("Cannot mutate attribute(s) because the config is frozen.")

    def as_dict(self) -> dict:
        return copy.copy(self._config)

    def to_json(self) -> str:
        return json.dumps(self._config)

    def keys(self):
        return self._config.keys()

    def values(self):
        return self._config.values()

    def items(self):
        return self._config.items()

    def pop(self, *args):
        self._check_not_frozen()
        return self._config.pop(*args)

    def update(self, *args, **kwargs):
        self._check_not_frozen()
        return self._config.update(*args, **kwargs)

    def get(self, keyname, value=None):
        return self._config.get(keyname, value)

    def _is_own(self, name: str) -> bool:
        own = object.__getattribute__(self, "__attrs__")
        return own is None or name in own

    def __setattr__(self, name, value):
        if self._is_own(name):
            object.__setattr__(self, name, value)
            return
        self._check_not_frozen()
        self._config[name] = value

    def __getattr__(self, name):
        if self._is_own(name):
            return object.__getattribute__(self, name)
        if name in self._config:
            return self._config[name]
        message = f"Unknown attribute: '{name}'."
        close = difflib.get_close_matches(name, self._config.keys(), n=1, cutoff=0.7)
        if close:
            message += f" Did you mean '{close[0]}'?"
        raise AttributeError(message)

    def __setitem__(self, key, item):
        self._check_not_frozen()
        self._config[key] = item

    def __getitem__(self, key):
        return self._config[key]

    def __delitem__(self, key):
        self._check_not_frozen()
        del self._config[key]

    def __contains__(self, item) -> bool:
        return item in self._config

    def __iter__(self):
        yield from sorted(self._config.keys())

    def __len__(self) -> int:
        return len(self._config)

    def __repr__(self) -> str:
        return f"<Config {self._config}>"
