"""Core layers: Dense, EinsumDense, Embedding, Identity, Input, Lambda."""
