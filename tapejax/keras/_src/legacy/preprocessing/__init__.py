"""Keras 2's ``keras.preprocessing`` helpers that Keras 3 keeps (``image``, ``sequence``)."""
