"""tf.keras.metrics vs TF 2.21 / Keras 3.15 (results after each update, sample weights, variable
paths), vs Keras 3's formulas in numpy, and updated inside a tapejax.function across calls."""

from __future__ import annotations

import numpy as np
import pytest

import tapejax as tf
from tapejax.keras._src.trainers.compile_utils import compile_metric

M = tf.keras.metrics
C3_T = [[0, 0, 1], [0, 1, 0], [1, 0, 0], [0, 0, 1]]
C3_P = [[0.1, 0.9, 0.8], [0.05, 0.95, 0], [0.6, 0.3, 0.1], [0.2, 0.2, 0.6]]
S3 = [[2], [1], [0], [1]]

# Inputs drawn once with numpy (seed 0), stored as the float32 values TF was given.
DATA = {
    "y_bin": [
        0.0,
        1.0,
        1.0,
        1.0,
        0.0,
        0.0,
        0.0,
        0.0,
        0.0,
        0.0,
        0.0,
        1.0,
        0.0,
        1.0,
        0.0,
        1.0,
        0.0,
        0.0,
        1.0,
        1.0,
        1.0,
        1.0,
        0.0,
        0.0,
    ],
    "scores": [
        0.0,
        1.0,
        0.5,
        0.9865847,
        0.47987938,
        0.4553215,
        0.4819127,
        0.272245,
        0.09456755,
        0.50504184,
        0.36774802,
        0.5171693,
        0.34008476,
        0.9226415,
        0.65383047,
        0.55045664,
        0.40007088,
        0.22530857,
        0.71601003,
        0.5365379,
        0.57413334,
        0.9231921,
        0.15901032,
        0.436231,
    ],
    "logits": [
        3.6032698,
        2.6302075,
        0.71476084,
        -2.4166372,
        -0.008908266,
        1.3129499,
        -2.5767229,
        0.7902441,
        0.8597274,
        1.3920854,
        -2.3682358,
        -1.3234051,
        -0.8728705,
        -2.339604,
        3.4787357,
        -0.99182147,
        0.65793926,
        -0.5171451,
        3.1669457,
        2.640722,
        1.2667053,
        -4.4070196,
        0.104057945,
        1.3673724,
    ],
    "sw": [
        0.64037716,
        1.1545905,
        0.6998958,
        0.62522864,
        0.82021344,
        1.1950965,
        1.1489437,
        0.66004515,
        0.95772886,
        0.6974227,
        0.7293122,
        0.9857857,
        0.61465585,
        0.9344836,
        0.9111429,
        1.1320597,
        0.31493264,
        0.9290151,
        1.1274239,
        1.1679262,
        0.2147063,
        1.0636401,
        1.181195,
        1.1572102,
    ],
    "ml_true": [
        [1.0, 0.0],
        [0.0, 0.0],
        [1.0, 1.0],
        [0.0, 0.0],
        [1.0, 0.0],
        [1.0, 0.0],
        [1.0, 0.0],
        [0.0, 1.0],
        [0.0, 1.0],
        [0.0, 0.0],
        [0.0, 1.0],
        [0.0, 1.0],
        [1.0, 1.0],
        [0.0, 0.0],
        [1.0, 1.0],
        [0.0, 1.0],
        [1.0, 1.0],
        [0.0, 0.0],
        [0.0, 0.0],
        [1.0, 1.0],
        [0.0, 0.0],
        [0.0, 1.0],
        [0.0, 0.0],
        [0.0, 1.0],
    ],
    "ml_pred": [
        [0.40651032, 0.90995896],
        [0.04306689, 0.8227063],
        [0.41538402, 0.829804],
        [0.009954561, 0.36504614],
        [0.07863004, 0.6526146],
        [0.2738491, 0.7026521],
        [0.9438014, 0.1268171],
        [0.8647783, 0.059464153],
        [0.3807705, 0.42977408],
        [0.48884955, 0.9764623],
        [0.7756912, 0.30885735],
        [0.26983678, 0.8631202],
        [0.8813072, 0.5107065],
        [0.34429574, 0.99491733],
        [0.31594354, 0.18271238],
        [0.8800981, 0.8123354],
        [0.6678894, 0.95841366],
        [0.92571455, 0.7482485],
        [0.8607014, 0.24714674],
        [0.14124656, 0.6700618],
        [0.71461856, 0.16705292],
        [0.39555728, 0.9102558],
        [0.5614008, 0.57833594],
        [0.19412978, 0.52602226],
    ],
}
D = {k: np.array(v, np.float32) for k, v in DATA.items()}
# name: (metric, the update_state arguments of each call)
CASES = {
    "mean": (
        M.Mean,
        [([1.0, 3.0, 5.0, 7.0],), ([2.0, 4.0], [1.0, 0.0]), ([[1.0, 2.0], [3.0, 4.0]], [1.0, 0.5]), (5.0,)],
    ),
    "mean_2dweights": (
        M.Mean,
        [([[1.0, 2.0], [3.0, 4.0]], [[1.0, 0.0], [0.5, 0.5]]), ([[1.0, 2.0, 3.0]], [[2.0]])],
    ),
    "sum": (
        M.Sum,
        [([1.0, 3.0, 5.0, 7.0],), ([2.0, 4.0], [1.0, 0.0]), ([[1.0, 2.0], [3.0, 4.0]], [1.0, 0.5])],
    ),
    "accuracy": (
        M.Accuracy,
        [([[1], [2], [3], [4]], [[0], [2], [3], [4]]), ([1, 2], [1, 0], [0.5, 1.0])],
    ),
    "binary_accuracy": (
        M.BinaryAccuracy,
        [([[1], [1], [0], [0]], [[0.98], [1], [0], [0.6]]), ([1.0, 0.0], [0.4, 0.2], [2.0, 1.0])],
    ),
    "binary_accuracy_thr": (
        lambda: M.BinaryAccuracy(threshold=0.7),
        [([[1], [1], [0], [0]], [[0.98], [1], [0], [0.6]]), ([[1, 0], [0, 1]], [[0.8, 0.75], [0.1, 0.69]])],
    ),
    "categorical_accuracy": (
        M.CategoricalAccuracy,
        [(C3_T, C3_P), (C3_T[:2], C3_P[:2], [0.7, 0.3])],
    ),
    "sparse_categorical_accuracy": (
        M.SparseCategoricalAccuracy,
        [(S3, C3_P), ([2, 1], C3_P[:2], [0.7, 0.3]), ([[1], [0]], [[0.2, 0.8], [0.9, 0.1]])],
    ),
    "mse": (
        M.MeanSquaredError,
        [([[0, 1], [0, 0]], [[1, 1], [0, 0]]), ([[1, 2], [3, 4]], [[1.5, 2], [2, 4]], [1.0, 0.5])],
    ),
    "mae": (
        M.MeanAbsoluteError,
        [([[0, 1], [0, 0]], [[1, 1], [0, 0]]), ([[1, 2], [3, 4]], [[1.5, 2], [2, 4]], [1.0, 0.5])],
    ),
    "rmse": (
        M.RootMeanSquaredError,
        [([[0, 1], [0, 0]], [[1, 1], [0, 0]]), ([[1, 2], [3, 4]], [[1.5, 2], [2, 4]], [1.0, 0.5])],
    ),
    "bce": (
        M.BinaryCrossentropy,
        [([[0, 1], [0, 0]], [[0.6, 0.4], [0.4, 0.6]]), ([[1, 0]], [[0.9, 0.3]], [2.0])],
    ),
    "bce_logits": (
        lambda: M.BinaryCrossentropy(from_logits=True, label_smoothing=0.1),
        [([[0, 1], [0, 0]], [[0.6, -0.4], [2.4, 0.6]])],
    ),
    "cce": (M.CategoricalCrossentropy, [(C3_T, C3_P), (C3_T[:2], C3_P[:2], [0.7, 0.3])]),
    "scce": (M.SparseCategoricalCrossentropy, [(S3, C3_P), ([2, 1], C3_P[:2], [0.7, 0.3])]),
    "scce_logits": (lambda: M.SparseCategoricalCrossentropy(from_logits=True), [(S3, C3_P)]),
    "auc": (M.AUC, [(D["y_bin"][:12], D["scores"][:12]), (D["y_bin"][12:], D["scores"][12:])]),
    "auc_sw": (M.AUC, [(D["y_bin"], D["scores"], D["sw"])]),
    "auc_pr": (
        lambda: M.AUC(curve="PR"),
        [(D["y_bin"][:12], D["scores"][:12]), (D["y_bin"][12:], D["scores"][12:])],
    ),
    "auc_pr_minoring": (lambda: M.AUC(curve="PR", summation_method="minoring"), [(D["y_bin"], D["scores"])]),
    "auc_roc_majoring": (
        lambda: M.AUC(summation_method="majoring", num_thresholds=11),
        [(D["y_bin"], D["scores"])],
    ),
    "auc_3": (lambda: M.AUC(num_thresholds=3), [(D["y_bin"], D["scores"])]),
    "auc_thresholds": (lambda: M.AUC(thresholds=[0.3, 0.6, 0.45]), [(D["y_bin"], D["scores"], D["sw"])]),
    "auc_thresholds_even": (lambda: M.AUC(thresholds=[0.25, 0.5, 0.75]), [(D["y_bin"], D["scores"])]),
    "auc_logits": (lambda: M.AUC(from_logits=True, num_thresholds=50), [(D["y_bin"], D["logits"])]),
    "auc_2d": (M.AUC, [(D["ml_true"], D["ml_pred"])]),
    "auc_multilabel": (
        lambda: M.AUC(multi_label=True),
        [(D["ml_true"], D["ml_pred"]), (D["ml_true"][:5], D["ml_pred"][:5])],
    ),
    "auc_multilabel_pr_weights": (
        lambda: M.AUC(multi_label=True, curve="PR", label_weights=[0.3, 0.7], num_labels=2),
        [(D["ml_true"], D["ml_pred"], D["sw"])],
    ),
    "auc_label_weights": (lambda: M.AUC(label_weights=[0.3, 0.7]), [(D["ml_true"], D["ml_pred"])]),
    "precision": (
        M.Precision,
        [(D["y_bin"][:12], D["scores"][:12]), (D["y_bin"][12:], D["scores"][12:], D["sw"][12:])],
    ),
    "precision_thr": (lambda: M.Precision(thresholds=[0.3, 0.7]), [(D["y_bin"], D["scores"])]),
    "precision_even": (lambda: M.Precision(thresholds=[0.0, 0.5, 1.0]), [(D["y_bin"], D["scores"] * 1.2)]),
    "precision_topk": (lambda: M.Precision(top_k=2), [(C3_T, C3_P)]),
    "precision_class": (lambda: M.Precision(class_id=1), [(C3_T, C3_P), (C3_T, C3_P, [1, 0, 1, 1])]),
    "recall": (
        M.Recall,
        [(D["y_bin"][:12], D["scores"][:12]), (D["y_bin"][12:], D["scores"][12:], D["sw"][12:])],
    ),
    "recall_thr": (lambda: M.Recall(thresholds=[0.3, 0.7]), [(D["y_bin"], D["scores"])]),
    "recall_topk_class": (lambda: M.Recall(top_k=1, class_id=2), [(C3_T, C3_P)]),
    "recall_2d_sw": (M.Recall, [(D["ml_true"], D["ml_pred"], D["sw"])]),
}
# The result after each update_state, and the variables" paths, printed by TF 2.21 / Keras 3.15.
KERAS = {
    "mean": ([4.0, 3.6, 3.2692308, 3.5], ["mean/total", "mean/count"]),
    "mean_2dweights": ([2.25, 2.0833333], ["mean/total", "mean/count"]),
    "sum": ([16.0, 18.0, 24.5], ["sum/total"]),
    "accuracy": ([0.75, 0.6363636], ["accuracy/total", "accuracy/count"]),
    "binary_accuracy": ([0.75, 0.5714286], ["binary_accuracy/total", "binary_accuracy/count"]),
    "binary_accuracy_thr": ([1.0, 0.8333333], ["binary_accuracy/total", "binary_accuracy/count"]),
    "categorical_accuracy": (
        [0.75, 0.65999997],
        ["categorical_accuracy/total", "categorical_accuracy/count"],
    ),
    "sparse_categorical_accuracy": (
        [0.5, 0.45999998, 0.61428577],
        ["sparse_categorical_accuracy/total", "sparse_categorical_accuracy/count"],
    ),
    "mse": ([0.25, 0.25], ["mean_squared_error/total", "mean_squared_error/count"]),
    "mae": ([0.25, 0.2857143], ["mean_absolute_error/total", "mean_absolute_error/count"]),
    "rmse": ([0.5, 0.5], ["root_mean_squared_error/total", "root_mean_squared_error/count"]),
    "bce": ([0.8149245, 0.5229711], ["binary_crossentropy/total", "binary_crossentropy/count"]),
    "bce_logits": ([1.3187069], ["binary_crossentropy/total", "binary_crossentropy/count"]),
    "cce": ([0.47096866, 0.49338275], ["categorical_crossentropy/total", "categorical_crossentropy/count"]),
    "scce": (
        [0.7456218, 0.7131053],
        ["sparse_categorical_crossentropy/total", "sparse_categorical_crossentropy/count"],
    ),
    "scce_logits": (
        [0.9109903],
        ["sparse_categorical_crossentropy/total", "sparse_categorical_crossentropy/count"],
    ),
    "auc": (
        [0.96875, 0.95714283],
        ["auc/true_positives", "auc/false_positives", "auc/true_negatives", "auc/false_negatives"],
    ),
    "auc_sw": (
        [0.96036696],
        ["auc_1/true_positives", "auc_1/false_positives", "auc_1/true_negatives", "auc_1/false_negatives"],
    ),
    "auc_pr": (
        [0.9442141, 0.93151516],
        ["auc_2/true_positives", "auc_2/false_positives", "auc_2/true_negatives", "auc_2/false_negatives"],
    ),
    "auc_pr_minoring": (
        [0.8272547],
        ["auc_3/true_positives", "auc_3/false_positives", "auc_3/true_negatives", "auc_3/false_negatives"],
    ),
    "auc_roc_majoring": (
        [0.95714283],
        ["auc_4/true_positives", "auc_4/false_positives", "auc_4/true_negatives", "auc_4/false_negatives"],
    ),
    "auc_3": (
        [0.8785714],
        ["auc_5/true_positives", "auc_5/false_positives", "auc_5/true_negatives", "auc_5/false_negatives"],
    ),
    "auc_thresholds": (
        [0.86983716],
        ["auc_6/true_positives", "auc_6/false_positives", "auc_6/true_negatives", "auc_6/false_negatives"],
    ),
    "auc_thresholds_even": (
        [0.92142856],
        ["auc_7/true_positives", "auc_7/false_positives", "auc_7/true_negatives", "auc_7/false_negatives"],
    ),
    "auc_logits": (
        [0.4285714],
        ["auc_8/true_positives", "auc_8/false_positives", "auc_8/true_negatives", "auc_8/false_negatives"],
    ),
    "auc_2d": (
        [0.48412699],
        ["auc_9/true_positives", "auc_9/false_positives", "auc_9/true_negatives", "auc_9/false_negatives"],
    ),
    "auc_multilabel": (
        [0.47303241, 0.49646494],
        [
            "auc_10/true_positives",
            "auc_10/false_positives",
            "auc_10/true_negatives",
            "auc_10/false_negatives",
        ],
    ),
    "auc_multilabel_pr_weights": (
        [0.449196],
        [
            "auc_11/true_positives",
            "auc_11/false_positives",
            "auc_11/true_negatives",
            "auc_11/false_negatives",
        ],
    ),
    "auc_label_weights": (
        [0.48330897],
        [
            "auc_12/true_positives",
            "auc_12/false_positives",
            "auc_12/true_negatives",
            "auc_12/false_negatives",
        ],
    ),
    "precision": ([0.75, 0.8188728], ["precision/true_positives", "precision/false_positives"]),
    "precision_thr": ([[0.5263158, 1.0]], ["precision_1/true_positives", "precision_1/false_positives"]),
    "precision_even": (
        [[0.4347826, 0.625, 0.0]],
        ["precision_2/true_positives", "precision_2/false_positives"],
    ),
    "precision_topk": ([0.5], ["precision_3/true_positives", "precision_3/false_positives"]),
    "precision_class": ([0.5, 0.33333334], ["precision_4/true_positives", "precision_4/false_positives"]),
    "recall": ([0.75, 0.8962681], ["recall/true_positives", "recall/false_negatives"]),
    "recall_thr": ([[1.0, 0.5]], ["recall_1/true_positives", "recall_1/false_negatives"]),
    "recall_topk_class": ([0.5], ["recall_2/true_positives", "recall_2/false_negatives"]),
    "recall_2d_sw": ([0.5145681], ["recall_3/true_positives", "recall_3/false_negatives"]),
}


