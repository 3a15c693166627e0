"""Keras 3's other metrics (IoU family, F-scores, confusion counts, metrics at a constraint,
R2Score, top-k accuracies, correlations, CategoricalHinge, CosineSimilarity), serialize/
deserialize/get, and the new metrics in compile/fit by name: values vs TF 2.21 / Keras 3.15,
stored as literals (scripts/keras_metrics2_reference_tf.py prints them).
"""

from __future__ import annotations

import re

import numpy as np
import pytest

import tapejax as tf

M = tf.keras.metrics
B_TRUE = np.array([0, 1, 1, 0, 1, 0, 1, 1], np.float32)
B_PRED = np.array([0.1, 0.8, 0.4, 0.6, 0.95, 0.3, 0.55, 0.2], np.float32)
B_W = np.array([1.0, 0.5, 2.0, 1.0, 0.0, 3.0, 1.0, 0.25], np.float32)
S_TRUE = np.array([0, 1, 2, 2, 1, 0], np.int32)
S_PRED = np.array([0, 2, 2, 1, 1, 0], np.int32)
S_W = np.array([1, 2, 3, 1, 0, 2], np.int32)
OH_TRUE = np.eye(3, dtype=np.float32)[S_TRUE]
SCORES = np.array(
    [[0.7, 0.2, 0.1], [0.1, 0.3, 0.6], [0.2, 0.2, 0.6], [0.3, 0.4, 0.3], [0.2, 0.5, 0.3], [0.5, 0.5, 0.0]],
    np.float32,
)
W6 = np.array([1.0, 0.5, 2.0, 1.0, 0.0, 3.0], np.float32)
R_TRUE = np.array([[1.0, 2.0], [3.0, -1.0], [0.5, 0.0], [2.0, 4.0]], np.float32)
R_PRED = np.array([[1.2, 1.5], [2.5, -0.5], [0.0, 0.3], [2.2, 3.0]], np.float32)
W4 = np.array([1.0, 2.0, 0.5, 1.5], np.float32)

