"""keras.config, keras.backend (Keras 3's legacy functions), keras.tree, dtype policies and
mixed precision, against Keras 3.15 under TF 2.21 (issue 26).

The numbers are real Keras' (``scripts/keras_backend_reference.py`` prints them).
"""

from __future__ import annotations

import collections

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import tapejax as tf
from tapejax.keras._src.dtype_policies.quantized_dtype_policy import quantized_policy_by_name

keras = tf.keras
K = keras.backend

BATCH_DOT_AXES = [
    [
        [9.25153636932373, 3.4941177368164062, 3.382072687149048],
        [3.4941177368164062, 5.368422031402588, -0.6772966980934143],
        [3.382072687149048, -0.6772966980934143, 2.3149051666259766],
    ],
    [
        [0.9023362994194031, 0.966057300567627, -1.7273423671722412],
        [0.966057300567627, 3.101853370666504, -3.043956995010376],
        [-1.7273423671722412, -3.043956995010376, 8.243032455444336],
    ],
]
BATCH_DOT_2D = [[3.573997974395752], [-0.5472961664199829]]
RELU = [-0.30000001192092896, -0.05000000074505806, 6.0, 3.0]
HARD_SIGMOID = [0.0, 0.6000000238418579, 1.0]
CCE = [0.6931471824645996, 2.995732307434082]
CFCE = [0.043321698904037476, 0.675912082195282]
BCE = [
    [0.22314338386058807, 0.35667479038238525, 0.6931469440460205],
    [2.302583932876587, 2.99573016166687, 0.051293183118104935],
]
BFCE = [
    [0.006694300565868616, 0.024075549095869064, 0.04332168400287628],
    [1.3988196849822998, 0.6759116053581238, 9.617476462153718e-05],
]
SCCE = [0.6931471824645996, 2.995732307434082]
CONV1D_CAUSAL = [
    [
        [-0.24091801047325134, 0.637445330619812, -0.09737737476825714],
        [0.897952675819397, -3.3709702491760254, -0.8464187979698181],
        [-0.05014894902706146, -1.6338260173797607, -0.468924880027771],
        [-0.2645311653614044, 2.7197823524475098, 0.004282085224986076],
        [-1.2568600177764893, 3.914820909500122, -0.3806873857975006],
    ]
]
POOL2D_AVG = [
    [
        [
            [-0.4803069531917572, -0.30066460371017456],
            [-0.4137275218963623, 0.2844800353050232],
            [0.8025315999984741, -1.3855347633361816],
        ],
        [
            [0.7584745287895203, 1.0521020889282227],
            [0.13403332233428955, 0.3327817916870117],
            [-0.5311050415039062, 0.9730178713798523],
        ],
        [
            [-0.7933712005615234, 0.5980831384658813],
            [1.8952505588531494, 1.19327974319458],
            [-0.8612256646156311, 1.910064935684204],
        ],
    ]
]
SPATIAL_PAD = [
    [
        [[0.0], [0.0], [0.0], [0.0]],
        [[0.17742614448070526], [-1.630198359489441], [0.0], [0.0]],
        [[0.4023416340351105], [-0.8707971572875977], [0.0], [0.0]],
    ]
]
STD = [
    [0.9056229591369629, 0.6518041491508484, 0.3869028091430664, 0.9955278635025024],
    [1.7606468200683594, 0.35391172766685486, 0.2352295219898224, 0.5354911088943481],
]
SQRT = [0.0, 2.0]
REPEAT_ELEMENTS = [[1, 1, 2, 2], [3, 3, 4, 4]]
SWITCH = [[1.0, 0.0], [1.0, 0.0]]
CTC_COST = [[4.005831241607666], [2.8885650634765625]]
CTC_DECODED = [[0, 1, 2, -1, -1], [2, 0, 2, 0, -1]]
CTC_LOG_PROB = [[3.275066375732422], [2.8486838340759277]]
RESULT_TYPES = [
    "float16",
    "float32",
    "int16",
    "float16",
    "float32",
    "int8",
    "float32",
    "int64",
    "float32",
    "uint32",
]
MIXED_DENSE = [[3.482421875, 0.0], [1.57421875, 0.8466796875], [1.001953125, 0.0], [3.048828125, 0.0]]
MIXED_CONV = [
    [
        [[2.11328125, -1.4775390625], [-2.98046875, 0.497314453125]],
        [[-5.19921875, 2.384765625], [-3.41796875, 2.08984375]],
    ]
]
LSO_SCALED = 204.97244262695312
LSO_BIAS_1 = [-1.321874976158142, -0.4193359613418579]
RNN = {  # last output, outputs, state
    "PLAIN": (
        [[0.8596926331520081, -0.4062229096889496], [-0.7018867135047913, -0.16800183057785034]],
        [
            [
                [0.8299668431282043, 0.30673980712890625],
                [0.870669960975647, 0.4398925304412842],
                [0.8596926331520081, -0.4062229096889496],
            ],
            [
                [-0.7756044268608093, 0.5925549864768982],
                [-0.8309543132781982, -0.37417781352996826],
                [-0.7018867135047913, -0.16800183057785034],
            ],
        ],
        [[0.8596926331520081, -0.4062229096889496], [-0.7018867135047913, -0.16800183057785034]],
    ),
    "MASKED": (
        [[0.8542885184288025, -0.4602714478969574], [-0.8309543132781982, -0.37417781352996826]],
        [
            [
                [0.8299668431282043, 0.30673980712890625],
                [0.8299668431282043, 0.30673980712890625],
                [0.8542885184288025, -0.4602714478969574],
            ],
            [
                [-0.7756044268608093, 0.5925549864768982],
                [-0.8309543132781982, -0.37417781352996826],
                [-0.8309543132781982, -0.37417781352996826],
            ],
        ],
        [[0.8542885184288025, -0.4602714478969574], [-0.8309543132781982, -0.37417781352996826]],
    ),
    "BACKWARDS_ZEROED": (
        [[0.9113339781761169, 0.030752884224057198], [-0.8780552744865417, 0.3650917112827301]],
        [
            [
                [0.6946211457252502, -0.5723600387573242],
                [0.0, 0.0],
                [0.9113339781761169, 0.030752884224057198],
            ],
            [
                [0.0, 0.0],
                [-0.6659386157989502, -0.5976926684379578],
                [-0.8780552744865417, 0.3650917112827301],
            ],
        ],
        [[0.9113339781761169, 0.030752884224057198], [-0.8780552744865417, 0.3650917112827301]],
    ),
}


