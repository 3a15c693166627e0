"""Layers that reshape, pad, crop, repeat or resample."""
