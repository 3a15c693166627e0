"""``.keras``, ``.weights.h5`` and legacy ``.h5`` files, the registry of custom classes."""
