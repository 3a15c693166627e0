"""Keras 3's dtype policies (``keras.dtype_policies``, ``keras.mixed_precision``)."""
