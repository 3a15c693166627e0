"""``compile``/``fit``/``evaluate``/``predict``: the trainer, compiled losses and metrics, epochs."""
