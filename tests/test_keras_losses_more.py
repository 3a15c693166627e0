"""tf.keras.losses beyond the cross-entropies: Huber, LogCosh, KLDivergence, CosineSimilarity, Hinge,
SquaredHinge, MSLE, MAPE, Poisson, with sample_weight and every reduction, vs TF 2.21 / Keras 3.15
(values and tape gradients) and vs Keras 3's formulas in numpy; the function forms and losses.get.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import tapejax as tf

L = tf.keras.losses

# Printed by TF 2.21 / Keras 3.15 (CPU) for these inputs; SW is the sample_weight.
INPUTS = {
    "YT": [[0.0, 1.0, 1.0, 0.0], [1.0, 0.0, 0.5, 2.0], [0.2, 0.3, 0.0, 1.0]],
    "YP": [[0.1, 0.8, 0.6, 0.3], [0.9, -0.5, 0.4, 1.5], [0.3, 0.3, 0.2, 0.7]],
    "YPP": [[0.15, 0.85, 0.65, 0.35], [0.95, 0.55, 0.45, 1.55], [0.35, 0.35, 0.25, 0.75]],
    "YB": [[0.0, 1.0, 1.0, 0.0], [1.0, 0.0, 0.0, 1.0], [1.0, 1.0, 0.0, 0.0]],
    "YS": [[-1.0, 1.0, 1.0, -1.0], [1.0, -1.0, -1.0, 1.0], [1.0, 1.0, -1.0, -1.0]],
    "YP3": [[0.3, 2.4, 1.8, 0.9], [2.7, -1.5, 1.2, 4.5], [0.9, 0.9, 0.6, 2.1]],
    "YPC": [[0.15, 0.85, 0.65, 0.35], [0.95, 0.55, 0.45, 0.99], [0.35, 0.35, 0.25, 0.75]],
    "SW": [1.0, 0.5, 2.0],
}
# name: (loss, y_true, y_pred)
CASES = {
    "huber": (L.Huber, "YT", "YP3"),
    "huber_delta": (lambda: L.Huber(delta=0.5), "YT", "YP3"),
    "log_cosh": (L.LogCosh, "YT", "YP3"),
    "kld": (L.KLDivergence, "YT", "YPP"),
    "cosine": (L.CosineSimilarity, "YT", "YP"),
    "cosine_axis0": (lambda: L.CosineSimilarity(axis=0), "YT", "YP"),
    "hinge_binary": (L.Hinge, "YB", "YP"),
    "hinge_signed": (L.Hinge, "YS", "YP"),
    "hinge_other": (L.Hinge, "YT", "YP"),
    "squared_hinge": (L.SquaredHinge, "YB", "YP"),
    "squared_hinge_other": (L.SquaredHinge, "YT", "YP"),
    "msle": (L.MeanSquaredLogarithmicError, "YT", "YP"),
    "mape": (L.MeanAbsolutePercentageError, "YT", "YP"),
    "poisson": (L.Poisson, "YT", "YPP"),
    "mse": (L.MeanSquaredError, "YT", "YP"),
    "mae": (L.MeanAbsoluteError, "YT", "YP"),
    "bce": (L.BinaryCrossentropy, "YB", "YPP"),
    "cce": (L.CategoricalCrossentropy, "YB", "YPP"),
    "bce_smooth": (lambda: L.BinaryCrossentropy(label_smoothing=0.2), "YB", "YPC"),
    "cce_smooth_logits": (
        lambda: L.CategoricalCrossentropy(from_logits=True, label_smoothing=0.1),
        "YB",
        "YP",
    ),
}
KERAS = {
    "huber": {
        "sum_over_batch_size": 0.61,
        "sum_over_batch_size_sw": 0.5252083,
        "sum": 1.83,
        "sum_sw": 1.575625,
        "none": [0.41750002, 1.11125, 0.30124998],
        "none_sw": [0.41750002, 0.555625, 0.60249996],
        "None": [0.41750002, 1.11125, 0.30124998],
        "None_sw": [0.41750002, 0.555625, 0.60249996],
        "mean": 0.61,
        "mean_sw": 0.5252083,
        "mean_with_sample_weight": 0.61,
        "mean_with_sample_weight_sw": 0.45017856,
        "sw_col": 0.5252083,
        "sw_scalar": 0.305,
        "grad": [
            [0.025000002, 0.083333336, 0.06666666, 0.075],
            [0.083333336, -0.083333336, 0.058333337, 0.083333336],
            [0.058333334, 0.049999997, 0.050000004, 0.083333336],
        ],
    },
    "huber_delta": {
        "sum_over_batch_size": 0.41,
        "sum_over_batch_size_sw": 0.38083336,
        "sum": 1.23,
        "sum_sw": 1.1425,
        "none": [0.305, 0.675, 0.24999999],
        "none_sw": [0.305, 0.3375, 0.49999997],
        "None": [0.305, 0.675, 0.24999999],
        "None_sw": [0.305, 0.3375, 0.49999997],
        "mean": 0.41,
        "mean_sw": 0.38083336,
        "mean_with_sample_weight": 0.41,
        "mean_with_sample_weight_sw": 0.3264286,
        "sw_col": 0.38083336,
        "sw_scalar": 0.205,
        "grad": [
            [0.025000002, 0.041666668, 0.041666668, 0.041666668],
            [0.041666668, -0.041666668, 0.041666668, 0.041666668],
            [0.041666668, 0.041666668, 0.041666668, 0.041666668],
        ],
    },
    "log_cosh": {
        "sum_over_batch_size": 0.5396872,
        "sum_over_batch_size_sw": 0.4656453,
        "sum": 1.6190617,
        "sum_sw": 1.3969359,
        "none": [0.36520258, 0.9839899, 0.2698692],
        "none_sw": [0.36520258, 0.49199495, 0.5397384],
        "None": [0.36520258, 0.9839899, 0.2698692],
        "None_sw": [0.36520258, 0.49199495, 0.5397384],
        "mean": 0.5396872,
        "mean_sw": 0.4656453,
        "mean_with_sample_weight": 0.5396872,
        "mean_with_sample_weight_sw": 0.39912456,
        "sw_col": 0.4656453,
        "sw_scalar": 0.2698436,
        "grad": [
            [0.024276048, 0.07377931, 0.0553364, 0.059691492],
            [0.07795076, -0.07542903, 0.050363984, 0.08221786],
            [0.05036398, 0.04475413, 0.044754133, 0.06670825],
        ],
    },
    "kld": {
        "sum_over_batch_size": 0.27559444,
        "sum_over_batch_size_sw": 0.3014365,
        "sum": 0.8267833,
        "sum_sw": 0.9043096,
        "none": [0.5932989, 0.10397206, 0.12951231],
        "none_sw": [0.5932989, 0.05198603, 0.25902462],
        "None": [0.5932989, 0.10397206, 0.12951231],
        "None_sw": [0.5932989, 0.05198603, 0.25902462],
        "mean": 0.27559444,
        "mean_sw": 0.3014365,
        "mean_with_sample_weight": 0.27559444,
        "mean_with_sample_weight_sw": 0.25837415,
        "sw_col": 0.3014365,
        "sw_scalar": 0.13779722,
        "grad": [
            [-0.00000022222223, -0.39215687, -0.51282054, -0.0000000952381],
            [-0.3508772, -0.00000006060606, -0.37037042, 0.0],
            [-0.1904762, -0.28571433, -0.00000013333334, -0.44444445],
        ],
    },
    "cosine": {
        "sum_over_batch_size": -0.9511462,
        "sum_over_batch_size_sw": -1.1073693,
        "sum": -2.8534386,
        "sum_sw": -3.3221078,
        "none": [-0.94387984, -0.9605931, -0.9489657],
        "none_sw": [-0.94387984, -0.48029655, -1.8979315],
        "None": [-0.94387984, -0.9605931, -0.9489657],
        "None_sw": [-0.94387984, -0.48029655, -1.8979315],
        "mean": -0.9511462,
        "mean_sw": -1.1073693,
        "mean_with_sample_weight": -0.9511462,
        "mean_with_sample_weight_sw": -0.9491736,
        "sw_col": -1.1073693,
        "sw_scalar": -0.4755731,
        "grad": [
            [0.02860242, 0.0040860623, -0.05311878, 0.08580726],
            [0.0049513876, -0.046138, -0.0021381043, -0.01778002],
            [0.059228472, 0.022014119, 0.089104764, -0.060276747],
        ],
    },
    "cosine_axis0": {
        "sum_over_batch_size": -0.9469312,
        "sum_over_batch_size_sw": "error",
        "sum": -3.7877247,
        "sum_sw": "error",
        "none": [-0.98681074, -0.86112, -0.95618284, -0.9836113],
        "none_sw": "error",
        "None": [-0.98681074, -0.86112, -0.95618284, -0.9836113],
        "None_sw": "error",
        "mean": -0.9469312,
        "mean_sw": "error",
        "mean_with_sample_weight": -0.9469312,
        "mean_with_sample_weight_sw": "error",
        "sw_col": "error",
        "sw_scalar": -0.4734656,
        "grad": [
            [0.027110187, -0.06614889, -0.04268673, 0.026067438],
            [-0.012990296, -0.10983672, 0.02134335, -0.0025832653],
            [0.029934164, -0.006664261, 0.085373454, -0.005636204],
        ],
    },
    "hinge_binary": {
        "sum_over_batch_size": 0.77500004,
        "sum_over_batch_size_sw": 1.0500001,
        "sum": 2.325,
        "sum_sw": 3.15,
        "none": [0.75, 0.5, 1.075],
        "none_sw": [0.75, 0.25, 2.15],
        "None": [0.75, 0.5, 1.075],
        "None_sw": [0.75, 0.25, 2.15],
        "mean": 0.77500004,
        "mean_sw": 1.0500001,
        "mean_with_sample_weight": 0.77500004,
        "mean_with_sample_weight_sw": 0.90000004,
        "sw_col": 1.0500001,
        "sw_scalar": 0.38750002,
        "grad": [
            [0.083333336, -0.083333336, -0.083333336, 0.083333336],
            [-0.083333336, 0.083333336, 0.083333336, -0.0],
            [-0.083333336, -0.083333336, 0.083333336, 0.083333336],
        ],
    },
    "hinge_signed": {
        "sum_over_batch_size": 0.77500004,
        "sum_over_batch_size_sw": 1.0500001,
        "sum": 2.325,
        "sum_sw": 3.15,
        "none": [0.75, 0.5, 1.075],
        "none_sw": [0.75, 0.25, 2.15],
        "None": [0.75, 0.5, 1.075],
        "None_sw": [0.75, 0.25, 2.15],
        "mean": 0.77500004,
        "mean_sw": 1.0500001,
        "mean_with_sample_weight": 0.77500004,
        "mean_with_sample_weight_sw": 0.90000004,
        "sw_col": 1.0500001,
        "sw_scalar": 0.38750002,
        "grad": [
            [0.083333336, -0.083333336, -0.083333336, 0.083333336],
            [-0.083333336, 0.083333336, 0.083333336, -0.0],
            [-0.083333336, -0.083333336, 0.083333336, 0.083333336],
        ],
    },
    "hinge_other": {
        "sum_over_batch_size": 0.6375,
        "sum_over_batch_size_sw": 0.82083327,
        "sum": 1.9124999,
        "sum_sw": 2.4624999,
        "none": [0.65, 0.47500002, 0.78749996],
        "none_sw": [0.65, 0.23750001, 1.5749999],
        "None": [0.65, 0.47500002, 0.78749996],
        "None_sw": [0.65, 0.23750001, 1.5749999],
        "mean": 0.6375,
        "mean_sw": 0.82083327,
        "mean_with_sample_weight": 0.6375,
        "mean_with_sample_weight_sw": 0.7035714,
        "sw_col": 0.82083327,
        "sw_scalar": 0.31875,
        "grad": [
            [-0.0, -0.083333336, -0.083333336, -0.0],
            [-0.083333336, -0.0, -0.041666668, -0.0],
            [-0.016666668, -0.025000002, -0.0, -0.083333336],
        ],
    },
    "squared_hinge": {
        "sum_over_batch_size": 0.8858333,
        "sum_over_batch_size_sw": 1.2358334,
        "sum": 2.6575,
        "sum_sw": 3.7075002,
        "none": [0.775, 0.55499995, 1.3275001],
        "none_sw": [0.775, 0.27749997, 2.6550002],
        "None": [0.775, 0.55499995, 1.3275001],
        "None_sw": [0.775, 0.27749997, 2.6550002],
        "mean": 0.8858333,
        "mean_sw": 1.2358334,
        "mean_with_sample_weight": 0.8858333,
        "mean_with_sample_weight_sw": 1.0592858,
        "sw_col": 1.2358334,
        "sw_scalar": 0.44291666,
        "grad": [
            [0.18333334, -0.03333333, -0.06666666, 0.21666667],
            [-0.016666671, 0.083333336, 0.23333333, -0.0],
            [-0.11666667, -0.11666667, 0.20000002, 0.28333336],
        ],
    },
    "squared_hinge_other": {
        "sum_over_batch_size": 0.55430835,
        "sum_over_batch_size_sw": 0.7190333,
        "sum": 1.662925,
        "sum_sw": 2.1571,
        "none": [0.54999995, 0.41250002, 0.70042497],
        "none_sw": [0.54999995, 0.20625001, 1.4008499],
        "None": [0.54999995, 0.41250002, 0.70042497],
        "None_sw": [0.54999995, 0.20625001, 1.4008499],
        "mean": 0.55430835,
        "mean_sw": 0.7190333,
        "mean_with_sample_weight": 0.55430835,
        "mean_with_sample_weight_sw": 0.6163143,
        "sw_col": 0.7190333,
        "sw_scalar": 0.27715418,
        "grad": [
            [-0.0, -0.03333333, -0.06666666, -0.0],
            [-0.016666671, -0.0, -0.06666667, -0.0],
            [-0.031333335, -0.045500003, -0.0, -0.050000004],
        ],
    },
    "msle": {
        "sum_over_batch_size": 0.020458775,
        "sum_over_batch_size_sw": 0.024270797,
        "sum": 0.061376326,
        "sum_sw": 0.07281239,
        "none": [0.034703203, 0.0101580415, 0.016515085],
        "none_sw": [0.034703203, 0.0050790207, 0.03303017],
        "None": [0.034703203, 0.0101580415, 0.016515085],
        "None_sw": [0.034703203, 0.0050790207, 0.03303017],
        "mean": 0.020458775,
        "mean_sw": 0.024270797,
        "mean_with_sample_weight": 0.020458775,
        "mean_with_sample_weight_sw": 0.020803541,
        "sw_col": 0.024270797,
        "sw_scalar": 0.010229387,
        "grad": [
            [0.014440921, -0.009755603, -0.02324412, 0.033636425],
            [-0.0044994135, 0.0, -0.008213439, -0.012154769],
            [0.010261878, 0.0, 0.025322428, -0.015933227],
        ],
    },
    "mape": {
        "sum_over_batch_size": 91666680.0,
        "sum_over_batch_size_sw": 87500024.0,
        "sum": 275000030.0,
        "sum_sw": 262500060.0,
        "none": [100000020.0, 125000000.0, 50000020.0],
        "none_sw": [100000020.0, 62500000.0, 100000040.0],
        "None": [100000020.0, 125000000.0, 50000020.0],
        "None_sw": [100000020.0, 62500000.0, 100000040.0],
        "mean": 91666680.0,
        "mean_sw": 87500024.0,
        "mean_with_sample_weight": 91666680.0,
        "mean_with_sample_weight_sw": 75000020.0,
        "sw_col": 87500024.0,
        "sw_scalar": 45833340.0,
        "grad": [
            [83333336.0, -8.333334, -8.333334, 83333336.0],
            [-8.333334, -83333336.0, -16.666668, -4.166667],
            [41.666668, -0.0, 83333336.0, -8.333334],
        ],
    },
    "poisson": {
        "sum_over_batch_size": 0.68166095,
        "sum_over_batch_size_sw": 0.76295877,
        "sum": 2.044983,
        "sum_sw": 2.2888763,
        "none": [0.6483253, 0.76850927, 0.6281482],
        "none_sw": [0.6483253, 0.38425463, 1.2562964],
        "None": [0.6483253, 0.76850927, 0.6281482],
        "None_sw": [0.6483253, 0.38425463, 1.2562964],
        "mean": 0.68166095,
        "mean_sw": 0.76295877,
        "mean_with_sample_weight": 0.68166095,
        "mean_with_sample_weight_sw": 0.65396464,
        "sw_col": 0.76295877,
        "sw_scalar": 0.34083048,
        "grad": [
            [0.083333336, -0.014705859, -0.04487177, 0.083333336],
            [-0.0043859556, 0.083333336, -0.009259231, -0.024193533],
            [0.035714295, 0.011904776, 0.083333336, -0.027777761],
        ],
    },
    "mse": {
        "sum_over_batch_size": 0.07999999,
        "sum_over_batch_size_sw": 0.07,
        "sum": 0.23999998,
        "sum_sw": 0.21,
        "none": [0.074999996, 0.13, 0.035000004],
        "none_sw": [0.074999996, 0.065, 0.07000001],
        "None": [0.074999996, 0.13, 0.035000004],
        "None_sw": [0.074999996, 0.065, 0.07000001],
        "mean": 0.07999999,
        "mean_sw": 0.07,
        "mean_with_sample_weight": 0.07999999,
        "mean_with_sample_weight_sw": 0.06,
        "sw_col": 0.07,
        "sw_scalar": 0.039999995,
        "grad": [
            [0.016666668, -0.03333333, -0.06666666, 0.050000004],
            [-0.016666671, -0.083333336, -0.016666666, -0.083333336],
            [0.01666667, -0.0, 0.033333335, -0.050000004],
        ],
    },
    "mae": {
        "sum_over_batch_size": 0.23333335,
        "sum_over_batch_size_sw": 0.23333333,
        "sum": 0.70000005,
        "sum_sw": 0.7,
        "none": [0.24999999, 0.3, 0.15],
        "none_sw": [0.24999999, 0.15, 0.3],
        "None": [0.24999999, 0.3, 0.15],
        "None_sw": [0.24999999, 0.15, 0.3],
        "mean": 0.23333335,
        "mean_sw": 0.23333333,
        "mean_with_sample_weight": 0.23333335,
        "mean_with_sample_weight_sw": 0.2,
        "sw_col": 0.23333333,
        "sw_scalar": 0.116666675,
        "grad": [
            [0.083333336, -0.083333336, -0.083333336, 0.083333336],
            [-0.083333336, -0.083333336, -0.083333336, -0.083333336],
            [0.083333336, -0.0, 0.083333336, -0.083333336],
        ],
    },
    "bce": {
        "sum_over_batch_size": 0.53398854,
        "sum_over_batch_size_sw": 0.7881387,
        "sum": 1.6019657,
        "sum_sw": 2.3644161,
        "none": [0.29665095, 0.36190954, 0.94340515],
        "none_sw": [0.29665095, 0.18095477, 1.8868103],
        "None": [0.29665095, 0.36190954, 0.94340515],
        "None_sw": [0.29665095, 0.18095477, 1.8868103],
        "mean": 0.53398854,
        "mean_sw": 0.7881387,
        "mean_with_sample_weight": 0.53398854,
        "mean_with_sample_weight_sw": 0.6755475,
        "sw_col": 0.7881387,
        "sw_scalar": 0.26699427,
        "grad": [
            [0.098039225, -0.098039225, -0.12820514, 0.12820514],
            [-0.08771931, 0.1851852, 0.15151516, 0.0],
            [-0.23809525, -0.23809525, 0.11111112, 0.33333334],
        ],
    },
    "cce": {
        "sum_over_batch_size": 2.4196873,
        "sum_over_batch_size_sw": 3.1202266,
        "sum": 7.259062,
        "sum_sw": 9.36068,
        "none": [1.9795963, 2.1185644, 3.1609008],
        "none_sw": [1.9795963, 1.0592822, 6.3218017],
        "None": [1.9795963, 2.1185644, 3.1609008],
        "None_sw": [1.9795963, 1.0592822, 6.3218017],
        "mean": 2.4196873,
        "mean_sw": 3.1202266,
        "mean_with_sample_weight": 2.4196873,
        "mean_with_sample_weight_sw": 2.67448,
        "sw_col": 3.1202266,
        "sw_scalar": 1.2098436,
        "grad": [
            [0.33333337, -0.058823526, -0.17948717, 0.33333337],
            [-0.16040102, 0.19047621, 0.19047621, -0.024577588],
            [-0.5602241, -0.5602241, 0.39215684, 0.39215684],
        ],
    },
    "bce_smooth": {
        "sum_over_batch_size": 0.6265657,
        "sum_over_batch_size_sw": 0.8385649,
        "sum": 1.8796971,
        "sum_sw": 2.5156946,
        "none": [0.41433293, 0.552911, 0.9124532],
        "none_sw": [0.41433293, 0.2764555, 1.8249063],
        "None": [0.41433293, 0.552911, 0.9124532],
        "None_sw": [0.41433293, 0.2764555, 1.8249063],
        "mean": 0.6265657,
        "mean_sw": 0.8385649,
        "mean_with_sample_weight": 0.6265657,
        "mean_with_sample_weight_sw": 0.7187699,
        "sw_col": 0.8385649,
        "sw_scalar": 0.31328285,
        "grad": [
            [0.032679748, -0.03267976, -0.09157511, 0.0915751],
            [0.08771921, 0.15151517, 0.11784512, 0.7575763],
            [-0.20146522, -0.20146522, 0.06666668, 0.2888889],
        ],
    },
    "cce_smooth_logits": {
        "sum_over_batch_size": 2.341298,
        "sum_over_batch_size_sw": 2.9490707,
        "sum": 7.0238943,
        "sum_sw": 8.847212,
        "none": [2.25221, 1.9655781, 2.8061066],
        "none_sw": [2.25221, 0.98278904, 5.612213],
        "None": [2.25221, 1.9655781, 2.8061066],
        "None_sw": [2.25221, 0.98278904, 5.612213],
        "mean": 2.341298,
        "mean_sw": 2.9490707,
        "mean_with_sample_weight": 2.341298,
        "mean_with_sample_weight_sw": 2.5277748,
        "sw_col": 2.9490707,
        "sw_scalar": 1.170649,
        "grad": [
            [0.048318654, -0.19425023, -0.21492998, 0.060861565],
            [-0.21763645, 0.01403224, 0.046677098, -0.14307284],
            [-0.23251824, -0.23251824, 0.060266998, 0.10476949],
        ],
    },
}
FUNCTIONS = {
    "huber": [0.41750002, 1.11125, 0.30124998],
    "log_cosh": None,
    "logcosh": [0.36520258, 0.9839899, 0.2698692],
    "kld": [0.5932989, 0.10397206, 0.12951231],
    "kullback_leibler_divergence": [0.5932989, 0.10397206, 0.12951231],
    "cosine_similarity": [-0.94387984, -0.9605931, -0.9489657],
    "hinge": [0.75, 0.5, 1.075],
    "squared_hinge": [0.775, 0.55499995, 1.3275001],
    "msle": [0.034703203, 0.0101580415, 0.016515085],
    "mape": [100000020.0, 125000000.0, 50000020.0],
    "poisson": [0.6483253, 0.76850927, 0.6281482],
    "mse": [0.074999996, 0.13, 0.035000004],
    "mae": [0.24999999, 0.3, 0.15],
    "huber_3d": [[0.41750002, 1.11125, 0.30124998], [0.037499998, 0.065, 0.017500002]],
    "cosine_axis0": [-0.98681074, -0.86112, -0.95618284, -0.9836113],
}
REDUCTIONS = ["sum_over_batch_size", "sum", "none", None, "mean", "mean_with_sample_weight"]


def _with_reduction(make, reduction):
    loss = make()
    return type(loss)(
        **{
            **{
                k: v
                for k, v in vars(loss).items()
                if k in ("delta", "axis", "from_logits", "label_smoothing")
            },
            "reduction": reduction,
        }
    )


@pytest.mark.parametrize("case", sorted(CASES))
def test_every_reduction_and_sample_weight_match_keras(case):
    make, yt, yp = CASES[case]
    y_true, y_pred, expected = tf.constant(INPUTS[yt]), tf.constant(INPUTS[yp]), KERAS[case]
    for reduction in REDUCTIONS:
        loss = _with_reduction(make, reduction)
        got = loss(y_true, y_pred)
        np.testing.assert_allclose(got.numpy(), expected[str(reduction)], rtol=2e-6, atol=1e-7)
        if expected[f"{reduction}_sw"] == "error":
            with pytest.raises(tf.errors.InvalidArgumentError):
                loss(y_true, y_pred, sample_weight=tf.constant(INPUTS["SW"]))
            continue
        got = loss(y_true, y_pred, sample_weight=tf.constant(INPUTS["SW"]))
        np.testing.assert_allclose(got.numpy(), expected[f"{reduction}_sw"], rtol=2e-6, atol=1e-7)
    loss = make()
    if expected["sw_col"] != "error":
        got = loss(y_true, y_pred, sample_weight=tf.constant([[1.0], [0.5], [2.0]]))
        np.testing.assert_allclose(got.numpy(), expected["sw_col"], rtol=2e-6, atol=1e-7)
    np.testing.assert_allclose(
        loss(y_true, y_pred, sample_weight=0.5).numpy(), expected["sw_scalar"], rtol=2e-6
    )
    x = tf.Variable(INPUTS[yp])
    with tf.GradientTape() as tape:
        value = loss(y_true, x)
    np.testing.assert_allclose(tape.gradient(value, x).numpy(), expected["grad"], rtol=1e-5, atol=1e-7)


@pytest.mark.parametrize("case", sorted(CASES))
def test_loss_works_inside_a_function(case):
    make, yt, yp = CASES[case]
    loss = make()
    step = tf.function(lambda a, b, w: loss(a, b, sample_weight=w))
    if KERAS[case]["sum_over_batch_size_sw"] == "error":
        return
    got = step(tf.constant(INPUTS[yt]), tf.constant(INPUTS[yp]), tf.constant(INPUTS["SW"]))
    np.testing.assert_allclose(got.numpy(), KERAS[case]["sum_over_batch_size_sw"], rtol=2e-6)


def test_function_forms_match_keras():
    fns = {
        "huber": (L.huber, "YT", "YP3"),
        "log_cosh": (L.logcosh, "YT", "YP3"),
        "kld": (L.kld, "YT", "YPP"),
        "kullback_leibler_divergence": (L.kullback_leibler_divergence, "YT", "YPP"),
        "cosine_similarity": (L.cosine_similarity, "YT", "YP"),
        "hinge": (L.hinge, "YB", "YP"),
        "squared_hinge": (L.squared_hinge, "YB", "YP"),
        "msle": (L.msle, "YT", "YP"),
        "mape": (L.mape, "YT", "YP"),
        "poisson": (L.poisson, "YT", "YPP"),
        "mse": (L.MSE, "YT", "YP"),
        "mae": (L.MAE, "YT", "YP"),
    }
    for name, (fn, yt, yp) in fns.items():
        expected = FUNCTIONS["logcosh" if name == "log_cosh" else name]
        np.testing.assert_allclose(fn(INPUTS[yt], INPUTS[yp]).numpy(), expected, rtol=2e-6, err_msg=name)
    huber_3d = L.huber(tf.constant([INPUTS["YT"]] * 2), tf.constant([INPUTS["YP3"], INPUTS["YP"]]))
    np.testing.assert_allclose(huber_3d.numpy(), FUNCTIONS["huber_3d"], rtol=2e-6)
    cos0 = L.cosine_similarity(INPUTS["YT"], INPUTS["YP"], axis=0)
    np.testing.assert_allclose(cos0.numpy(), FUNCTIONS["cosine_axis0"], rtol=2e-6)


# Keras 3's formulas (its loss functions' docstrings), in float64 numpy, one loss per row.
def _np_hinge_labels(t):
    return 2 * t - 1 if np.all((t == 0) | (t == 1)) else t


def _np_normalize(x, axis):
    return x * np.minimum(1 / np.sqrt(np.sum(x * x, axis=axis, keepdims=True)), 1e7)


NUMPY = {
    "huber": (
        lambda t, p, d=1.0: np.mean(
            np.where(np.abs(p - t) <= d, 0.5 * (p - t) ** 2, d * np.abs(p - t) - 0.5 * d * d), -1
        )
    ),
    "log_cosh": lambda t, p: np.mean(np.log(np.cosh(p - t)), -1),
    "kld": lambda t, p: np.sum(np.clip(t, 1e-7, 1) * np.log(np.clip(t, 1e-7, 1) / np.clip(p, 1e-7, 1)), -1),
    "cosine": lambda t, p: -np.sum(_np_normalize(t, -1) * _np_normalize(p, -1), -1),
    "hinge_binary": lambda t, p: np.mean(np.maximum(1 - _np_hinge_labels(t) * p, 0), -1),
    "squared_hinge_other": lambda t, p: np.mean(np.maximum(1 - _np_hinge_labels(t) * p, 0) ** 2, -1),
    "msle": lambda t, p: np.mean(
        (np.log(np.maximum(p, 1e-7) + 1) - np.log(np.maximum(t, 1e-7) + 1)) ** 2, -1
    ),
    "mape": lambda t, p: 100 * np.mean(np.abs((t - p) / np.maximum(np.abs(t), 1e-7)), -1),
    "poisson": lambda t, p: np.mean(p - t * np.log(p + 1e-7), -1),
}


@pytest.mark.parametrize("case", sorted(NUMPY))
def test_per_sample_losses_and_weighting_match_numpy_formulas(case):
    make, yt, yp = CASES[case]
    t, p, w = (np.array(INPUTS[k], np.float64) for k in (yt, yp, "SW"))
    per_sample = NUMPY[case](t, p)
    loss = _with_reduction(make, "none")
    np.testing.assert_allclose(loss(t, p).numpy(), per_sample, rtol=1e-5, atol=1e-6)
    loss = _with_reduction(make, "mean_with_sample_weight")
    np.testing.assert_allclose(
        loss(t, p, sample_weight=w).numpy(), np.sum(per_sample * w) / np.sum(w), rtol=1e-5, atol=1e-6
    )


@pytest.mark.parametrize(
    "name",
    [
        "huber",
        "log_cosh",
        "cosine_similarity",
        "kl_divergence",
        "poisson",
        "mean_squared_logarithmic_error",
        "mean_absolute_percentage_error",
        "hinge",
    ],
)
def test_function_gradients_match_jax(name):
    # The per-sample losses' gradient through a tape vs jax.grad of Keras' formula in jax.numpy.
    t = np.array(INPUTS["YT"], np.float32)
    p = np.array(INPUTS["YPP"], np.float32)
    jax_fns = {
        "huber": lambda p: jnp.mean(
            jnp.where(jnp.abs(p - t) <= 1, 0.5 * (p - t) ** 2, jnp.abs(p - t) - 0.5), -1
        ),
        "log_cosh": lambda p: jnp.mean(jnp.log(jnp.cosh(p - t)), -1),
        "cosine_similarity": lambda p: (
            -jnp.sum(
                t
                / jnp.linalg.norm(t, axis=-1, keepdims=True)
                * p
                / jnp.linalg.norm(p, axis=-1, keepdims=True),
                -1,
            )
        ),
        "kl_divergence": lambda p: jnp.sum(
            jnp.clip(t, 1e-7, 1) * jnp.log(jnp.clip(t, 1e-7, 1) / jnp.clip(p, 1e-7, 1)), -1
        ),
        "poisson": lambda p: jnp.mean(p - t * jnp.log(p + 1e-7), -1),
        "mean_squared_logarithmic_error": lambda p: jnp.mean(
            (jnp.log(p + 1) - jnp.log(jnp.maximum(t, 1e-7) + 1)) ** 2, -1
        ),
        "mean_absolute_percentage_error": lambda p: (
            100 * jnp.mean(jnp.abs((t - p) / jnp.maximum(jnp.abs(t), 1e-7)), -1)
        ),
        "hinge": lambda p: jnp.mean(jnp.maximum(1 - t * p, 0), -1),
    }
    x = tf.constant(p)
    with tf.GradientTape() as tape:
        tape.watch(x)
        value = tf.reduce_sum(getattr(L, name)(t, x) * tf.constant([1.0, 2.0, 3.0]))
    expected = jax.grad(lambda p: jnp.sum(jax_fns[name](p) * jnp.array([1.0, 2.0, 3.0])))(p)
    np.testing.assert_allclose(tape.gradient(value, x).numpy(), expected, rtol=1e-4, atol=1e-6)


def test_get_and_names_match_keras():
    # losses.get and the default names, as printed by TF 2.21 / Keras 3.15.
    functions = {
        "huber": "huber",
        "mse": "mean_squared_error",
        "MSE": "mean_squared_error",
        "kld": "kl_divergence",
        "KLD": "kl_divergence",
        "log_cosh": "log_cosh",
        "hinge": "hinge",
        "mape": "mean_absolute_percentage_error",
        "msle": "mean_squared_logarithmic_error",
        "poisson": "poisson",
        "kl_divergence": "kl_divergence",
        "cosine_similarity": "cosine_similarity",
        "bce": "binary_crossentropy",
        "squared_hinge": "squared_hinge",
        "mean_absolute_percentage_error": "mean_absolute_percentage_error",
    }
    for name, fn_name in functions.items():
        assert L.get(name).__name__ == fn_name, name
    classes = {
        "Huber": "huber_loss",
        "MeanSquaredError": "mean_squared_error",
        "LogCosh": "log_cosh",
        "Hinge": "hinge",
        "CosineSimilarity": "cosine_similarity",
        "KLDivergence": "kl_divergence",
    }
    for name, loss_name in classes.items():
        loss = L.get(name)
        assert type(loss).__name__ == name and loss.name == loss_name
    huber = L.Huber()
    assert L.get(huber) is huber and L.get(None) is None
    for bad in ("logcosh", "nope"):  # Keras 3's get does not know the tf.keras alias 'logcosh'
        with pytest.raises(ValueError, match=f"^Could not interpret loss identifier: {bad}$"):
            L.get(bad)
    names = [
        L.Poisson().name,
        L.SquaredHinge().name,
        L.MeanSquaredLogarithmicError().name,
        L.MeanAbsolutePercentageError().name,
    ]
    assert names == [
        "poisson",
        "squared_hinge",
        "mean_squared_logarithmic_error",
        "mean_absolute_percentage_error",
    ]


def test_custom_loss_subclass_and_wrapper():
    class Absolute(L.Loss):
        def call(self, y_true, y_pred):
            return tf.reduce_mean(tf.abs(y_true - y_pred), axis=-1)

    loss = Absolute(reduction="mean_with_sample_weight")
    assert loss.name.startswith("absolute")
    got = loss([[0.0, 1.0], [1.0, 1.0]], [[1.0, 1.0], [0.0, 0.0]], sample_weight=[1.0, 3.0])
    np.testing.assert_allclose(got.numpy(), (0.5 * 1 + 1.0 * 3) / 4)
    wrapped = L.LossFunctionWrapper(L.huber, delta=0.5, reduction="sum")
    assert wrapped.name == "huber"
    np.testing.assert_allclose(
        wrapped(INPUTS["YT"], INPUTS["YP3"]).numpy(),
        L.Huber(delta=0.5, reduction="sum")(INPUTS["YT"], INPUTS["YP3"]).numpy(),
    )