def _update(metric, args):
    args = [tf.constant(a) for a in args]
    if len(args) == 3:
        metric.update_state(args[0], args[1], sample_weight=args[2])
    else:
        metric.update_state(*args)


@pytest.mark.parametrize("case", sorted(CASES))
def test_results_after_each_update_match_keras(case):
    make, updates = CASES[case]
    results, paths = KERAS[case]
    metric = make()
    for args, expected in zip(updates, results, strict=True):
        _update(metric, args)
        result = metric.result()
        assert result.dtype == tf.float32
        np.testing.assert_allclose(result.numpy(), expected, rtol=2e-6, atol=1e-7)
    assert [v.path.split("/", 1)[1] for v in metric.variables] == [p.split("/", 1)[1] for p in paths]
    assert all(v.path.split("/")[0] == metric.name and not v.trainable for v in metric.variables)
    metric.reset_state()
    assert not np.any(metric.result().numpy())


@pytest.mark.parametrize("case", sorted(CASES))
def test_updates_inside_a_function_carry_state_across_calls(case):
    make, updates = CASES[case]
    eager, compiled = make(), make()
    step = tf.function(compiled.update_state)
    for args in updates:
        _update(eager, args)
        tensors = [tf.constant(a) for a in args]
        if len(tensors) == 3:
            step(tensors[0], tensors[1], sample_weight=tensors[2])
        else:
            step(*tensors)
        np.testing.assert_allclose(compiled.result().numpy(), eager.result().numpy(), rtol=1e-6, atol=1e-7)
    np.testing.assert_allclose(compiled.result().numpy(), KERAS[case][0][-1], rtol=2e-6, atol=1e-7)