# (metric, arguments, sample weights of the second update): (result after one update, after two).
CASES = {
    ("IoU(num_classes=3, target_class_ids=[0, 2])", "S_TRUE, S_PRED", "S_W"): (
        0.6666666865348816,
        0.7222222089767456,
    ),
    ("IoU(num_classes=3, target_class_ids=[1], ignore_class=0)", "S_TRUE, S_PRED", "S_W"): (
        0.3333333134651184,
        0.1666666567325592,
    ),
    ("MeanIoU(num_classes=3)", "S_TRUE, S_PRED", "S_W"): (0.5555555820465088, 0.5370370149612427),
    ("MeanIoU(num_classes=3, dtype='float32')", "S_TRUE, S_PRED", "W6"): (
        0.5555555820465088,
        0.561253547668457,
    ),
    ("BinaryIoU(target_class_ids=[0, 1], threshold=0.5)", "B_TRUE, B_PRED", "B_W"): (
        0.44999998807907104,
        0.44999998807907104,
    ),
    ("BinaryIoU(target_class_ids=[1], threshold=0.3, dtype='float32')", "B_TRUE, B_PRED", "B_W"): (
        0.5714285373687744,
        0.5084745287895203,
    ),
    ("OneHotIoU(num_classes=3, target_class_ids=[0, 1])", "OH_TRUE, SCORES", "S_W"): (
        0.6666666865348816,
        0.5833333134651184,
    ),
    ("OneHotMeanIoU(num_classes=3)", "OH_TRUE, SCORES", "S_W"): (0.5555555820465088, 0.5370370149612427),
    ("F1Score()", "OH_TRUE, SCORES", "W6"): (
        [1.0, 0.3999999463558197, 0.4999999403953552],
        [1.0, 0.2105262726545334, 0.6315789818763733],
    ),
    ("F1Score(average='macro', threshold=0.4)", "OH_TRUE, SCORES", "W6"): (
        0.6666666865348816,
        0.632748544216156,
    ),
    ("FBetaScore(average='weighted', beta=2.0)", "OH_TRUE, SCORES", "W6"): (
        0.6515151858329773,
        0.7256680130958557,
    ),
    ("FBetaScore(average='micro', beta=0.5, threshold=0.3)", "OH_TRUE, SCORES", "W6"): (
        0.5882352590560913,
        0.5988023281097412,
    ),
    ("TruePositives()", "B_TRUE, B_PRED", "B_W"): (3.0, 4.5),
    ("FalsePositives(thresholds=[0.3, 0.5, 0.7])", "B_TRUE, B_PRED", "B_W"): (
        [1.0, 1.0, 0.0],
        [2.0, 2.0, 0.0],
    ),
    ("TrueNegatives(thresholds=0.35)", "B_TRUE, B_PRED", "B_W"): (2.0, 6.0),
    ("FalseNegatives(thresholds=[0.0, 0.5, 1.0])", "B_TRUE, B_PRED", "B_W"): (
        [0.0, 2.0, 5.0],
        [0.0, 4.25, 8.75],
    ),
    ("SensitivityAtSpecificity(0.5)", "B_TRUE, B_PRED", "B_W"): (0.800000011920929, 0.8571428656578064),
    ("SpecificityAtSensitivity(0.6, num_thresholds=10)", "B_TRUE, B_PRED", "B_W"): (0.6666666865348816, 0.75),
    ("PrecisionAtRecall(0.7)", "B_TRUE, B_PRED", "B_W"): (0.800000011920929, 0.7894737124443054),
    ("RecallAtPrecision(0.6, num_thresholds=1)", "B_TRUE, B_PRED", "B_W"): (
        0.6000000238418579,
        0.5142857432365417,
    ),
    ("PrecisionAtRecall(0.5, class_id=1)", "OH_TRUE, SCORES", "W6"): (0.5, 0.29411765933036804),
    ("R2Score()", "R_TRUE, R_PRED", "W4"): (0.8674576282501221, 0.8687169551849365),
    ("R2Score(class_aggregation=None)", "R_TRUE, R_PRED", "W4"): (
        [0.842711865901947, 0.8922033905982971],
        [0.8408805727958679, 0.8965532779693604],
    ),
    ("R2Score(class_aggregation='variance_weighted_average', num_regressors=2)", "R_TRUE, R_PRED", "W4"): (
        0.8352271318435669,
        0.8691246509552002,
    ),
    ("TopKCategoricalAccuracy(k=1)", "OH_TRUE, SCORES", "W6"): (0.6666666865348816, 0.7407407164573669),
    ("TopKCategoricalAccuracy(k=2)", "OH_TRUE, SCORES", "W6"): (1.0, 1.0),
    ("SparseTopKCategoricalAccuracy(k=1)", "S_TRUE, SCORES", "W6"): (0.6666666865348816, 0.7407407164573669),
    (
        "SparseTopKCategoricalAccuracy(k=2, from_sorted_ids=True)",
        "S_TRUE, np.argsort(-SCORES, axis=1)",
        "W6",
    ): (0.8333333134651184, 0.8518518805503845),
    ("CategoricalHinge()", "OH_TRUE, SCORES", "W6"): (0.8833333849906921, 0.8703703880310059),
    ("CosineSimilarity()", "R_TRUE, R_PRED", "W4"): (0.7389541864395142, 0.8218643665313721),
    ("PearsonCorrelation()", "R_TRUE, R_PRED", "W4"): (0.5, 0.6666666865348816),
    ("ConcordanceCorrelation()", "R_TRUE, R_PRED", "W4"): (0.3212655186653137, 0.46976566314697266),
    ("PearsonCorrelation(axis=0)", "R_TRUE, R_PRED", None): (0.966858983039856, 0.966858983039856),
}


@pytest.mark.parametrize("compiled", [False, True], ids=["eager", "function"])
@pytest.mark.parametrize("case", sorted(CASES), ids=lambda c: f"{c[0]}-{c[1]}")
def test_two_updates_match_keras(case, compiled):
    source, args, weights = case
    metric = eval("M." + source)
    y_true, y_pred = eval(args)
    update = tf.function(metric.update_state) if compiled else metric.update_state
    update(y_true, y_pred)
    first, second = CASES[case]
    np.testing.assert_allclose(metric.result().numpy(), first, rtol=2e-5, atol=1e-7)
    if weights:
        update(y_true, y_pred, sample_weight=eval(weights))
    np.testing.assert_allclose(metric.result().numpy(), second, rtol=2e-5, atol=1e-7)
    metric.reset_state()
    metric.update_state(y_true, y_pred)
    np.testing.assert_allclose(metric.result().numpy(), first, rtol=2e-5, atol=1e-7)


