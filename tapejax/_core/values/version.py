"""The package version (one place: the index and saved_model read it)."""

__version__ = "0.1.0"