# Keras 3's definitions, in numpy.
def _np_auc_roc(labels, scores, n=200, weights=None):
    weights = np.ones_like(scores) if weights is None else weights
    thresholds = np.array([-1e-7] + [(i + 1) / (n - 1) for i in range(n - 2)] + [1 + 1e-7])
    above = scores[None, :] > thresholds[:, None]
    tp = (above * labels * weights).sum(1)
    fp = (above * (1 - labels) * weights).sum(1)
    tpr, fpr = tp / (labels * weights).sum(), fp / ((1 - labels) * weights).sum()
    return np.sum((fpr[:-1] - fpr[1:]) * (tpr[:-1] + tpr[1:]) / 2)


def test_metrics_match_numpy_definitions():
    y, s, w = D["y_bin"], D["scores"], D["sw"]
    m = M.AUC()
    m.update_state(y, s, sample_weight=w)
    np.testing.assert_allclose(m.result().numpy(), _np_auc_roc(y, s, weights=w), rtol=1e-5)
    m = M.AUC(num_thresholds=11)
    m.update_state(y, s)
    np.testing.assert_allclose(m.result().numpy(), _np_auc_roc(y, s, n=11), rtol=1e-5)
    for thr in (0.3, 0.5, 0.7):
        pred = s > thr
        precision, recall = M.Precision(thresholds=thr), M.Recall(thresholds=thr)
        precision.update_state(y, s, sample_weight=w)
        recall.update_state(y, s, sample_weight=w)
        np.testing.assert_allclose(
            precision.result().numpy(), np.sum(w * pred * y) / np.sum(w * pred), rtol=1e-5
        )
        np.testing.assert_allclose(recall.result().numpy(), np.sum(w * pred * y) / np.sum(w * y), rtol=1e-5)
    m = M.Mean()
    m.update_state(s, sample_weight=w)
    np.testing.assert_allclose(m.result().numpy(), np.sum(s * w) / np.sum(w), rtol=1e-6)
    m = M.SparseCategoricalAccuracy()
    m.update_state(np.argmax(D["ml_pred"], 1), D["ml_pred"] + 0.3 * D["ml_true"], sample_weight=w)
    hits = np.argmax(D["ml_pred"], 1) == np.argmax(D["ml_pred"] + 0.3 * D["ml_true"], 1)
    np.testing.assert_allclose(m.result().numpy(), np.sum(hits * w) / np.sum(w), rtol=1e-6)
    m = M.RootMeanSquaredError()
    m.update_state(D["ml_true"], D["ml_pred"])
    np.testing.assert_allclose(
        m.result().numpy(), np.sqrt(np.mean((D["ml_true"] - D["ml_pred"]) ** 2)), rtol=1e-6
    )


