"""Recurrent layers: each call one ``jax.lax.scan`` op over its cell's step."""