# get_config() in Keras 3.15 (names without the counter Keras adds to repeated names).
CONFIGS = {
    "IoU(num_classes=3, target_class_ids=[0, 2])": {
        "name": "io_u",
        "dtype": "int64",
        "num_classes": 3,
        "target_class_ids": [0, 2],
        "ignore_class": None,
        "sparse_y_true": True,
        "sparse_y_pred": True,
        "axis": -1,
    },
    "IoU(num_classes=3, target_class_ids=[1], ignore_class=0)": {
        "name": "io_u_1",
        "dtype": "int64",
        "num_classes": 3,
        "target_class_ids": [1],
        "ignore_class": 0,
        "sparse_y_true": True,
        "sparse_y_pred": True,
        "axis": -1,
    },
    "MeanIoU(num_classes=3)": {
        "num_classes": 3,
        "name": "mean_io_u",
        "dtype": "int64",
        "ignore_class": None,
        "sparse_y_true": True,
        "sparse_y_pred": True,
        "axis": -1,
    },
    "MeanIoU(num_classes=3, dtype='float32')": {
        "num_classes": 3,
        "name": "mean_io_u_1",
        "dtype": "float32",
        "ignore_class": None,
        "sparse_y_true": True,
        "sparse_y_pred": True,
        "axis": -1,
    },
    "BinaryIoU(target_class_ids=[0, 1], threshold=0.5)": {
        "target_class_ids": [0, 1],
        "threshold": 0.5,
        "name": "binary_io_u",
        "dtype": "int64",
    },
    "BinaryIoU(target_class_ids=[1], threshold=0.3, dtype='float32')": {
        "target_class_ids": [1],
        "threshold": 0.3,
        "name": "binary_io_u_1",
        "dtype": "float32",
    },
    "OneHotIoU(num_classes=3, target_class_ids=[0, 1])": {
        "num_classes": 3,
        "target_class_ids": [0, 1],
        "name": "one_hot_io_u",
        "dtype": "int64",
        "ignore_class": None,
        "sparse_y_pred": False,
        "axis": -1,
    },
    "OneHotMeanIoU(num_classes=3)": {
        "num_classes": 3,
        "name": "one_hot_mean_io_u",
        "dtype": "int64",
        "ignore_class": None,
        "sparse_y_pred": False,
        "axis": -1,
    },
    "F1Score()": {"name": "f1_score", "dtype": "float32", "average": None, "threshold": None},
    "F1Score(average='macro', threshold=0.4)": {
        "name": "f1_score",
        "dtype": "float32",
        "average": "macro",
        "threshold": 0.4,
    },
    "FBetaScore(average='weighted', beta=2.0)": {
        "name": "fbeta_score",
        "dtype": "float32",
        "average": "weighted",
        "beta": 2.0,
        "threshold": None,
    },
    "FBetaScore(average='micro', beta=0.5, threshold=0.3)": {
        "name": "fbeta_score",
        "dtype": "float32",
        "average": "micro",
        "beta": 0.5,
        "threshold": 0.3,
    },
    "TruePositives()": {"name": "true_positives", "dtype": "float32", "thresholds": None},
    "FalsePositives(thresholds=[0.3, 0.5, 0.7])": {
        "name": "false_positives",
        "dtype": "float32",
        "thresholds": [0.3, 0.5, 0.7],
    },
    "TrueNegatives(thresholds=0.35)": {"name": "true_negatives", "dtype": "float32", "thresholds": 0.35},
    "FalseNegatives(thresholds=[0.0, 0.5, 1.0])": {
        "name": "false_negatives",
        "dtype": "float32",
        "thresholds": [0.0, 0.5, 1.0],
    },
    "SensitivityAtSpecificity(0.5)": {
        "name": "sensitivity_at_specificity",
        "dtype": "float32",
        "class_id": None,
        "num_thresholds": 200,
        "specificity": 0.5,
    },
    "SpecificityAtSensitivity(0.6, num_thresholds=10)": {
        "name": "specificity_at_sensitivity",
        "dtype": "float32",
        "class_id": None,
        "num_thresholds": 10,
        "sensitivity": 0.6,
    },
    "PrecisionAtRecall(0.7)": {
        "name": "precision_at_recall",
        "dtype": "float32",
        "class_id": None,
        "num_thresholds": 200,
        "recall": 0.7,
    },
    "RecallAtPrecision(0.6, num_thresholds=1)": {
        "name": "recall_at_precision",
        "dtype": "float32",
        "class_id": None,
        "num_thresholds": 1,
        "precision": 0.6,
    },
    "PrecisionAtRecall(0.5, class_id=1)": {
        "name": "precision_at_recall_1",
        "dtype": "float32",
        "class_id": 1,
        "num_thresholds": 200,
        "recall": 0.5,
    },
    "R2Score()": {
        "name": "r2_score",
        "dtype": "float32",
        "class_aggregation": "uniform_average",
        "num_regressors": 0,
    },
    "R2Score(class_aggregation=None)": {
        "name": "r2_score",
        "dtype": "float32",
        "class_aggregation": None,
        "num_regressors": 0,
    },
    "R2Score(class_aggregation='variance_weighted_average', num_regressors=2)": {
        "name": "r2_score",
        "dtype": "float32",
        "class_aggregation": "variance_weighted_average",
        "num_regressors": 2,
    },
    "TopKCategoricalAccuracy(k=1)": {"name": "top_k_categorical_accuracy", "dtype": "float32", "k": 1},
    "TopKCategoricalAccuracy(k=2)": {"name": "top_k_categorical_accuracy", "dtype": "float32", "k": 2},
    "SparseTopKCategoricalAccuracy(k=1)": {
        "name": "sparse_top_k_categorical_accuracy",
        "dtype": "float32",
        "k": 1,
    },
    "SparseTopKCategoricalAccuracy(k=2, from_sorted_ids=True)": {
        "name": "sparse_top_k_categorical_accuracy",
        "dtype": "float32",
        "k": 2,
        "from_sorted_ids": True,
    },
    "CategoricalHinge()": {"name": "categorical_hinge", "dtype": "float32"},
    "CosineSimilarity()": {"name": "cosine_similarity", "dtype": "float32"},
    "PearsonCorrelation()": {"name": "pearson_correlation", "dtype": "float32", "axis": -1},
    "ConcordanceCorrelation()": {"name": "concordance_correlation", "dtype": "float32", "axis": -1},
    "PearsonCorrelation(axis=0)": {"name": "pearson_correlation", "dtype": "float32", "axis": 0},
}