def test_functions_call_get_and_names_match_keras():
    # Printed by TF 2.21 / Keras 3.15.
    np.testing.assert_array_equal(M.binary_accuracy([[1.0], [0.0]], [[0.7], [0.6]]).numpy(), [[1.0], [0.0]])
    np.testing.assert_array_equal(M.categorical_accuracy(C3_T, C3_P).numpy(), [0.0, 1.0, 1.0, 1.0])
    np.testing.assert_array_equal(M.sparse_categorical_accuracy(S3, C3_P).numpy(), [0.0, 1.0, 1.0, 0.0])
    m = M.Mean()
    assert [float(m([1.0, 2.0])), float(m([3.0]))] == [1.5, 2.0]
    assert repr(M.AUC(name="auc_x")) == "<AUC name=auc_x>"
    found = {
        "accuracy": ("Accuracy", "accuracy"),
        "Accuracy": ("Accuracy", "accuracy"),
        "binary_accuracy": ("BinaryAccuracy", "binary_accuracy"),
        "categorical_accuracy": ("CategoricalAccuracy", "categorical_accuracy"),
        "sparse_categorical_accuracy": ("SparseCategoricalAccuracy", "sparse_categorical_accuracy"),
        "mse": ("MeanSquaredError", "mean_squared_error"),
        "MSE": ("MeanSquaredError", "mean_squared_error"),
        "mae": ("MeanAbsoluteError", "mean_absolute_error"),
        "mean_squared_error": ("MeanSquaredError", "mean_squared_error"),
        "auc": ("AUC", "auc"),
        "AUC": ("AUC", "auc"),
        "precision": ("Precision", "precision"),
        "recall": ("Recall", "recall"),
        "root_mean_squared_error": ("RootMeanSquaredError", "root_mean_squared_error"),
        "binary_crossentropy": ("BinaryCrossentropy", "binary_crossentropy"),
        "bce": ("BinaryCrossentropy", "binary_crossentropy"),
        "sparse_categorical_crossentropy": (
            "SparseCategoricalCrossentropy",
            "sparse_categorical_crossentropy",
        ),
        "mean": ("Mean", "mean"),
        "sum": ("Sum", "sum"),
    }
    for identifier, (cls, name) in found.items():
        metric = M.get(identifier)
        assert type(metric).__name__ == cls and metric.name.startswith(name), identifier
    for bad in ("acc", "nope"):
        with pytest.raises(ValueError, match=f"^Could not interpret metric identifier: {bad}$"):
            M.get(bad)
    auc = M.AUC()
    assert M.get(auc) is auc and M.get(M.binary_accuracy) is M.binary_accuracy


