"""Convolution layers: plain, transposed, depthwise, separable."""