@pytest.mark.parametrize("source", sorted(CONFIGS))
def test_configs_match_keras_and_round_trip(source):
    metric = eval("M." + source)
    config, expected = metric.get_config(), dict(CONFIGS[source])
    expected["name"] = re.sub(r"_\d+$", "", expected["name"])
    assert list(config) == list(expected)
    assert {**config, "name": None} == {**expected, "name": None}
    serialized = M.serialize(metric)
    assert (serialized["module"], serialized["registered_name"]) == ("keras.metrics", None)
    again = M.deserialize(serialized)
    assert type(again) is type(metric) and again.get_config() == config
    assert type(M.get(serialized)) is type(metric)


FUNCTIONS = {
    "top_k_categorical_accuracy(OH_TRUE, SCORES, k=2)": [1.0, 1.0, 1.0, 1.0, 1.0, 1.0],
    "sparse_top_k_categorical_accuracy(S_TRUE, SCORES, k=1)": [1.0, 0.0, 1.0, 0.0, 1.0, 1.0],
    "sparse_top_k_categorical_accuracy(S_TRUE[:, None], SCORES, k=2)": [
        [1.0],
        [1.0],
        [1.0],
        [1.0],
        [1.0],
        [1.0],
    ],
    "pearson_correlation(R_TRUE, R_PRED)": [1.0, 1.0, -1.0, 1.0],
    "concordance_correlation(R_TRUE, R_PRED)": [
        0.5084744095802307,
        0.9599999785423279,
        -0.7894728779792786,
        0.6060605645179749,
    ],
    "concordance_correlation(R_TRUE, R_PRED, axis=0)": [0.9237342476844788, 0.9271978139877319],
    "categorical_hinge(OH_TRUE, SCORES)": [
        0.5,
        1.2999999523162842,
        0.5999999642372131,
        1.100000023841858,
        0.800000011920929,
        1.0,
    ],
}