@pytest.fixture(autouse=True)
def _fresh_keras_state():
    keras.backend.clear_session()
    yield
    keras.backend.clear_session()


def _inputs():
    """The draws of scripts/keras_backend_reference.py, in its order."""
    rng = np.random.RandomState(0)
    x, y = rng.randn(2, 3, 4).astype("float32"), rng.randn(2, 4, 5).astype("float32")
    img, k = rng.randn(1, 5, 5, 2).astype("float32"), rng.randn(3, 3, 2, 3).astype("float32")
    seq = rng.randn(2, 3, 2).astype("float32")
    logits = rng.randn(2, 5, 4).astype("float32")
    return tf.constant(x), tf.constant(y), tf.constant(img), tf.constant(k), tf.constant(seq), logits


def close(got, want, rtol=1e-5, atol=1e-6):
    np.testing.assert_allclose(
        np.asarray(got), np.asarray(want, dtype=np.asarray(got).dtype), rtol=rtol, atol=atol
    )


# -- keras.config ---------------------------------------------------------------------------
def test_config_defaults_setters_and_keras_errors():
    cfg = keras.config
    assert (cfg.floatx(), cfg.epsilon(), cfg.image_data_format(), cfg.backend()) == (
        "float32",
        1e-07,
        "channels_last",
        "tensorflow",
    )
    cfg.set_floatx("float64")
    assert K.floatx() == "float64" and keras.DTypePolicy().name == "float64"
    cfg.set_floatx("float32")
    cfg.set_epsilon(1e-5)
    assert K.epsilon() == 1e-5
    cfg.set_epsilon(1e-7)
    with pytest.raises(ValueError, match=r"Unknown `floatx` value: int32\. Expected one of"):
        cfg.set_floatx("int32")
    with pytest.raises(
        ValueError, match=r"must be one of \{'channels_first', 'channels_last'\}\. Received: data_format=nchw"
    ):
        cfg.set_image_data_format("NCHW")
    with pytest.raises(ValueError, match=r"Available backends are .* Received: backend=foo"):
        cfg.set_backend("foo")
    with pytest.raises(NotImplementedError, match="cannot be reloaded onto another backend"):
        cfg.set_backend("jax")
    cfg.set_backend("tensorflow")  # already it


