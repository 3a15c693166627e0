"""Keras 3's own folders (``keras/src/``): the code of ``tapejax.keras``; the public modules
one level up re-export from here. See ``tapejax/keras/README.md``."""
