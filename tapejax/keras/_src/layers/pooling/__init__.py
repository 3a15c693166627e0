"""Pooling layers, local and global."""