def test_config_switches_are_reset_by_clear_session_as_in_keras():
    cfg = keras.config
    cfg.disable_interactive_logging()
    cfg.disable_flash_attention()
    cfg.disable_traceback_filtering()
    cfg.set_dtype_policy("mixed_float16")
    assert not cfg.is_interactive_logging_enabled() and cfg.is_flash_attention_enabled() is False
    assert not cfg.is_traceback_filtering_enabled() and cfg.dtype_policy().name == "mixed_float16"
    K.clear_session()  # Keras 3.15: every switch back to its default, the policy to float32
    assert cfg.is_interactive_logging_enabled() and cfg.is_flash_attention_enabled() is None
    assert cfg.is_traceback_filtering_enabled() and repr(cfg.dtype_policy()) == '<DTypePolicy "float32">'
    cfg.set_max_epochs(3)
    assert cfg.max_epochs() == 3 and cfg.max_steps_per_epoch() is None and not cfg.is_nnx_enabled()
    cfg.set_max_epochs(None)


def test_get_uid_shares_keras_layer_name_counters():
    assert K.get_uid("dense") == 1
    assert keras.layers.Dense(1).name == "dense_1"  # as Keras: the counter was drawn once already
    assert K.get_uid("dense") == 3


# -- dtypes and policies --------------------------------------------------------------------
def test_result_type_and_standardize_dtype():
    pairs = [
        ("int32", "float16"),
        ("int64", "float32"),
        ("int8", "uint8"),
        (int, "float16"),
        (float, "int32"),
    ]
    pairs += [
        ("bool", "int8"),
        ("float16", "bfloat16"),
        ("int64", "uint32"),
        ("uint64", "int64"),
        ("uint64",),
    ]
    assert [K.result_type(*p) for p in pairs] == RESULT_TYPES
    assert K.standardize_dtype(tf.float16) == "float16" and K.standardize_dtype(int) == "int64"
    assert K.is_float_dtype("bfloat16") and K.is_int_dtype("uint8") and not K.is_int_dtype(bool)
    with pytest.raises(ValueError, match="Invalid dtype: float$"):
        K.standardize_dtype("float")
    with pytest.raises(ValueError, match="dtype='string' is not a valid dtype for Keras type promotion"):
        K.result_type("bool", "string")
    with pytest.raises(ValueError, match="There is no implicit conversions from float8 dtypes to others"):
        K.result_type("float8_e4m3fn", "float32")


def test_dtype_policies_names_configs_and_errors():
    dp = keras.dtype_policies
    policy = dp.get("mixed_bfloat16")
    assert (policy.compute_dtype, policy.variable_dtype) == ("bfloat16", "float32")
    assert dp.serialize(policy) == {
        "module": "keras",
        "class_name": "DTypePolicy",
        "config": {"name": "mixed_bfloat16"},
        "registered_name": None,
    }
    assert dp.deserialize(dp.serialize(policy)) == policy
    assert repr(dp.FloatDTypePolicy("float16")) == '<DTypePolicy "float16">'
    assert repr(dp.get("int8_from_mixed_bfloat16")) == '<QuantizedDTypePolicy "int8_from_mixed_bfloat16">'
    assert repr(dp.get("float8_from_float32")) == '<QuantizedFloat8DTypePolicy "float8_from_float32">'
    quantized = dp.get("int8_from_float32")
    assert dp.serialize(quantized) == {
        "module": "keras.dtype_policies",
        "class_name": "QuantizedDTypePolicy",
        "config": {"mode": "int8", "source_name": "float32"},
        "registered_name": None,
    }
    assert dp.get("gptq/4/128_from_float32").get_config() == {"mode": "gptq/4/128", "source_name": "float32"}
    assert dp.get("int4/64_from_float32").block_size == 64
    assert keras.mixed_precision.Policy is dp.DTypePolicy
    with pytest.raises(ValueError, match="Cannot convert 'int8x' to a mixed precision DTypePolicy"):
        dp.DTypePolicy("int8x")
    with pytest.raises(
        TypeError, match=r"'name' must be a string, such as 'mixed_float16'\. Received: name=3"
    ):
        dp.DTypePolicy(3)
    with pytest.raises(ValueError, match=r"Cannot interpret `dtype` argument\. .* Received: dtype=3\.5"):
        dp.get(3.5)
    with pytest.raises(ValueError, match=r"Invalid `policy` argument\. .* Received: policy=3"):
        keras.config.set_dtype_policy(3)
    with pytest.raises(ValueError, match=r"Invalid quantization mode\. .* Received: mode=int9"):
        dp.QuantizedDTypePolicy("int9")
    with pytest.raises(ValueError, match="doesn't work well with compute_dtype='float16'"):
        dp.QuantizedDTypePolicy("int8", "mixed_float16")
    with pytest.raises(ValueError, match="AWQ only supports 4-bit quantization, but got 8"):
        dp.AWQDTypePolicy("awq/8/128", "float32")
    with pytest.raises(
        ValueError, match=r"Expected format 'gptq/<weight_bits>/<group_size>', but got 'gptq/4'"
    ):
        dp.GPTQDTypePolicy("gptq/4", "float32")
    with pytest.raises(ValueError, match="Supported values are 2, 3, 4, and 8, but got 5"):
        dp.GPTQDTypePolicy("gptq/5/128", "float32")
    with pytest.raises(ValueError, match=r"<block_size> must be an integer"):
        dp.Int4DTypePolicy("int4/x", "float32")
    with pytest.raises(ValueError, match=r"Supported values are -1 \(per-channel\) or a positive integer"):
        dp.Int4DTypePolicy("int4/0", "float32")
    with pytest.raises(TypeError, match="`amax_history_length` must be an integer"):
        dp.QuantizedFloat8DTypePolicy("float8", "float32", amax_history_length=1.5)
    with pytest.raises(ValueError, match="Cannot convert `policy` into a valid pair"):
        dp.get("int8_from_a_from_b")
    with pytest.raises(ValueError, match="Could not interpret dtype policy identifier"):
        dp.deserialize({"class_name": "Nope", "config": {}})
    with pytest.raises(ValueError, match=r"<weight_bits> and <group_size> must be integers"):
        dp.GPTQDTypePolicy("gptq/a/b", "float32")
    with pytest.raises(TypeError, match="`policy` must be a string"):
        quantized_policy_by_name(3)
    with pytest.raises(ValueError, match="`policy` is incompatible with the current supported quantization"):
        quantized_policy_by_name("uint8_from_float32")
    with pytest.raises(NotImplementedError, match="quantized dtype policies .* are not supported"):
        keras.layers.Dense(2, dtype="int8_from_float32")


