"""Keras 3's other losses (focal cross-entropies, Dice, Tversky, categorical hinge, generalized
cross-entropy, CTC, Circle), keras.losses.Reduction, serialize/deserialize/get and the new
losses in compile/fit by name: values vs TF 2.21 / Keras 3.15, stored as literals
(scripts/keras_losses2_reference_tf.py prints them), gradients vs jax.grad.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import tapejax as tf

L = tf.keras.losses
YB = [[0.0, 1.0, 1.0], [1.0, 0.0, 0.0]]
PB = [[0.2, 0.7, 0.9], [0.6, 0.3, 0.05]]
LOGITS = [[-1.0, 2.0, 0.5], [1.5, -0.5, -2.0]]
YC = [[0.0, 1.0, 0.0], [1.0, 0.0, 0.0]]
PC = [[0.2, 0.5, 0.3], [0.6, 0.1, 0.3]]
YS = [1, 0]
CTC_Y = [[1, 2, 0], [2, 2, 1]]
CTC_X = np.sin(np.arange(2 * 5 * 4, dtype=np.float32).reshape(2, 5, 4)).tolist()
EMB = np.cos(np.arange(4 * 3, dtype=np.float32).reshape(4, 3))
EMB_N = EMB / np.linalg.norm(EMB, axis=1, keepdims=True)
EMB_Y, EMB_Y2 = [0, 1, 0, 1], [0, 1]
SW = [0.5, 2.0]

# The loss functions' values in Keras 3.15.
FUNCTIONS = {
    "binary_focal_crossentropy(YB, PB)": [0.014026697725057602, 0.03798701986670494],
    "binary_focal_crossentropy(YB, PB, apply_class_balancing=True, alpha=0.4, gamma=1.5)": [
        0.012250308878719807,
        0.029066869989037514,
    ],
    "binary_focal_crossentropy(YB, LOGITS, from_logits=True, label_smoothing=0.1)": [
        0.037474483251571655,
        0.0313735194504261,
    ],
    "categorical_focal_crossentropy(YC, PC)": [0.043321698904037476, 0.02043301984667778],
    "categorical_focal_crossentropy(YC, LOGITS, alpha=0.5, gamma=1.0, from_logits=True, label_smoothing=0.2)": [
        0.17410679161548615,
        0.1914835274219513,
    ],
    "categorical_hinge(YC, PC)": [0.800000011920929, 0.699999988079071],
    "dice(YB, PB)": 0.23478269577026367,
    "dice(YB, PB, axis=1)": [0.1578947901725769, 0.384615421295166],
    "tversky(YB, PB)": 0.23478269577026367,
    "tversky(YB, PB, alpha=0.3, beta=0.7, axis=-1)": [0.13978499174118042, 0.3782384395599365],
    "categorical_generalized_cross_entropy(YS, PC, q=0.5)": [0.5857864618301392, 0.4508066177368164],
    "categorical_generalized_cross_entropy(YS, PC, q=0.2)": [0.6472471356391907, 0.4855978488922119],
    "ctc(CTC_Y, CTC_X)": [3.939098596572876, 5.89026403427124],
    "circle(EMB_Y, EMB_N)": [
        6.289778411883162e-06,
        6.24080712441355e-06,
        6.289778411883162e-06,
        6.24080712441355e-06,
    ],
    "circle(EMB_Y, EMB_N, gamma=10, margin=0.25, remove_diagonal=False)": [
        1.1501355171203613,
        1.14979887008667,
        1.1501355171203613,
        1.14979887008667,
    ],
}


@pytest.mark.parametrize("source", sorted(FUNCTIONS))
def test_functions_match_keras(source):
    np.testing.assert_allclose(eval("L." + source).numpy(), FUNCTIONS[source], rtol=2e-5, atol=1e-7)


REDUCTIONS = ("sum_over_batch_size", "sum", "mean", "mean_with_sample_weight", "none")
# (class, arguments): per reduction above, [without sample_weight, with SW (or 4 weights)].
CLASSES = {
    ("BinaryFocalCrossentropy(gamma=1.0)", "YB, PB"): [
        [0.07934410870075226, 0.1181463971734047],
        [0.15868821740150452, 0.2362927943468094],
        [0.07934410870075226, 0.1181463971734047],
        [0.07934410870075226, 0.09451711922883987],
        [[0.05405575409531593, 0.10463245958089828], [0.027027877047657967, 0.20926491916179657]],
    ],
    ("BinaryFocalCrossentropy(apply_class_balancing=True, from_logits=True)", "YB, LOGITS"): [
        [0.014674386009573936, 0.020764319226145744],
        [0.029348772019147873, 0.04152863845229149],
        [0.014674386009573936, 0.020764319226145744],
        [0.014674386009573936, 0.016611455008387566],
        [[0.011445934884250164, 0.017902836203575134], [0.005722967442125082, 0.03580567240715027]],
    ],
    ("CategoricalFocalCrossentropy()", "YC, PC"): [
        [0.03187736123800278, 0.03126344457268715],
        [0.06375472247600555, 0.0625268891453743],
        [0.03187736123800278, 0.03126344457268715],
        [0.03187736123800278, 0.02501075528562069],
        [[0.043321698904037476, 0.02043301984667778], [0.021660849452018738, 0.04086603969335556]],
    ],
    ("CategoricalHinge()", "YC, PC"): [
        [0.75, 0.8999999761581421],
        [1.5, 1.7999999523162842],
        [0.75, 0.8999999761581421],
        [0.75, 0.7199999690055847],
        [[0.800000011920929, 0.699999988079071], [0.4000000059604645, 1.399999976158142]],
    ],
    ("Dice(axis=1)", "YB, PB"): [
        [0.27125510573387146, 0.42408913373947144],
        [0.5425102114677429, 0.8481782674789429],
        [0.27125510573387146, 0.42408913373947144],
        [0.27125510573387146, 0.33927130699157715],
        [[0.1578947901725769, 0.384615421295166], [0.07894739508628845, 0.769230842590332]],
    ],
    ("Tversky(alpha=0.2, beta=0.8, axis=1)", "YB, PB"): [
        [0.2527174651622772, 0.4076087772846222],
        [0.5054349303245544, 0.8152175545692444],
        [0.2527174651622772, 0.4076087772846222],
        [0.2527174651622772, 0.32608702778816223],
        [[0.13043487071990967, 0.3750000596046448], [0.06521743535995483, 0.7500001192092896]],
    ],
    ("CategoricalGeneralizedCrossEntropy(q=0.3)", "YS, PC"): [
        [0.5497173070907593, 0.6300656795501709],
        [1.0994346141815186, 1.2601313591003418],
        [0.5497173070907593, 0.6300656795501709],
        [0.5497173070907593, 0.5040525197982788],
        [[0.6258252859115601, 0.4736093580722809], [0.31291264295578003, 0.9472187161445618]],
    ],
    ("CTC()", "CTC_Y, CTC_X"): [
        [4.914681434631348, 6.8750386238098145],
        [9.829362869262695, 13.750077247619629],
        [4.914681434631348, 6.8750386238098145],
        [4.914681434631348, 5.500030994415283],
        [[3.939098596572876, 5.89026403427124], [1.969549298286438, 11.78052806854248]],
    ],
    ("Circle(gamma=10.0)", "EMB_Y2, EMB_N[:2]"): [
        [0.0, 0.0],
        [0.0, 0.0],
        [0.0, 0.0],
        [0.0, 0.0],
        [[0.0, 0.0], [0.0, 0.0]],
    ],
    ("Circle(gamma=10.0)", "EMB_Y, EMB_N"): [
        [0.34374696016311646, 0.558464527130127],
        [1.3749878406524658, 2.233858108520508],
        [0.34374696016311646, 0.558464527130127],
        [0.34374696016311646, 0.34367048740386963],
        [
            [0.3438890874385834, 0.3436048626899719, 0.3438890874385834, 0.3436048626899719],
            [0.1719445437192917, 0.6872097253799438, 0.3438890874385834, 1.0308146476745605],
        ],
    ],
}


@pytest.mark.parametrize("case", sorted(CLASSES), ids=lambda c: f"{c[0]}-{c[1]}")
def test_classes_reductions_and_sample_weights_match_keras(case):
    cls, args = case
    weights = SW if args != "EMB_Y, EMB_N" else [0.5, 2.0, 1.0, 3.0]
    for reduction, (plain, weighted) in zip(REDUCTIONS, CLASSES[case], strict=True):
        sep = "" if cls.endswith("()") else ", "
        loss = eval(f"L.{cls[:-1]}{sep}reduction='{reduction}')")
        scope = {"loss": loss, "weights": weights}
        np.testing.assert_allclose(
            eval(f"loss({args})", globals(), scope).numpy(), plain, rtol=2e-5, atol=1e-7
        )
        np.testing.assert_allclose(
            eval(f"loss({args}, sample_weight=weights)", globals(), scope).numpy(),
            weighted,
            rtol=2e-5,
            atol=1e-7,
        )


# get_config() in Keras 3.15.
CONFIGS = {
    "BinaryFocalCrossentropy(gamma=1.0)": {
        "name": "binary_focal_crossentropy",
        "reduction": "sum_over_batch_size",
        "from_logits": False,
        "label_smoothing": 0.0,
        "axis": -1,
        "apply_class_balancing": False,
        "alpha": 0.25,
        "gamma": 1.0,
    },
    "BinaryFocalCrossentropy(apply_class_balancing=True, from_logits=True)": {
        "name": "binary_focal_crossentropy",
        "reduction": "sum_over_batch_size",
        "from_logits": True,
        "label_smoothing": 0.0,
        "axis": -1,
        "apply_class_balancing": True,
        "alpha": 0.25,
        "gamma": 2.0,
    },
    "CategoricalFocalCrossentropy()": {
        "name": "categorical_focal_crossentropy",
        "reduction": "sum_over_batch_size",
        "from_logits": False,
        "label_smoothing": 0.0,
        "axis": -1,
        "alpha": 0.25,
        "gamma": 2.0,
    },
    "CategoricalHinge()": {"name": "categorical_hinge", "reduction": "sum_over_batch_size"},
    "Dice(axis=1)": {"name": "dice", "reduction": "sum_over_batch_size", "axis": 1},
    "Tversky(alpha=0.2, beta=0.8, axis=1)": {
        "name": "tversky",
        "reduction": "sum_over_batch_size",
        "alpha": 0.2,
        "beta": 0.8,
        "axis": 1,
    },
    "CategoricalGeneralizedCrossEntropy(q=0.3)": {
        "name": "categorical_generalized_cross_entropy",
        "reduction": "sum_over_batch_size",
        "q": 0.3,
    },
    "CTC()": {"name": "ctc", "reduction": "sum_over_batch_size"},
    "Circle(gamma=10.0)": {
        "name": "circle",
        "reduction": "sum_over_batch_size",
        "gamma": 10.0,
        "margin": 0.4,
        "remove_diagonal": True,
    },
}


@pytest.mark.parametrize("source", sorted(CONFIGS))
def test_configs_match_keras_and_round_trip(source):
    loss = eval("L." + source)
    assert loss.get_config() == CONFIGS[source]
    assert list(loss.get_config()) == list(CONFIGS[source])
    config = L.serialize(loss)
    assert (config["module"], config["registered_name"]) == ("keras.losses", None)
    again = L.deserialize(config)
    assert type(again) is type(loss) and again.get_config() == loss.get_config()
    assert type(L.get(config)) is type(loss)


def test_function_serialization_and_reduction_names():
    # Keras 3.15: serialize(dice) is {'module': 'builtins', 'class_name': 'function', ...}.
    config = L.serialize(L.dice)
    assert config == {
        "module": "builtins",
        "class_name": "function",
        "config": "dice",
        "registered_name": "function",
    }
    assert L.deserialize(config) is L.dice and L.deserialize("tversky") is L.tversky
    assert L.get("categorical_hinge") is L.categorical_hinge and L.get("CTC").name == "ctc"
    assert L.Reduction.all() == ("auto", "none", "sum", "sum_over_batch_size")
    assert (L.Reduction.SUM, L.Reduction.AUTO) == ("sum", "auto")


def test_errors_match_keras():
    with pytest.raises(ValueError, match=r"q must be in the interval \(0, 1\)"):
        L.CategoricalGeneralizedCrossEntropy(q=1.0)
    with pytest.raises(
        ValueError, match=r"Targets `y_true` are expected to be a tensor of shape .* y_true.shape=\(2,\)"
    ):
        L.ctc([1, 2], CTC_X)
    with pytest.raises(
        ValueError, match=r"Logits `y_pred` are expected to be a tensor of shape .* y_pred.shape=\(2, 3\)"
    ):
        L.ctc(CTC_Y, PC)
    with pytest.raises(ValueError, match="`axis` must be of type `int`. Received: axis=True"):
        L.categorical_focal_crossentropy(YC, PC, axis=True)
    with pytest.warns(SyntaxWarning, match="expected y_pred.shape to be \\(batch_size, num_classes\\)"):
        L.categorical_focal_crossentropy([[1.0]], [[0.5]])
    with pytest.raises(ValueError, match="Invalid Reduction Key: x. Expected keys are \"\\('auto'"):
        L.Reduction.validate("x")
    with pytest.raises(ValueError, match="Could not interpret loss identifier: {'class_name': 'Nope'"):
        L.deserialize({"class_name": "Nope", "config": {}})
    with pytest.raises(ValueError, match="Cannot serialize .*keras.losses.serialize takes a Loss object"):
        L.serialize(lambda y_true, y_pred: y_pred)


def test_focal_gradient_matches_jax():
    y, p = np.array(YB, np.float32), np.array(PB, np.float32)

    def reference(p):  # Keras' formula in jax.numpy (probabilities inside the clip range)
        bce = -(y * jnp.log(p) + (1 - y) * jnp.log(1 - p))
        p_t = y * p + (1 - y) * (1 - p)
        weight = y * 0.25 + (1 - y) * 0.75
        return jnp.mean(jnp.mean(weight * (1 - p_t) ** 2.0 * bce, axis=-1))

    x = tf.Variable(p)
    with tf.GradientTape() as tape:
        value = L.BinaryFocalCrossentropy(apply_class_balancing=True)(y, x)
    np.testing.assert_allclose(value.numpy(), reference(p), rtol=1e-5)
    np.testing.assert_allclose(tape.gradient(value, x).numpy(), jax.grad(reference)(p), rtol=1e-5, atol=1e-7)


@pytest.mark.parametrize(
    "loss", ["binary_focal_crossentropy", "dice", "tversky", L.BinaryFocalCrossentropy()]
)
def test_compile_and_fit_by_name(loss):
    tf.keras.utils.set_random_seed(0)
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(3, activation="sigmoid")])
    model.compile(optimizer="sgd", loss=loss)
    history = model.fit(np.array(PB * 4), np.array(YB * 4), epochs=2, batch_size=4, verbose=0)
    assert len(history.history["loss"]) == 2 and np.isfinite(history.history["loss"]).all()
    expected = L.get(loss) if isinstance(loss, str) else loss
    np.testing.assert_allclose(
        model.evaluate(np.array(PB), np.array(YB), verbose=0),
        np.mean(np.asarray(expected(np.array(YB, np.float32), model(np.array(PB))))),
        rtol=1e-5,
    )
