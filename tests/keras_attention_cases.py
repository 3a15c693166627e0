"""Attention-layer cases shared by tests/test_keras_attention.py and
scripts/keras_attention_reference_tf.py (plain numpy; weights and inputs are the ramps of
keras_layer_cases.py; the loss is ``sum(output * ramp)`` over every output).
"""

from __future__ import annotations

import numpy as np

V_MASK = np.array([[True, True, False, True, False], [True, False, True, True, True]])
Q_MASK = np.array([[True, False, True], [True, True, True]])
ATTENTION_MASK = np.arange(30).reshape(2, 3, 5) % 3 != 1

# name: (layer class, constructor arguments, input shapes, "list" (layer([a, b])) or "args"
# (layer(a, b)), call arguments)
CASES = {
    "einsum_dense": (
        "EinsumDense",
        {"equation": "abc,cd->abd", "output_shape": (None, 4), "bias_axes": "d", "activation": "tanh"},
        [(2, 3, 5)],
        "args",
        {},
    ),
    "einsum_dense_heads": (
        "EinsumDense",
        {"equation": "abc,cde->abde", "output_shape": (None, 2, 3), "bias_axes": "de"},
        [(2, 3, 4)],
        "args",
        {},
    ),
    "einsum_dense_left_ellipsis": (
        "EinsumDense",
        {"equation": "...b,bc->...c", "output_shape": 3, "bias_axes": "c"},
        [(2, 3, 4)],
        "args",
        {},
    ),
    "einsum_dense_right_ellipsis": (
        "EinsumDense",
        {"equation": "ab...,bc->ac...", "output_shape": 5, "bias_axes": "c"},
        [(2, 4, 3)],
        "args",
        {},
    ),
    "dot_vectors": ("Dot", {"axes": 1}, [(2, 4), (2, 4)], "list", {}),
    "dot_sequences": ("Dot", {"axes": (2, 2)}, [(2, 3, 4), (2, 5, 4)], "list", {}),
    "dot_normalize": ("Dot", {"axes": (1, 1), "normalize": True}, [(2, 3, 4), (2, 3, 5)], "list", {}),
    "attention_scale_scores": (
        "Attention",
        {"use_scale": True},
        [(2, 3, 4), (2, 5, 4)],
        "list",
        {"return_attention_scores": True},
    ),
    "attention_concat_masks": (
        "Attention",
        {"score_mode": "concat"},
        [(2, 3, 4), (2, 5, 4), (2, 5, 4)],
        "list",
        {"mask": [Q_MASK, V_MASK]},
    ),
    "attention_causal": ("Attention", {}, [(2, 4, 3), (2, 4, 3)], "list", {"use_causal_mask": True}),
    "additive_attention": (
        "AdditiveAttention",
        {},
        [(2, 3, 4), (2, 5, 4)],
        "list",
        {"mask": [None, V_MASK], "return_attention_scores": True},
    ),
    "mha_scores": (
        "MultiHeadAttention",
        {"num_heads": 2, "key_dim": 3},
        [(2, 3, 4), (2, 5, 6)],
        "args",
        {"return_attention_scores": True},
    ),
    "mha_key_value_dim_no_bias": (
        "MultiHeadAttention",
        {"num_heads": 2, "key_dim": 3, "value_dim": 2, "output_shape": (5,), "use_bias": False},
        [(2, 3, 4), (2, 5, 6), (2, 5, 3)],
        "args",
        {"attention_mask": ATTENTION_MASK},
    ),
    "mha_causal_self": (
        "MultiHeadAttention",
        {"num_heads": 2, "key_dim": 2},
        [(2, 4, 4), (2, 4, 4)],
        "args",
        {"use_causal_mask": True},
    ),
    "mha_value_mask": (
        "MultiHeadAttention",
        {"num_heads": 1, "key_dim": 4},
        [(2, 3, 4), (2, 5, 4)],
        "args",
        {"value_mask": V_MASK, "return_attention_scores": True},
    ),
    "mha_attention_axes": (
        "MultiHeadAttention",
        {"num_heads": 2, "key_dim": 2, "attention_axes": (1, 2)},
        [(2, 2, 3, 4), (2, 2, 3, 4)],
        "args",
        {"return_attention_scores": True},
    ),
}