def test_dtype_policy_map_by_layer_path():
    policies = keras.dtype_policies.DTypePolicyMap("float32")
    policies["decoder/.*"] = "mixed_float16"
    policies["decoder/dense"] = "bfloat16"
    assert policies["decoder/dense"].name == "bfloat16" and policies["encoder/x"].name == "float32"
    assert policies.name == "map_float32" and len(policies) == 2
    policies["deco.*"] = "float16"
    with pytest.raises(ValueError, match="matches multiple dtype policy specification keys"):
        policies["decoder/conv"]
    with pytest.raises(ValueError, match="already exist in the DTypePolicyMap"):
        policies["deco.*"] = "float16"
    with pytest.raises(ValueError, match="Cannot interpret the assigned value"):
        policies["x"] = 3.5
    with pytest.raises(ValueError, match="`default_policy` cannot be a `DTypePolicyMap`"):
        keras.dtype_policies.DTypePolicyMap(policies)
    with pytest.raises(TypeError, match="If specified, `policy_map` must be a dict"):
        keras.dtype_policies.DTypePolicyMap(policy_map=[1])
    copy = keras.dtype_policies.deserialize(keras.dtype_policies.serialize(policies))
    assert copy["decoder/dense"].name == "bfloat16"


# -- mixed precision -------------------------------------------------------------------------
def _mixed_layers():
    rng = np.random.RandomState(0)
    x = rng.randn(4, 3).astype("float32")
    dense = keras.layers.Dense(2, activation="relu")
    dense.build((None, 3))
    dense.set_weights([rng.randn(3, 2).astype("float32"), np.array([0.5, -0.25], "float32")])
    conv = keras.layers.Conv2D(2, 2)
    conv.build((None, 3, 3, 1))
    conv.set_weights([rng.randn(2, 2, 1, 2).astype("float32"), np.zeros(2, "float32")])
    return x, dense, conv, rng.randn(1, 3, 3, 1).astype("float32")


