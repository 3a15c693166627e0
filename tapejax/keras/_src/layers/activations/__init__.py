"""Activation layers."""
