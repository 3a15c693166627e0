"""``Model.export``: a SavedModel of the model's serving function."""
