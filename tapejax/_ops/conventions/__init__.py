"""TF's gradient conventions where they differ from JAX's: ``rules`` (``jax.custom_jvp``
functions: ``abs``, the relu family at the kink, ties in ``maximum``/``minimum``, ...) and the
``safe_mul`` primitive they need (TF's 0 where the incoming gradient is 0)."""