def test_errors_match_keras():
    # TF 2.21's messages.
    with pytest.raises(ValueError, match=r"^Threshold values must be in \[0, 1\]. Received: \[1.5\]$"):
        M.Precision(thresholds=[1.5])
    with pytest.raises(
        ValueError, match="^Argument `num_thresholds` must be an integer > 1. Received: num_th"
    ):
        M.AUC(num_thresholds=1)
    with pytest.raises(
        ValueError, match=r'^Invalid AUC curve value: "XY". Expected values are \["PR", "ROC"'
    ):
        M.AUC(curve="XY")
    with pytest.raises(ValueError, match='^Invalid AUC summation method value: "avg". Expected values are'):
        M.AUC(summation_method="avg")
    with pytest.raises(ValueError, match="^`num_labels` is needed only when `multi_label` is True.$"):
        M.AUC(num_labels=3)
    m = M.Precision(class_id=1)
    with pytest.raises(
        ValueError,
        match=r"^When class_id is provided, y_pred must be a 2D array with shape "
        r"\(num_samples, num_classes\), found shape: \(2,\)$",
    ):
        m.update_state([1.0, 0.0], [0.3, 0.8])
    assert not np.any([v.numpy() for v in m.variables])


def test_custom_metric_subclass_in_a_function():
    class Count(M.Metric):
        def __init__(self, name="count", **kwargs):
            super().__init__(name=name, **kwargs)
            self.n = self.add_variable(shape=(), initializer="zeros", name="n")

        def update_state(self, values):
            self.n.assign_add(tf.cast(tf.size(values), tf.float32))

        def result(self):
            return self.n

    m = Count()
    step = tf.function(m.update_state)
    step(tf.ones(3))
    step(tf.ones(3))
    assert float(m.result()) == 6.0 and [v.path for v in m.variables] == ["count/n"]
    m.reset_state()
    assert float(m.result()) == 0.0


