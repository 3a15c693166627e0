"""``tf.distribute.cluster_resolver``: re-exports only."""

from ._cluster import SimpleClusterResolver, TFConfigClusterResolver

__all__ = ["SimpleClusterResolver", "TFConfigClusterResolver"]
