"""Prints Keras 3.15's (TF 2.21) values for tests/test_keras_losses_new.py: the focal, overlap,
hinge, generalized cross-entropy, CTC and circle losses (functions; classes with sample weights
and every reduction), and their configs. Run with /work/tfenv/bin/python."""

import numpy as np
from tensorflow import keras

L = keras.losses
YB = [[0.0, 1.0, 1.0], [1.0, 0.0, 0.0]]
PB = [[0.2, 0.7, 0.9], [0.6, 0.3, 0.05]]
LOGITS = [[-1.0, 2.0, 0.5], [1.5, -0.5, -2.0]]
YC = [[0.0, 1.0, 0.0], [1.0, 0.0, 0.0]]
PC = [[0.2, 0.5, 0.3], [0.6, 0.1, 0.3]]
YS = [1, 0]
CTC_Y = [[1, 2, 0], [2, 2, 1]]
CTC_X = np.sin(np.arange(2 * 5 * 4, dtype=np.float32).reshape(2, 5, 4)).tolist()
EMB = (np.cos(np.arange(4 * 3, dtype=np.float32).reshape(4, 3))).tolist()
EMB_Y = [0, 1, 0, 1]
SW = [0.5, 2.0]
YB, PB, LOGITS, YC, PC, CTC_X = (np.array(a, np.float32) for a in (YB, PB, LOGITS, YC, PC, CTC_X))
YS, CTC_Y, EMB_Y = np.array(YS), np.array(CTC_Y), np.array(EMB_Y)

FUNCTIONS = {
    "binary_focal_crossentropy(YB, PB)": None,
    "binary_focal_crossentropy(YB, PB, apply_class_balancing=True, alpha=0.4, gamma=1.5)": None,
    "binary_focal_crossentropy(YB, LOGITS, from_logits=True, label_smoothing=0.1)": None,
    "categorical_focal_crossentropy(YC, PC)": None,
    "categorical_focal_crossentropy(YC, LOGITS, alpha=0.5, gamma=1.0, from_logits=True, label_smoothing=0.2)": None,
    "categorical_hinge(YC, PC)": None,
    "dice(YB, PB)": None,
    "dice(YB, PB, axis=1)": None,
    "tversky(YB, PB)": None,
    "tversky(YB, PB, alpha=0.3, beta=0.7, axis=-1)": None,
    "categorical_generalized_cross_entropy(YS, PC, q=0.5)": None,
    "categorical_generalized_cross_entropy(YS, PC, q=0.2)": None,
    "ctc(CTC_Y, CTC_X)": None,
    "circle(EMB_Y, EMB_N)": None,
    "circle(EMB_Y, EMB_N, gamma=10, margin=0.25, remove_diagonal=False)": None,
}
EMB_N = keras.ops.normalize(np.array(EMB, np.float32), axis=1)
EMB_Y2 = np.array([0, 1])
for source in FUNCTIONS:
    print(f'    "{source}": {np.asarray(eval("L." + source)).tolist()},')

CLASSES = [
    ("BinaryFocalCrossentropy(gamma=1.0)", "YB, PB"),
    ("BinaryFocalCrossentropy(apply_class_balancing=True, from_logits=True)", "YB, LOGITS"),
    ("CategoricalFocalCrossentropy()", "YC, PC"),
    ("CategoricalHinge()", "YC, PC"),
    ("Dice(axis=1)", "YB, PB"),
    ("Tversky(alpha=0.2, beta=0.8, axis=1)", "YB, PB"),
    ("CategoricalGeneralizedCrossEntropy(q=0.3)", "YS, PC"),
    ("CTC()", "CTC_Y, CTC_X"),
    ("Circle(gamma=10.0)", "EMB_Y2, EMB_N[:2]"),
    ("Circle(gamma=10.0)", "EMB_Y, EMB_N"),
]
for cls, args in CLASSES:
    row = []
    for reduction in ("sum_over_batch_size", "sum", "mean", "mean_with_sample_weight", "none"):
        loss = eval(f"L.{cls[:-1]}{', ' if cls[-2] != '(' else ''}reduction='{reduction}')")
        sw = SW if args != "EMB_Y, EMB_N" else [0.5, 2.0, 1.0, 3.0]
        row.append(
            [
                np.asarray(eval(f"loss({args})")).tolist(),
                np.asarray(eval(f"loss({args}, sample_weight=sw)")).tolist(),
            ]
        )
    print(f'    ("{cls}", "{args}"): {row},')
    print(f"    # config {eval('L.' + cls).get_config()}")
