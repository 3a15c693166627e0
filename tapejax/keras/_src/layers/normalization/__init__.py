"""Normalization layers."""
