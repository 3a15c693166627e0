"""AutoGraph for ``tapejax.function``: Python ``if``/``while``/``for`` on tensors as staged control flow."""
