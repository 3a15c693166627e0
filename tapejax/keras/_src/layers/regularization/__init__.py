"""Dropout and noise layers, and ActivityRegularization."""