def test_mixed_float16_layers_keep_float32_variables_and_compute_in_float16():
    keras.mixed_precision.set_global_policy("mixed_float16")
    x, dense, conv, image = _mixed_layers()
    y, z = dense(x), conv(image)
    assert (dense.dtype, dense.compute_dtype, dense.kernel.dtype, y.dtype) == (
        "float32",
        "float16",
        tf.float32,
        tf.float16,
    )
    assert z.dtype == tf.float16 and conv.kernel.dtype == tf.float32
    close(y, MIXED_DENSE, rtol=0, atol=0)  # bit for bit: the same float16 ops
    close(z, MIXED_CONV, rtol=1e-3, atol=1e-3)
    assert dense.get_config()["dtype"]["config"] == {"name": "mixed_float16"}
    assert keras.layers.Dense(2, dtype="float32").compute_dtype == "float32"
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.cast(dense(x), "float32") ** 2)
    grads = tape.gradient(loss, dense.trainable_variables)
    assert [g.dtype for g in grads] == [tf.float32, tf.float32]  # back through the read's cast
    # JAX's gradient of the same float16 computation, from the float32 weights:
    kernel, bias = (w.numpy() for w in dense.weights)

    def f(k, b):
        out = jax.nn.relu(jnp.asarray(x, jnp.float16) @ k.astype(jnp.float16) + b.astype(jnp.float16))
        return jnp.sum(out.astype(jnp.float32) ** 2)

    for got, want in zip(grads, jax.grad(f, argnums=(0, 1))(kernel, bias), strict=True):
        close(got, want, rtol=2e-3, atol=2e-3)


def test_loss_scale_optimizer_scales_unscales_and_skips_non_finite_steps():
    keras.mixed_precision.set_global_policy("mixed_float16")
    x, dense, _, _ = _mixed_layers()
    opt = keras.mixed_precision.LossScaleOptimizer(
        keras.optimizers.SGD(0.1), initial_scale=8.0, dynamic_growth_steps=2
    )
    assert [v.name for v in opt.variables] == ["iteration", "learning_rate", "iteration", "learning_rate"]
    with tf.GradientTape() as tape:
        scaled = opt.scale_loss(tf.reduce_sum(tf.cast(dense(x), "float32") ** 2))
    grads = tape.gradient(scaled, dense.trainable_variables)
    close(scaled, LSO_SCALED)
    opt.apply(grads, dense.trainable_variables)
    close(dense.bias, LSO_BIAS_1, rtol=2e-3)  # float16 sums in another order
    state = lambda: [
        int(opt.step_counter.numpy()),
        float(opt.dynamic_scale.numpy()),
        int(opt.iterations.numpy()),
    ]  # noqa: E731
    assert state() == [1, 8.0, 1]
    before = dense.get_weights()
    opt.apply([tf.fill((3, 2), np.inf), grads[1]], dense.trainable_variables)
    assert state() == [0, 4.0, 1]  # skipped: weights and iterations unchanged, scale halved
    for a, b in zip(before, dense.get_weights(), strict=True):
        np.testing.assert_array_equal(a, b)
    opt.apply(grads, dense.trainable_variables)
    opt.apply(grads, dense.trainable_variables)
    assert state() == [0, 8.0, 3]  # two finite steps: the scale doubles

    @tf.function
    def step(gs):
        opt.apply(gs, dense.trainable_variables)

    before = dense.get_weights()
    step([tf.fill((3, 2), np.nan), grads[1]])  # compiled: the same skip, without a Python branch
    assert state() == [0, 4.0, 3]
    for a, b in zip(before, dense.get_weights(), strict=True):
        np.testing.assert_array_equal(a, b)
    step(list(grads))
    assert state() == [1, 4.0, 4]
    close(dense.bias, before[1] - 0.1 * grads[1].numpy() / 4.0)


def test_loss_scale_optimizer_rejects_keras_refused_options():
    sgd = keras.optimizers.SGD()
    with pytest.raises(ValueError, match="no longer supports `dynamic=False`"):
        keras.mixed_precision.LossScaleOptimizer(sgd, dynamic=False)
    with pytest.raises(
        ValueError, match="does not support `clipnorm`. Instead, set `clipnorm` on the `inner_optimizer`"
    ):
        keras.mixed_precision.LossScaleOptimizer(sgd, clipnorm=1.0)
    with pytest.raises(ValueError, match="does not support arguments: `foo`"):
        keras.mixed_precision.LossScaleOptimizer(sgd, foo=1)
    assert float(keras.mixed_precision.LossScaleOptimizer(sgd).scale_loss(2.0)) == 65536.0


# -- keras.tree ----------------------------------------------------------------------------
P = collections.namedtuple("P", ["x", "y"])