@pytest.mark.parametrize("source", sorted(FUNCTIONS))
def test_functions_match_keras(source):
    np.testing.assert_allclose(np.asarray(eval("M." + source)), FUNCTIONS[source], rtol=2e-5, atol=1e-6)


@pytest.mark.parametrize(
    "metrics, names",
    [
        (["f1_score", "top_k_categorical_accuracy"], ["f1_score", "top_k_categorical_accuracy"]),
        (
            [M.MeanIoU(num_classes=3, sparse_y_pred=False, sparse_y_true=False), "categorical_hinge"],
            ["mean_io_u", "categorical_hinge"],
        ),
        (["precision_at_recall", "r2_score"], None),
    ],
)
def test_metrics_by_name_in_compile_and_fit(metrics, names):
    if names is None:  # Keras needs the constructor arguments of these: by name they fail as in Keras
        with pytest.raises(TypeError):
            M.get(metrics[0])
        return
    tf.keras.utils.set_random_seed(0)
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(3, activation="softmax")])
    model.compile(optimizer="sgd", loss="categorical_crossentropy", metrics=metrics)
    history = model.fit(SCORES, OH_TRUE, epochs=2, batch_size=3, verbose=0)
    for name in names:
        assert len(history.history[name]) == 2
    results = model.evaluate(SCORES, OH_TRUE, verbose=0, return_dict=True)
    reference = M.get(metrics[0]) if isinstance(metrics[0], str) else M.deserialize(M.serialize(metrics[0]))
    reference.update_state(OH_TRUE, model.predict(SCORES, verbose=0))
    np.testing.assert_allclose(results[names[0]], reference.result().numpy(), rtol=1e-5)


def test_errors_match_keras():
    with pytest.raises(ValueError, match=r"Target class id 3 is out of range, which is \[0, 3\)."):
        M.IoU(num_classes=3, target_class_ids=[3])
    with pytest.raises(ValueError, match="Invalid `average` argument value. Expected one of: {None, 'micro'"):
        M.F1Score(average="all")
    with pytest.raises(
        ValueError, match="Invalid `beta` argument value. It should be a Python float. Received: beta=1"
    ):
        M.FBetaScore(beta=1)
    with pytest.raises(
        ValueError, match="Invalid `beta` argument value. It should be > 0. Received: beta=-1.0"
    ):
        M.FBetaScore(beta=-1.0)
    with pytest.raises(ValueError, match="Invalid `threshold` argument value. It should be a Python float."):
        M.F1Score(threshold=1)
    with pytest.raises(ValueError, match="It should verify 0 < threshold <= 1. Received: threshold=1.5"):
        M.F1Score(threshold=1.5)
    with pytest.raises(
        ValueError, match=r"FBetaScore expects 2D inputs with shape \(batch_size, output_dim\)"
    ):
        M.F1Score().update_state(B_TRUE, B_PRED)
    with pytest.raises(
        ValueError, match=r"Argument `specificity` must be in the range \[0, 1\]. Received: specificity=2"
    ):
        M.SensitivityAtSpecificity(2)
    with pytest.raises(
        ValueError, match="Argument `num_thresholds` must be an integer > 0. Received: num_thresholds=0"
    ):
        M.PrecisionAtRecall(0.5, num_thresholds=0)
    with pytest.raises(ValueError, match="Invalid value for argument `class_aggregation`. Expected one of"):
        M.R2Score(class_aggregation="sum")
    with pytest.raises(
        ValueError, match="Invalid value for argument `num_regressors`. Expected a value >= 0."
    ):
        M.R2Score(num_regressors=-1)
    with pytest.raises(ValueError, match=r"R2Score expects 2D inputs with shape \(batch_size, output_dim\)"):
        M.R2Score().update_state(B_TRUE[:, None, None], B_PRED[:, None, None])
    metric = M.R2Score(num_regressors=9)  # num_samples counts values: 8
    metric.update_state(R_TRUE, R_PRED)
    with pytest.warns(UserWarning, match="More independent predictors than datapoints in adjusted R2 score"):
        metric.result()
    metric = M.R2Score(num_regressors=7)
    metric.update_state(R_TRUE, R_PRED)
    with pytest.warns(UserWarning, match="Division by zero in Adjusted R2 score. Falling back"):
        metric.result()
    with pytest.raises(ValueError, match="Could not interpret metric identifier: {'class_name': 'Nope'"):
        M.deserialize({"class_name": "Nope", "config": {}})
