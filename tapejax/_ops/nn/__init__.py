"""``tf.nn``'s families beyond activations, losses and the basic convolutions: transposed,
depthwise and separable convolutions, more pooling, CTC, sampled losses and candidate
samplers, normalization statistics."""
