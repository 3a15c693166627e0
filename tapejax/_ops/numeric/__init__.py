"""``tf.math``'s numeric families beyond elementwise math: segment reductions, counting
(``bincount``, ``confusion_matrix``, histograms), special functions, polynomials."""
