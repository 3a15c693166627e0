"""Prints Keras 3.15's (TF 2.21) values for tests/test_keras_metrics_new.py: the IoU family,
F-scores, confusion counts, metrics at a constraint, R2Score, top-k accuracies, correlations,
CategoricalHinge and CosineSimilarity (two updates, the second weighted), the functions, and
the configs. Run with /work/tfenv/bin/python."""

import numpy as np
from tensorflow import keras

M = keras.metrics
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

CASES = [
    ("IoU(num_classes=3, target_class_ids=[0, 2])", "S_TRUE, S_PRED", "S_W"),
    ("IoU(num_classes=3, target_class_ids=[1], ignore_class=0)", "S_TRUE, S_PRED", "S_W"),
    ("MeanIoU(num_classes=3)", "S_TRUE, S_PRED", "S_W"),
    ("MeanIoU(num_classes=3, dtype='float32')", "S_TRUE, S_PRED", "W6"),
    ("BinaryIoU(target_class_ids=[0, 1], threshold=0.5)", "B_TRUE, B_PRED", "B_W"),
    ("BinaryIoU(target_class_ids=[1], threshold=0.3, dtype='float32')", "B_TRUE, B_PRED", "B_W"),
    ("OneHotIoU(num_classes=3, target_class_ids=[0, 1])", "OH_TRUE, SCORES", "S_W"),
    ("OneHotMeanIoU(num_classes=3)", "OH_TRUE, SCORES", "S_W"),
    ("F1Score()", "OH_TRUE, SCORES", "W6"),
    ("F1Score(average='macro', threshold=0.4)", "OH_TRUE, SCORES", "W6"),
    ("FBetaScore(average='weighted', beta=2.0)", "OH_TRUE, SCORES", "W6"),
    ("FBetaScore(average='micro', beta=0.5, threshold=0.3)", "OH_TRUE, SCORES", "W6"),
    ("TruePositives()", "B_TRUE, B_PRED", "B_W"),
    ("FalsePositives(thresholds=[0.3, 0.5, 0.7])", "B_TRUE, B_PRED", "B_W"),
    ("TrueNegatives(thresholds=0.35)", "B_TRUE, B_PRED", "B_W"),
    ("FalseNegatives(thresholds=[0.0, 0.5, 1.0])", "B_TRUE, B_PRED", "B_W"),
    ("SensitivityAtSpecificity(0.5)", "B_TRUE, B_PRED", "B_W"),
    ("SpecificityAtSensitivity(0.6, num_thresholds=10)", "B_TRUE, B_PRED", "B_W"),
    ("PrecisionAtRecall(0.7)", "B_TRUE, B_PRED", "B_W"),
    ("RecallAtPrecision(0.6, num_thresholds=1)", "B_TRUE, B_PRED", "B_W"),
    ("PrecisionAtRecall(0.5, class_id=1)", "OH_TRUE, SCORES", "W6"),
    ("R2Score()", "R_TRUE, R_PRED", "W4"),
    ("R2Score(class_aggregation=None)", "R_TRUE, R_PRED", "W4"),
    ("R2Score(class_aggregation='variance_weighted_average', num_regressors=2)", "R_TRUE, R_PRED", "W4"),
    ("TopKCategoricalAccuracy(k=1)", "OH_TRUE, SCORES", "W6"),
    ("TopKCategoricalAccuracy(k=2)", "OH_TRUE, SCORES", "W6"),
    ("SparseTopKCategoricalAccuracy(k=1)", "S_TRUE, SCORES", "W6"),
    ("SparseTopKCategoricalAccuracy(k=2, from_sorted_ids=True)", "S_TRUE, np.argsort(-SCORES, axis=1)", "W6"),
    ("CategoricalHinge()", "OH_TRUE, SCORES", "W6"),
    ("CosineSimilarity()", "R_TRUE, R_PRED", "W4"),
    ("PearsonCorrelation()", "R_TRUE, R_PRED", "W4"),
    ("ConcordanceCorrelation()", "R_TRUE, R_PRED", "W4"),
    ("PearsonCorrelation(axis=0)", "R_TRUE, R_PRED", None),
]
for source, args, weights in CASES:
    metric = eval("M." + source)
    eval(f"metric.update_state({args})")
    first = np.asarray(metric.result()).tolist()
    if weights:
        eval(f"metric.update_state({args}, sample_weight={weights})")
    second = np.asarray(metric.result()).tolist()
    print(f'    ("{source}", "{args}", {weights!r}): ({first}, {second}),')
    print(f"    # {metric.get_config()}")

for source in [
    "top_k_categorical_accuracy(OH_TRUE, SCORES, k=2)",
    "sparse_top_k_categorical_accuracy(S_TRUE, SCORES, k=1)",
    "sparse_top_k_categorical_accuracy(S_TRUE[:, None], SCORES, k=2)",
    "pearson_correlation(R_TRUE, R_PRED)",
    "concordance_correlation(R_TRUE, R_PRED)",
    "concordance_correlation(R_TRUE, R_PRED, axis=0)",
    "categorical_hinge(OH_TRUE, SCORES)",
]:
    print(f'    "{source}": {np.asarray(eval("M." + source)).tolist()},')
