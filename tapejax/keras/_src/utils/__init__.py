"""Helpers every part of keras may use: names, argument checks, serialization dicts,
arrays, datasets, the progress bar and the model summary."""