def test_tree_follows_keras_order_paths_and_errors():
    tree = keras.tree
    s = {"b": [1, (2, None)], "a": P(3, 4), "c": collections.OrderedDict([("z", 5), ("y", 6)])}
    assert tree.flatten(s) == [3, 4, 1, 2, None, 5, 6]
    assert tree.flatten_with_path(s)[:3] == [(("a", 0), 3), (("a", 1), 4), (("b", 0), 1)]
    assert tree.pack_sequence_as(s, list(range(7))) == {
        "b": [2, (3, 4)],
        "a": P(0, 1),
        "c": collections.OrderedDict([("z", 5), ("y", 6)]),
    }
    seen = []
    assert tree.traverse(seen.append, [(1, 2), [3], {"a": 4}], top_down=False) == [(1, 2), [3], {"a": 4}]
    assert seen == [1, 2, (1, 2), 3, [3], 4, {"a": 4}, [(1, 2), [3], {"a": 4}]]
    assert tree.traverse(lambda x: tree.MAP_TO_NONE if x == 2 else None, [(1, 2), [3]]) == [(1, None), [3]]
    assert tree.lists_to_tuples([1, [2, {"a": [3]}]]) == (1, (2, {"a": (3,)}))
    assert tree.map_shape_structure(lambda s: (*s, 1), {"a": (2, None), "b": [(3,), (4, 5)]}) == {
        "a": (2, None, 1),
        "b": [(3, 1), (4, 5, 1)],
    }
    assert tree.map_structure_up_to(([1], 2), lambda a, b: (a, b), ([[1, 2]], 3), ([4], 5)) == (
        [([1, 2], 4)],
        (3, 5),
    )
    assert tree.flatten(collections.deque([1, 2])) == [1, 2] and not tree.is_nested(None)
    with pytest.raises(ValueError, match=r"^Expected an instance of list, got \(1, 2\)\.$"):
        tree.assert_same_structure([1, 2], (1, 2))
    with pytest.raises(ValueError, match="^Structures don't have the same nested structure.$"):
        tree.assert_same_structure([1, 2], [1, [2]])
    with pytest.raises(ValueError, match=r"^list arity mismatch; expected: 2, got: 1; list: \[1\]\.$"):
        tree.map_structure(lambda a, b: a, [1, 2], [1])
    with pytest.raises(ValueError, match=r"^Too few leaves for PyTreeSpec; expected: 2, got: 1\.$"):
        tree.pack_sequence_as([1, 2], [1])
    with pytest.raises(ValueError, match=r"^Too many leaves for PyTreeSpec; expected: 2\.$"):
        tree.pack_sequence_as([1, 2], [1, 2, 3])
    with pytest.raises(
        ValueError, match="`a` and `b` don't have the same paths.\nPaths in `a` missing in `b`"
    ):
        tree.assert_same_paths([1, 2], {"a": 1})
    with pytest.raises(ValueError, match="Must provide at least one structure"):
        tree.map_structure(lambda a: a)
    with pytest.raises(ValueError, match=r"dictionary key mismatch; expected key\(s\): \['a'\]"):
        tree.map_structure(lambda a, b: a, {"a": 1}, {"b": 1})
    with pytest.raises(ValueError, match=r"^Expected an instance of dict, got \[1\]\.$"):
        tree.assert_same_structure({"a": 1}, [1])
    with pytest.warns(DeprecationWarning, match="no longer has any effect, please remove"):
        tree.assert_same_structure([1], [2], check_types=True)
    with pytest.warns(DeprecationWarning, match="For a looser check, use `keras.tree.assert_same_paths"):
        tree.assert_same_structure([1], [2], check_types=False)


# -- keras.backend (legacy) -----------------------------------------------------------------
def test_legacy_array_and_loss_functions_match_keras():
    x, y, img, k, _, _ = _inputs()
    close(K.batch_dot(x, x, axes=(2, 2)), BATCH_DOT_AXES)
    close(K.batch_dot(x[:, 0], y[:, :, 0], axes=1), BATCH_DOT_2D)
    close(K.batch_dot(x, y), np.einsum("bij,bjk->bik", x.numpy(), y.numpy()), rtol=1e-5, atol=1e-5)
    close(K.dot(x, y[0]), x.numpy() @ y.numpy()[0], rtol=1e-5, atol=1e-5)
    close(K.relu(tf.constant([-2.0, 0.5, 7.0, 3.0]), alpha=0.1, max_value=6.0, threshold=1.0), RELU)
    close(K.hard_sigmoid(tf.constant([-3.0, 0.5, 4.0])), HARD_SIGMOID)
    p = tf.constant([[0.2, 0.3, 0.5], [0.9, 0.05, 0.05]])
    t = tf.constant([[0.0, 0.0, 1.0], [0.0, 1.0, 0.0]])
    close(K.categorical_crossentropy(t, p), CCE)
    close(K.categorical_focal_crossentropy(t, p), CFCE)
    close(K.binary_crossentropy(t, p), BCE)
    close(K.binary_focal_crossentropy(t, p, apply_class_balancing=True), BFCE)
    close(K.sparse_categorical_crossentropy(tf.constant([2, 1]), p), SCCE)
    close(K.conv1d(img[:, 0], k[0], padding="causal", dilation_rate=2), CONV1D_CAUSAL)
    close(K.pool2d(img, (2, 2), (2, 2), padding="same", pool_mode="avg"), POOL2D_AVG)
    close(K.spatial_2d_padding(img[:, :2, :2, :1], ((1, 0), (0, 2))), SPATIAL_PAD)
    close(K.std(x, axis=1), STD)
    close(K.sqrt(tf.constant([-1.0, 4.0])), SQRT)
    np.testing.assert_array_equal(
        K.repeat_elements(tf.constant([[1, 2], [3, 4]]), 2, axis=1), REPEAT_ELEMENTS
    )
    close(K.switch(tf.constant([True, False]), tf.ones((2, 2)), tf.zeros((2, 2))), SWITCH)
    assert K.int_shape(x) == (2, 3, 4) and K.ndim(x) == 3 and K.dtype(x) == "float32"


