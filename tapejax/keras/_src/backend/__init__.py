"""The one place in ``tapejax.keras`` that imports the rest of tapejax: its Tensors, ops,
recording and TF API, KerasTensors and KerasVariables."""
