"""``tf.test``'s definitions: ``TestCase`` and its assertions, ``compute_gradient``, benchmarks."""