def test_legacy_gradients_are_jax_gradients():
    x, y, _, _, _, _ = _inputs()
    with tf.GradientTape() as tape:
        tape.watch([x, y])
        out = tf.reduce_sum(K.batch_dot(x, y) ** 2)
    gx, gy = tape.gradient(out, [x, y])
    want = jax.grad(lambda a, b: jnp.sum(jnp.einsum("bij,bjk->bik", a, b) ** 2), argnums=(0, 1))(
        x.numpy(), y.numpy()
    )
    close(gx, want[0], rtol=1e-4, atol=1e-4)
    close(gy, want[1], rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("kind", ["PLAIN", "MASKED", "BACKWARDS_ZEROED"])
def test_legacy_rnn_matches_keras(kind):
    *_, seq, _ = _inputs()
    mask = tf.constant([[True, False, True], [True, True, False]])
    options = {
        "PLAIN": {},
        "MASKED": {"mask": mask},
        "BACKWARDS_ZEROED": {"mask": mask, "go_backwards": True, "zero_output_for_mask": True},
    }

    def step(inputs, states):
        h = K.tanh(inputs + states[0] * 0.5)
        return h, [h]

    last, outputs, states = K.rnn(step, seq, [tf.zeros((2, 2))], **options[kind])
    want_last, want_outputs, want_state = RNN[kind]
    close(last, want_last)
    close(outputs, want_outputs)
    close(states[0], want_state)


def test_legacy_ctc_cost_and_greedy_decode_match_keras():
    *_, logits = _inputs()
    probs = tf.nn.softmax(logits)
    labels = tf.constant([[1, 2], [0, 0]])
    close(
        K.ctc_batch_cost(labels, probs, tf.constant([[5], [4]]), tf.constant([[2], [1]])), CTC_COST, rtol=1e-4
    )
    decoded, log_prob = K.ctc_decode(probs, tf.constant([5, 4]))
    np.testing.assert_array_equal(decoded[0], CTC_DECODED)
    close(log_prob, CTC_LOG_PROB, rtol=1e-5)
    with pytest.raises(NotImplementedError, match="no CTC beam search decoder yet"):
        K.ctc_decode(probs, tf.constant([5, 4]), greedy=False)
    with pytest.raises(NotImplementedError, match="returns a tf.SparseTensor, which tapejax does not have"):
        K.ctc_label_dense_to_sparse(labels, tf.constant([2, 1]))


def test_legacy_variables_and_keras_errors():
    v = K.variable([1.0, 2.0])
    K.set_value(v, [3.0, 4.0])
    np.testing.assert_array_equal(K.get_value(v), [3.0, 4.0])
    K.update_add(v, [1.0, 1.0])
    K.moving_average_update(v, tf.constant([0.0, 0.0]), 0.5)
    np.testing.assert_array_equal(K.eval(v), [2.0, 2.5])
    assert K.count_params(K.zeros((2, 3))) == 6 and K.arange(5).dtype == tf.int32
    assert K.random_normal((3,), seed=1).shape == (3,) and K.random_bernoulli((4,), p=1.0).numpy().sum() == 4
    with pytest.raises(ValueError, match="Cannot do batch_dot on inputs with rank < 2"):
        K.batch_dot(tf.ones(2), tf.ones((2, 2)))
    with pytest.raises(ValueError, match="Cannot do batch_dot on inputs with different batch sizes"):
        K.batch_dot(tf.ones((2, 2)), tf.ones((3, 2)))
    with pytest.raises(ValueError, match="Cannot perform batch_dot over axis 0"):
        K.batch_dot(tf.ones((2, 2)), tf.ones((2, 2)), axes=(0, 1))
    with pytest.raises(ValueError, match=r"Multiple target dimensions are not supported"):
        K.batch_dot(tf.ones((2, 2)), tf.ones((2, 2)), axes=[(1, 1), 1])
    with pytest.raises(ValueError, match=r"x.shape\[1\] != y.shape\[1\] \(2 != 3\)"):
        K.batch_dot(tf.ones((2, 2)), tf.ones((2, 3)), axes=(1, 1))


def test_legacy_nn_functions_raise_keras_errors():
    with pytest.raises(ValueError, match="Unknown data_format: nhwc"):
        K.conv2d(tf.ones((1, 3, 3, 1)), tf.ones((1, 1, 1, 1)), data_format="nhwc")
    with pytest.raises(ValueError, match="Invalid padding: full"):
        K.conv2d(tf.ones((1, 3, 3, 1)), tf.ones((1, 1, 1, 1)), padding="full")
    with pytest.raises(ValueError, match="Invalid pooling mode: min"):
        K.pool2d(tf.ones((1, 2, 2, 1)), (2, 2), pool_mode="min")
    with pytest.raises(ValueError, match="`pool_size` must be a tuple of 2 integers"):
        K.pool2d(tf.ones((1, 2, 2, 1)), (2,))
    with pytest.raises(ValueError, match="`strides` must be a tuple of 2 integers"):
        K.pool2d(tf.ones((1, 2, 2, 1)), (2, 2), strides=(1,))
    with pytest.raises(ValueError, match="Cannot apply softmax to a tensor that is 1D"):
        K.softmax(tf.ones(3))
    with pytest.raises(ValueError, match="Unexpected bias dimensions 3. Expected it to be 1 or 1 dimensions"):
        K.bias_add(tf.ones((2, 2)), tf.ones((1, 1, 2)))
    with pytest.raises(ValueError, match="Expected input `x` to have rank 2"):
        K.repeat(tf.ones(2), 3)
    with pytest.raises(ValueError, match="Rank of `condition` should be less than or equal to rank"):
        K.switch(tf.ones((2, 2)) > 0, tf.ones(2), tf.zeros(2))
    with pytest.raises(ValueError, match="Expected `padding` to be a tuple of 2 integers"):
        K.temporal_padding(tf.ones((1, 2, 1)), (1, 1, 1))
    with pytest.raises(ValueError, match="Expected `padding` to be a tuple of 2 tuples of 2 integers"):
        K.spatial_2d_padding(tf.ones((1, 2, 2, 1)), ((1, 1),))
    with pytest.raises(ValueError, match="Expected `padding` to be a tuple of 3 tuples of 2 integers"):
        K.spatial_3d_padding(tf.ones((1, 2, 2, 2, 1)), ((1, 1),))
    with pytest.raises(ValueError, match="Invalid `data_format` argument: nhwc"):
        K.resize_images(tf.ones((1, 2, 2, 1)), 2, 2, "nhwc")
    with pytest.raises(ValueError, match='`interpolation` argument should be one of: "area"'):
        K.resize_images(tf.ones((1, 2, 2, 1)), 2, 2, "channels_last", interpolation="cubic")
    with pytest.raises(ValueError, match="Invalid data_format: nhwc"):
        K.resize_volumes(tf.ones((1, 2, 2, 2, 1)), 2, 2, 2, "nhwc")
    with pytest.raises(ValueError, match="Unrolling requires a fixed number of timesteps"):
        K.rnn(lambda x, s: (x, s), tf.ones((2, 0, 1)), [tf.zeros((2, 1))], unroll=True)
    with pytest.raises(
        ValueError, match="Expected the 2 dimensions of the `dilation_rate` argument to be equal"
    ):
        K.conv2d_transpose(tf.ones((1, 2, 2, 1)), tf.ones((1, 1, 1, 1)), (1, 2, 2, 1), dilation_rate=(1, 2))
    with pytest.raises(ValueError, match="`strides` must be a tuple of 2 integers"):
        K.separable_conv2d(tf.ones((1, 2, 2, 1)), tf.ones((1, 1, 1, 1)), tf.ones((1, 1, 1, 1)), strides=(1,))
