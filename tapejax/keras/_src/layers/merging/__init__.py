"""Layers that merge a list of inputs."""
