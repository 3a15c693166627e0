"""Random draws without an XLA program per shape: JAX's threefry bits on the host
(``threefry``) and JAX's own samplers run over fixed-size chunks of counters (``samplers``).

Both give exactly the values ``jax.random`` gives for the same key, shape and dtype
(``tests/test_random_creation.py`` pins it), so a model built from the same seeds has the same
weights as when each draw compiled a program of its own shape.
"""