def test_metric_updates_are_not_recorded_by_a_tape():
    x, m = tf.Variable([0.2, 0.9]), M.BinaryCrossentropy()
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(x * x)
        m.update_state([0.0, 1.0], x)
    assert tape.gradient(loss, x).numpy().tolist() == [0.4000000059604645, 1.7999999523162842]


def test_lookup_and_construction_errors():
    with pytest.raises(
        ValueError, match=r"^`y_pred` must have rank 2 when `multi_label=True`. Found rank 1."
    ):
        M.AUC(multi_label=True).update_state([1.0, 0.0], [0.3, 0.8])
    with pytest.raises(
        TypeError, match="^BinaryCrossentropy.__init__\\(\\) got an unexpected keyword argument 'k'"
    ):
        M.BinaryCrossentropy(k=1)
    with pytest.raises(ValueError, match="^Expected metric, received `None`$"):
        compile_metric(None, tf.zeros((2, 1)), tf.zeros((2, 1)))
    # compile(metrics=['accuracy']) picks the accuracy that fits the targets, as Keras 3.
    picks = [
        ((4, 1), (4, 1), "BinaryAccuracy"),
        ((4,), (4, 3), "SparseCategoricalAccuracy"),
        ((4, 1), (4, 3), "SparseCategoricalAccuracy"),
        ((4, 3), (4, 3), "CategoricalAccuracy"),
    ]
    for y_true, y_pred, cls in picks:
        metric = compile_metric("acc", tf.zeros(y_true), tf.zeros(y_pred))
        assert type(metric).__name__ == cls and metric.name == "acc"
    metric = compile_metric(M.binary_accuracy, tf.zeros((2, 1)), tf.zeros((2, 1)))
    assert type(metric).__name__ == "MeanMetricWrapper" and metric.name == "binary_accuracy"
