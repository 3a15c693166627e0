"""Written by scripts/keras_ops_numpy_reference_tf.py with TensorFlow 2.21 / Keras 3.15 (CPU):
what keras.ops.numpy gives for the cases in keras_numpy_cases.py. Do not edit by hand.
"""

# ruff: noqa: E501
nan, inf = float("nan"), float("inf")
REFERENCE = {
    "arccos/f32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[1.0471976, 1.8234766, 0.45102686], [2.2142975, 1.5707964, 1.2661036]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "arccos/i32": {
        "eager": [{"dtype": "float32", "shape": (3,), "value": [1.5707964, 0.0, 3.1415927]}],
        "symbolic": [{"dtype": "float32", "shape": (3,)}],
    },
    "arccosh/f32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[0.96242368, 1.4505745, 1.7627472], [2.1846437, 0.69314718, 1.1588104]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "arccosh/i32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[1.316958, 1.7627472, 0.0], [0.0, 1.316958, 2.063437]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "arcsin/f32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[0.52359879, -0.25268024, 1.1197695], [-0.64350116, 0.0, 0.30469266]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "arcsin/i32": {
        "eager": [{"dtype": "float32", "shape": (3,), "value": [0.0, 1.5707964, -1.5707964]}],
        "symbolic": [{"dtype": "float32", "shape": (3,)}],
    },
    "arcsinh/f32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[0.48121184, -1.047593, 1.4436355], [1.9657205, 0.0, -0.69314718]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "arcsinh/i32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[0.88137358, -1.4436355, 1.8184465], [2.0947125, 0.0, -2.3124382]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "arctan/f32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[0.4636476, -0.8960554, 1.1071488], [1.2924967, 0.0, -0.6435011]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "arctan/i32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[0.78539819, -1.1071488, 1.2490457], [1.3258177, 0.0, -1.3734008]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "arctanh/f32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[0.54930615, -0.25541282, 1.4722193], [-0.69314718, 0.0, 0.30951962]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "arctanh/i32": {
        "eager": [{"dtype": "float32", "shape": (2,), "value": [0.0, 0.0]}],
        "symbolic": [{"dtype": "float32", "shape": (2,)}],
    },
    "cbrt/f32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[0.79370052, -1.0772173, 1.2599211], [1.5182945, 0.0, -0.90856028]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "cbrt/i32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[1.0, -1.2599211, 1.4422495], [1.587401, 0.0, -1.709976]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "ceil/f32": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[1.0, -1.0, 3.0], [5.0, 0.0, -0.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "ceil/i32": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[1.0, -2.0, 3.0], [4.0, 0.0, -5.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "cos/f32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[0.87758255, 0.31532237, -0.41614684], [-0.93645668, 1.0, 0.73168886]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "cos/i32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[0.54030228, -0.41614684, -0.9899925], [-0.65364361, 1.0, 0.2836622]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "cosh/f32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[1.1276259, 1.8884238, 3.7621958], [16.572824, 1.0, 1.2946833]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "cosh/i32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[1.5430806, 3.7621958, 10.067662], [27.308231, 1.0, 74.209953]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "deg2rad/f32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[0.0087266462, -0.021816615, 0.034906585], [0.061086524, 0.0, -0.01308997]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "deg2rad/i32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[0.017453292, -0.034906585, 0.052359879], [0.06981317, 0.0, -0.08726646]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "exp/f32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[1.6487212, 0.28650481, 7.3890562], [33.115452, 1.0, 0.47236654]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "exp/i32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[2.7182817, 0.13533528, 20.085537], [54.598148, 1.0, 0.006737947]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "exp2/f32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[1.4142135, 0.42044821, 4.0], [11.313708, 1.0, 0.59460354]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "exp2/i32": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[2.0, 0.25, 8.0], [16.0, 1.0, 0.03125]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "expm1/f32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[0.64872128, -0.71349519, 6.3890562], [32.115452, 0.0, -0.52763343]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "expm1/i32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[1.7182817, -0.86466473, 19.085537], [53.598152, 0.0, -0.99326205]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "floor/f32": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[0.0, -2.0, 2.0], [4.0, 0.0, -1.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "floor/i32": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[1.0, -2.0, 3.0], [4.0, 0.0, -5.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "i0/f32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[1.0634835, 1.4304688, 2.2795854], [7.3782043, 1.0, 1.1456468]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "i0/i32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[1.266066, 2.2795854, 4.8807931], [11.301921, 1.0, 27.239874]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "log/f32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[-0.69314718, 0.22314355, 0.69314718], [1.2527629, -1.3862944, -0.28768209]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "log/i32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[0.69314718, 1.0986123, 0.0], [0.0, 0.69314718, 1.3862944]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "log10/f32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[-0.30102998, 0.096910007, 0.30102998], [0.54406804, -0.60205996, -0.12493874]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "log10/i32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[0.30102998, 0.47712126, 0.0], [0.0, 0.30102998, 0.60205996]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "log1p/f32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[0.4054651, 0.81093019, 1.0986123], [1.5040774, 0.22314355, 0.55961579]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "log1p/i32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[1.0986123, 1.3862944, 0.69314718], [0.69314718, 1.0986123, 1.6094379]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "log2/f32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[-1.0, 0.32192808, 1.0], [1.8073548, -2.0, -0.41503751]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "log2/i32": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[1.0, 1.5849625, 0.0], [0.0, 1.0, 2.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "rad2deg/f32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[28.647888, -71.61972, 114.59155], [200.53522, 0.0, -42.971832]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "rad2deg/i32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[57.295776, -114.59155, 171.88733], [229.18311, 0.0, -286.47888]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "sin/f32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[0.47942555, -0.94898462, 0.90929741], [-0.35078323, 0.0, -0.68163878]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "sin/i32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[0.84147096, -0.90929741, 0.14112], [-0.7568025, 0.0, 0.95892429]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "sinc/f32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[0.63661975, -0.18006328, 2.7827534e-08], [-0.090945676, 1.0, 0.30010542]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "sinc/i32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [
                    [-2.7827534e-08, 2.7827534e-08, -2.5305382e-09],
                    [2.7827534e-08, 1.0, -4.3005731e-08],
                ],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "sinh/f32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[0.52109528, -1.6019192, 3.6268604], [16.542627, 0.0, -0.82231671]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "sinh/i32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[1.1752012, -3.6268604, 10.017875], [27.289919, 0.0, -74.203209]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "sqrt/f32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[0.70710677, 1.118034, 1.4142135], [1.8708287, 0.5, 0.86602539]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "sqrt/i32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[1.4142135, 1.7320508, 1.0], [1.0, 1.4142135, 2.0]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "tan/f32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[0.5463025, -0.25534192, 1.2601582], [-0.68413687, 0.0, 0.30933627]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "tan/i32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[1.5574077, 2.1850398, -0.14254655], [1.1578213, 0.0, 3.3805151]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "tanh/f32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[0.46211714, -0.84828371, 0.96402758], [0.99817795, 0.0, -0.63514894]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "tanh/i32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[0.76159418, -0.96402758, 0.99505472], [0.99932927, 0.0, -0.99990916]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "trunc/f32": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[0.0, -1.0, 2.0], [4.0, 0.0, -0.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "trunc/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[1, -2, 3], [4, 0, -5]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "reciprocal/f32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[2.0, 0.80000001, 0.5], [0.2857143, 4.0, 1.3333334]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "reciprocal/i32": {
        "eager": {
            "error": "NotFoundError",
            "message": "Could not find device for node: {{node Reciprocal}} = Reciprocal[T=DT_INT32]",
        },
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "sign/f32": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[1.0, -1.0, 1.0], [1.0, 0.0, -1.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "sign/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[1, -1, 1], [1, 0, -1]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "square/f32": {
        "eager": [
            {"dtype": "float32", "shape": (2, 3), "value": [[0.25, 1.5625, 4.0], [12.25, 0.0, 0.5625]]}
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "square/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[1, 4, 9], [16, 0, 25]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "negative/f32": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[-0.5, 1.25, -2.0], [-3.5, -0.0, 0.75]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "negative/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[-1, 2, -3], [-4, 0, 5]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "abs/f32": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[0.5, 1.25, 2.0], [3.5, 0.0, 0.75]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "abs/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[1, 2, 3], [4, 0, 5]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "absolute/f32": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[0.5, 1.25, 2.0], [3.5, 0.0, 0.75]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "absolute/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[1, 2, 3], [4, 0, 5]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "fabs/f32": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[0.5, 1.25, 2.0], [3.5, 0.0, 0.75]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "fabs/i32": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[1.0, 2.0, 3.0], [4.0, 0.0, 5.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "signbit/f32": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[False, True, False], [False, False, True]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "signbit/i32": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[False, True, False], [False, False, True]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "isfinite/f32": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[True, False, True], [False, True, True]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "isfinite/i32": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[True, True, True], [True, True, True]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "isinf/f32": {
        "eager": [{"dtype": "bool", "shape": (4,), "value": [False, True, True, False]}],
        "symbolic": [{"dtype": "bool", "shape": (4,)}],
    },
    "isinf/i32": {
        "eager": [
            {"dtype": "bool", "shape": (2, 3), "value": [[False, False, False], [False, False, False]]}
        ],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "isnan/f32": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[False, True, False], [True, False, False]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "isnan/i32": {
        "eager": [
            {"dtype": "bool", "shape": (2, 3), "value": [[False, False, False], [False, False, False]]}
        ],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "isneginf/f32": {
        "eager": [{"dtype": "bool", "shape": (4,), "value": [False, False, True, False]}],
        "symbolic": [{"dtype": "bool", "shape": (4,)}],
    },
    "isneginf/i32": {
        "eager": [
            {"dtype": "bool", "shape": (2, 3), "value": [[False, False, False], [False, False, False]]}
        ],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "isposinf/f32": {
        "eager": [{"dtype": "bool", "shape": (4,), "value": [False, True, False, False]}],
        "symbolic": [{"dtype": "bool", "shape": (4,)}],
    },
    "isposinf/i32": {
        "eager": [
            {"dtype": "bool", "shape": (2, 3), "value": [[False, False, False], [False, False, False]]}
        ],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "isreal/f32": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[True, True, True], [True, True, True]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "isreal/i32": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[True, True, True], [True, True, True]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "round/f32": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[1.0, -2.0, 3.0], [5.0, 0.0, -1.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "round/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[1, -2, 3], [4, 0, -5]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "copy/f32": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[0.5, -1.25, 2.0], [3.5, 0.0, -0.75]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "copy/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[1, -2, 3], [4, 0, -5]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "array/f32": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[0.5, -1.25, 2.0], [3.5, 0.0, -0.75]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "array/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[1, -2, 3], [4, 0, -5]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "real/f32": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[0.5, -1.25, 2.0], [3.5, 0.0, -0.75]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "real/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[1, -2, 3], [4, 0, -5]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "imag/f32": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "imag/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[0, 0, 0], [0, 0, 0]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "conj/f32": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[0.5, -1.25, 2.0], [3.5, 0.0, -0.75]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "conj/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[1, -2, 3], [4, 0, -5]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "conjugate/f32": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[0.5, -1.25, 2.0], [3.5, 0.0, -0.75]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "conjugate/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[1, -2, 3], [4, 0, -5]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "angle/f32": {
        "eager": [
            {"dtype": "float32", "shape": (2, 3), "value": [[0.0, 3.1415927, 0.0], [0.0, 0.0, 3.1415927]]}
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "angle/i32": {
        "eager": [
            {"dtype": "float32", "shape": (2, 3), "value": [[0.0, 3.1415927, 0.0], [0.0, 0.0, 3.1415927]]}
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "logical_not/f32": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[False, False, False], [False, True, False]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "logical_not/i32": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[False, False, False], [False, True, False]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "ndim/f32": {"eager": [{"python": "int", "value": 2}], "symbolic": [{"dtype": "float32", "shape": (2,)}]},
    "ndim/i32": {"eager": [{"python": "int", "value": 2}], "symbolic": [{"dtype": "float32", "shape": (2,)}]},
    "size/f32": {
        "eager": [{"dtype": "int32", "shape": (), "value": 6}],
        "symbolic": [{"dtype": "int32", "shape": ()}],
    },
    "size/i32": {
        "eager": [{"dtype": "int32", "shape": (), "value": 6}],
        "symbolic": [{"dtype": "int32", "shape": ()}],
    },
    "ravel/f32": {
        "eager": [{"dtype": "float32", "shape": (6,), "value": [0.5, -1.25, 2.0, 3.5, 0.0, -0.75]}],
        "symbolic": [{"dtype": "float32", "shape": (6,)}],
    },
    "ravel/i32": {
        "eager": [{"dtype": "int32", "shape": (6,), "value": [1, -2, 3, 4, 0, -5]}],
        "symbolic": [{"dtype": "int32", "shape": (6,)}],
    },
    "nonzero/f32": {
        "eager": [
            {"dtype": "int32", "shape": (5,), "value": [0, 0, 0, 1, 1]},
            {"dtype": "int32", "shape": (5,), "value": [0, 1, 2, 0, 2]},
        ],
        "symbolic": [{"dtype": "int32", "shape": (None,)}, {"dtype": "int32", "shape": (None,)}],
    },
    "nonzero/i32": {
        "eager": [
            {"dtype": "int32", "shape": (5,), "value": [0, 0, 0, 1, 1]},
            {"dtype": "int32", "shape": (5,), "value": [0, 1, 2, 0, 2]},
        ],
        "symbolic": [{"dtype": "int32", "shape": (None,)}, {"dtype": "int32", "shape": (None,)}],
    },
    "ones_like/f32": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[1.0, 1.0, 1.0], [1.0, 1.0, 1.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "ones_like/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[1, 1, 1], [1, 1, 1]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "zeros_like/f32": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "zeros_like/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[0, 0, 0], [0, 0, 0]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "sort/f32": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[-1.25, 0.5, 2.0], [-0.75, 0.0, 3.5]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "sort/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[-2, 1, 3], [-5, 0, 4]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "argsort/f32": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[1, 0, 2], [2, 1, 0]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "argsort/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[1, 0, 2], [2, 1, 0]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "transpose/f32": {
        "eager": [{"dtype": "float32", "shape": (3, 2), "value": [[0.5, 3.5], [-1.25, 0.0], [2.0, -0.75]]}],
        "symbolic": [{"dtype": "float32", "shape": (3, 2)}],
    },
    "transpose/i32": {
        "eager": [{"dtype": "int32", "shape": (3, 2), "value": [[1, 4], [-2, 0], [3, -5]]}],
        "symbolic": [{"dtype": "int32", "shape": (3, 2)}],
    },
    "flip/f32": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[-0.75, 0.0, 3.5], [2.0, -1.25, 0.5]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "flip/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[-5, 0, 4], [3, -2, 1]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "fliplr/f32": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[2.0, -1.25, 0.5], [-0.75, 0.0, 3.5]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "fliplr/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[3, -2, 1], [-5, 0, 4]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "flipud/f32": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[3.5, 0.0, -0.75], [0.5, -1.25, 2.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "flipud/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[4, 0, -5], [1, -2, 3]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "squeeze/f32": {
        "eager": [{"dtype": "float32", "shape": (3,), "value": [0.5, -1.25, 2.0]}],
        "symbolic": [{"dtype": "float32", "shape": (3,)}],
    },
    "squeeze/i32": {
        "eager": [{"dtype": "int32", "shape": (2,), "value": [1, 4]}],
        "symbolic": [{"dtype": "int32", "shape": (2,)}],
    },
    "corrcoef/f32": {
        "eager": [{"dtype": "float32", "shape": (2, 2), "value": [[1.0, -0.12139147], [-0.12139147, 1.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "corrcoef/i32": {
        "eager": [
            {"dtype": "float32", "shape": (2, 2), "value": [[0.99999994, -0.45529193], [-0.45529193, 1.0]]}
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "cumsum/f32": {
        "eager": [{"dtype": "float32", "shape": (6,), "value": [0.5, -0.75, 1.25, 4.75, 4.75, 4.0]}],
        "symbolic": [{"dtype": "float32", "shape": (6,)}],
    },
    "cumsum/i32": {
        "eager": [{"dtype": "int32", "shape": (6,), "value": [1, -1, 2, 6, 6, 1]}],
        "symbolic": [{"dtype": "int32", "shape": (6,)}],
    },
    "cumprod/f32": {
        "eager": [{"dtype": "float32", "shape": (6,), "value": [0.5, -0.625, -1.25, -4.375, -0.0, 0.0]}],
        "symbolic": [{"dtype": "float32", "shape": (6,)}],
    },
    "cumprod/i32": {
        "eager": [{"dtype": "int32", "shape": (6,), "value": [1, -2, -6, -24, 0, 0]}],
        "symbolic": [{"dtype": "int32", "shape": (6,)}],
    },
    "diag/f32": {
        "eager": [{"dtype": "float32", "shape": (2,), "value": [0.5, 0.0]}],
        "symbolic": [{"dtype": "float32", "shape": (2,)}],
    },
    "diag/i32": {
        "eager": [{"dtype": "int32", "shape": (2,), "value": [1, 0]}],
        "symbolic": [{"dtype": "int32", "shape": (2,)}],
    },
    "diagflat/f32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (6, 6),
                "value": [
                    [0.5, 0.0, 0.0, 0.0, 0.0, 0.0],
                    [0.0, -1.25, 0.0, 0.0, 0.0, 0.0],
                    [0.0, 0.0, 2.0, 0.0, 0.0, 0.0],
                    [0.0, 0.0, 0.0, 3.5, 0.0, 0.0],
                    [0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
                    [0.0, 0.0, 0.0, 0.0, 0.0, -0.75],
                ],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (6, 6)}],
    },
    "diagflat/i32": {
        "eager": [
            {
                "dtype": "int32",
                "shape": (6, 6),
                "value": [
                    [1, 0, 0, 0, 0, 0],
                    [0, -2, 0, 0, 0, 0],
                    [0, 0, 3, 0, 0, 0],
                    [0, 0, 0, 4, 0, 0],
                    [0, 0, 0, 0, 0, 0],
                    [0, 0, 0, 0, 0, -5],
                ],
            }
        ],
        "symbolic": [{"dtype": "int32", "shape": (6, 6)}],
    },
    "diagonal/f32": {
        "eager": [{"dtype": "float32", "shape": (2,), "value": [0.5, 0.0]}],
        "symbolic": [{"dtype": "float32", "shape": (2,)}],
    },
    "diagonal/i32": {
        "eager": [{"dtype": "int32", "shape": (2,), "value": [1, 0]}],
        "symbolic": [{"dtype": "int32", "shape": (2,)}],
    },
    "trace/f32": {
        "eager": [{"dtype": "float32", "shape": (), "value": 0.5}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "trace/i32": {
        "eager": [{"dtype": "int32", "shape": (), "value": 1}],
        "symbolic": [{"dtype": "int32", "shape": ()}],
    },
    "tril/f32": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[0.5, 0.0, 0.0], [3.5, 0.0, 0.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "tril/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[1, 0, 0], [4, 0, 0]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "triu/f32": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[0.5, -1.25, 2.0], [0.0, 0.0, -0.75]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "triu/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[1, -2, 3], [0, 0, -5]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "vander/f32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (4, 4),
                "value": [
                    [27.0, 9.0, 3.0, 1.0],
                    [-1.0, 1.0, -1.0, 1.0],
                    [15.625, 6.25, 2.5, 1.0],
                    [0.125, 0.25, 0.5, 1.0],
                ],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (4, 4)}],
    },
    "vander/i32": {
        "eager": [{"dtype": "int32", "shape": (3, 3), "value": [[1, 1, 1], [4, 2, 1], [9, 3, 1]]}],
        "symbolic": [{"dtype": "int32", "shape": (3, 3)}],
    },
    "diff/f32": {
        "eager": [{"dtype": "float32", "shape": (2, 2), "value": [[-1.75, 3.25], [-3.5, -0.75]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 2)}],
    },
    "diff/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 2), "value": [[-3, 5], [-4, -5]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 2)}],
    },
    "count_nonzero/f32": {
        "eager": [{"dtype": "int32", "shape": (), "value": 5}],
        "symbolic": [{"dtype": "int32", "shape": ()}],
    },
    "count_nonzero/i32": {
        "eager": [{"dtype": "int32", "shape": (), "value": 5}],
        "symbolic": [{"dtype": "int32", "shape": ()}],
    },
    "unique/f32": {
        "eager": [{"dtype": "float32", "shape": (3,), "value": [1.0, 2.0, 3.0]}],
        "symbolic": [{"dtype": "float32", "shape": (None,)}],
    },
    "unique/i32": {
        "eager": [{"dtype": "int32", "shape": (3,), "value": [1, 2, 3]}],
        "symbolic": [{"dtype": "int32", "shape": (None,)}],
    },
    "abs/bool": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[True, False, True], [False, False, True]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "sign/bool": {
        "eager": {
            "error": "InvalidArgumentError",
            "message": "Value for attr 'T' of bool is not in the list of allowed values: bfloat16, half, float, double, int8, int16, int32, int64, complex64, complex128",
        },
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "square/bool": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[1, 0, 1], [0, 0, 1]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "negative/bool": {
        "eager": {
            "error": "InvalidArgumentError",
            "message": "Value for attr 'T' of bool is not in the list of allowed values: bfloat16, half, float, double, int8, int16, int32, int64, complex64, complex128",
        },
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "logical_not/bool": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[False, True, False], [True, True, False]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "sqrt/bool": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[1.0, 0.0, 1.0], [0.0, 0.0, 1.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "exp/bool": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[2.7182817, 1.0, 2.7182817], [1.0, 1.0, 2.7182817]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "sin/bool": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[0.84147096, 0.0, 0.84147096], [0.0, 0.0, 0.84147096]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "cumsum/bool": {
        "eager": [{"dtype": "int32", "shape": (6,), "value": [1, 1, 2, 2, 2, 3]}],
        "symbolic": [{"dtype": "int32", "shape": (6,)}],
    },
    "trunc/bool": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[True, False, True], [False, False, True]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "sqrt/i64": {
        "eager": [{"dtype": "float32", "shape": (3,), "value": [1.0, 1.4142135, 1.7320508]}],
        "symbolic": [{"dtype": "float32", "shape": (3,)}],
    },
    "sqrt/f64": {
        "eager": [{"dtype": "float64", "shape": (3,), "value": [1.0, 1.4142136, 1.7320508]}],
        "symbolic": [{"dtype": "float64", "shape": (3,)}],
    },
    "exp/i64": {
        "eager": [{"dtype": "float32", "shape": (3,), "value": [2.7182817, 7.3890562, 20.085537]}],
        "symbolic": [{"dtype": "float32", "shape": (3,)}],
    },
    "exp/f64": {
        "eager": [{"dtype": "float64", "shape": (3,), "value": [2.7182818, 7.3890561, 20.085537]}],
        "symbolic": [{"dtype": "float64", "shape": (3,)}],
    },
    "sin/i64": {
        "eager": [{"dtype": "float32", "shape": (3,), "value": [0.84147096, 0.90929741, 0.14112]}],
        "symbolic": [{"dtype": "float32", "shape": (3,)}],
    },
    "sin/f64": {
        "eager": [{"dtype": "float64", "shape": (3,), "value": [0.84147098, 0.90929743, 0.14112001]}],
        "symbolic": [{"dtype": "float64", "shape": (3,)}],
    },
    "floor/i64": {
        "eager": [{"dtype": "float32", "shape": (3,), "value": [1.0, 2.0, 3.0]}],
        "symbolic": [{"dtype": "float32", "shape": (3,)}],
    },
    "floor/f64": {
        "eager": [{"dtype": "float64", "shape": (3,), "value": [1.0, 2.0, 3.0]}],
        "symbolic": [{"dtype": "float64", "shape": (3,)}],
    },
    "log1p/i64": {
        "eager": [{"dtype": "float32", "shape": (3,), "value": [0.69314718, 1.0986123, 1.3862944]}],
        "symbolic": [{"dtype": "float32", "shape": (3,)}],
    },
    "log1p/f64": {
        "eager": [{"dtype": "float64", "shape": (3,), "value": [0.69314718, 1.0986123, 1.3862944]}],
        "symbolic": [{"dtype": "float64", "shape": (3,)}],
    },
    "cumprod/i64": {
        "eager": [{"dtype": "int64", "shape": (3,), "value": [1, 2, 6]}],
        "symbolic": [{"dtype": "int64", "shape": (3,)}],
    },
    "cumprod/f64": {
        "eager": [{"dtype": "float64", "shape": (3,), "value": [1.0, 2.0, 6.0]}],
        "symbolic": [{"dtype": "float64", "shape": (3,)}],
    },
    "bitwise_invert/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[-2, 1, -4], [-5, -1, 4]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "bitwise_invert/bool": {
        "eager": {
            "error": "InvalidArgumentError",
            "message": "Value for attr 'T' of bool is not in the list of allowed values: int8, int16, int32, int64, uint8, uint16, uint32, uint64",
        },
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "bitwise_invert/u8": {
        "eager": [{"dtype": "uint8", "shape": (3,), "value": [254, 253, 55]}],
        "symbolic": [{"dtype": "uint8", "shape": (3,)}],
    },
    "bitwise_not/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[-2, 1, -4], [-5, -1, 4]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "bitwise_not/bool": {
        "eager": {
            "error": "InvalidArgumentError",
            "message": "Value for attr 'T' of bool is not in the list of allowed values: int8, int16, int32, int64, uint8, uint16, uint32, uint64",
        },
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "bitwise_not/u8": {
        "eager": [{"dtype": "uint8", "shape": (3,), "value": [254, 253, 55]}],
        "symbolic": [{"dtype": "uint8", "shape": (3,)}],
    },
    "add/f32": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[2.0, -1.0, 0.0], [4.5, 2.5, 0.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "add/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[3, 1, 4], [5, 2, -1]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "add/i32_pyfloat": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[3.0, 0.0, 5.0], [6.0, 2.0, -3.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "add/f32_pyint": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[2.5, 0.75, 4.0], [5.5, 2.0, 1.25]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "add/bool": {
        "eager": {
            "error": "InvalidArgumentError",
            "message": "Value for attr 'T' of bool is not in the list of allowed values: float, double, int32, uint8, int16, int8, complex64, int64, qint8, quint8, qint32, bfloat16, qint16, quint16, uint16, complex128, half, uint32, uint64",
        },
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "add/i8_i16": {
        "eager": [{"dtype": "int16", "shape": (3,), "value": [3, 3, 6]}],
        "symbolic": [{"dtype": "int16", "shape": (3,)}],
    },
    "add/f32_f64": {
        "eager": [{"dtype": "float64", "shape": (2, 3), "value": [[3.5, 0.5, 1.5], [6.0, 4.0, 1.5]]}],
        "symbolic": [{"dtype": "float64", "shape": (2, 3)}],
    },
    "subtract/f32": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[-1.0, -1.5, 4.0], [2.5, -2.5, -1.5]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "subtract/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[-1, -5, 2], [3, -2, -9]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "subtract/i32_pyfloat": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[-1.0, -4.0, 1.0], [2.0, -2.0, -7.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "subtract/f32_pyint": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[-1.5, -3.25, 0.0], [1.5, -2.0, -2.75]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "subtract/bool": {
        "eager": {
            "error": "InvalidArgumentError",
            "message": "Value for attr 'T' of bool is not in the list of allowed values: bfloat16, half, float, double, uint8, int8, uint16, int16, int32, int64, complex64, complex128, uint32, uint64",
        },
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "subtract/i8_i16": {
        "eager": [{"dtype": "int16", "shape": (3,), "value": [-1, 1, 0]}],
        "symbolic": [{"dtype": "int16", "shape": (3,)}],
    },
    "subtract/f32_f64": {
        "eager": [{"dtype": "float64", "shape": (2, 3), "value": [[-2.5, -3.0, 2.5], [1.0, -4.0, -3.0]]}],
        "symbolic": [{"dtype": "float64", "shape": (2, 3)}],
    },
    "multiply/f32": {
        "eager": [
            {"dtype": "float32", "shape": (2, 3), "value": [[0.75, -0.3125, -4.0], [3.5, 0.0, -0.5625]]}
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "multiply/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[2, -6, 3], [4, 0, -20]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "multiply/i32_pyfloat": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[2.0, -4.0, 6.0], [8.0, 0.0, -10.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "multiply/f32_pyint": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[1.0, -2.5, 4.0], [7.0, 0.0, -1.5]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "multiply/bool": {
        "eager": {
            "error": "InvalidArgumentError",
            "message": "Value for attr 'T' of bool is not in the list of allowed values: bfloat16, half, float, double, uint8, int8, uint16, int16, int32, uint32, uint64, int64, complex64, complex128",
        },
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "multiply/i8_i16": {
        "eager": [{"dtype": "int16", "shape": (3,), "value": [2, 2, 9]}],
        "symbolic": [{"dtype": "int16", "shape": (3,)}],
    },
    "multiply/f32_f64": {
        "eager": [
            {"dtype": "float64", "shape": (2, 3), "value": [[1.5, -2.1875, -1.0], [8.75, 0.0, -1.6875]]}
        ],
        "symbolic": [{"dtype": "float64", "shape": (2, 3)}],
    },
    "divide/f32": {
        "eager": [
            {"dtype": "float32", "shape": (2, 3), "value": [[0.33333334, -5.0, -1.0], [3.5, 0.0, -1.0]]}
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "divide/i32": {
        "eager": [
            {"dtype": "float32", "shape": (2, 3), "value": [[0.5, -0.66666669, 3.0], [4.0, 0.0, -1.25]]}
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "divide/i32_pyfloat": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[0.5, -1.0, 1.5], [2.0, 0.0, -2.5]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "divide/f32_pyint": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[0.25, -0.625, 1.0], [1.75, 0.0, -0.375]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "divide/bool": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[1.0, 0.0, inf], [0.0, 0.0, inf]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "divide/i8_i16": {
        "eager": [{"dtype": "float32", "shape": (3,), "value": [0.5, 2.0, 1.0]}],
        "symbolic": [{"dtype": "float32", "shape": (3,)}],
    },
    "divide/f32_f64": {
        "eager": [
            {
                "dtype": "float64",
                "shape": (2, 3),
                "value": [[0.16666667, -0.71428571, -4.0], [1.4, 0.0, -0.33333333]],
            }
        ],
        "symbolic": [{"dtype": "float64", "shape": (2, 3)}],
    },
    "true_divide/f32": {
        "eager": [
            {"dtype": "float32", "shape": (2, 3), "value": [[0.33333334, -5.0, -1.0], [3.5, 0.0, -1.0]]}
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "true_divide/i32": {
        "eager": [
            {"dtype": "float32", "shape": (2, 3), "value": [[0.5, -0.66666669, 3.0], [4.0, 0.0, -1.25]]}
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "true_divide/i32_pyfloat": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[0.5, -1.0, 1.5], [2.0, 0.0, -2.5]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "true_divide/f32_pyint": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[0.25, -0.625, 1.0], [1.75, 0.0, -0.375]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "true_divide/bool": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[1.0, 0.0, inf], [0.0, 0.0, inf]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "true_divide/i8_i16": {
        "eager": [{"dtype": "float32", "shape": (3,), "value": [0.5, 2.0, 1.0]}],
        "symbolic": [{"dtype": "float32", "shape": (3,)}],
    },
    "true_divide/f32_f64": {
        "eager": [
            {
                "dtype": "float64",
                "shape": (2, 3),
                "value": [[0.16666667, -0.71428571, -4.0], [1.4, 0.0, -0.33333333]],
            }
        ],
        "symbolic": [{"dtype": "float64", "shape": (2, 3)}],
    },
    "floor_divide/f32": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[0.0, -5.0, -1.0], [3.0, 0.0, -1.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "floor_divide/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[0, -1, 3], [4, 0, -2]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "floor_divide/i32_pyfloat": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[0.0, -1.0, 1.0], [2.0, 0.0, -3.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "floor_divide/f32_pyint": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[0.0, -1.0, 1.0], [1.0, 0.0, -1.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "floor_divide/bool": {
        "eager": {
            "error": "InvalidArgumentError",
            "message": "Value for attr 'T' of bool is not in the list of allowed values: bfloat16, half, float, double, uint8, int8, uint16, int16, int32, uint32, uint64, int64, complex64, complex128",
        },
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "floor_divide/i8_i16": {
        "eager": [{"dtype": "int16", "shape": (3,), "value": [0, 2, 1]}],
        "symbolic": [{"dtype": "int16", "shape": (3,)}],
    },
    "floor_divide/f32_f64": {
        "eager": [{"dtype": "float64", "shape": (2, 3), "value": [[0.0, -1.0, -4.0], [1.0, 0.0, -1.0]]}],
        "symbolic": [{"dtype": "float64", "shape": (2, 3)}],
    },
    "mod/f32": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[0.5, -0.0, 0.0], [0.5, 0.0, -0.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "mod/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[1, 1, 0], [0, 0, 3]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "mod/i32_pyfloat": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[1.0, -0.0, 1.0], [0.0, 0.0, 1.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "mod/f32_pyint": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[0.5, 0.75, 0.0], [1.5, 0.0, 1.25]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "mod/bool": {
        "eager": {
            "error": "InvalidArgumentError",
            "message": "{{function_node __wrapped__FloorMod_device_/job:localhost/replica:0/task:0/device:CPU:0}} Integer division by zero [Op:FloorMod] name: ",
        },
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "mod/i8_i16": {
        "eager": [{"dtype": "int16", "shape": (3,), "value": [1, 0, 0]}],
        "symbolic": [{"dtype": "int16", "shape": (3,)}],
    },
    "mod/f32_f64": {
        "eager": [{"dtype": "float64", "shape": (2, 3), "value": [[0.5, 0.5, 0.0], [1.0, 0.0, 1.5]]}],
        "symbolic": [{"dtype": "float64", "shape": (2, 3)}],
    },
    "fmod/f32": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[0.5, -0.0, 0.0], [0.5, 0.0, -0.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "fmod/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[1, -2, 0], [0, 0, -1]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "fmod/i32_pyfloat": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[1.0, -0.0, 1.0], [0.0, 0.0, -1.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "fmod/f32_pyint": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[0.5, -1.25, 0.0], [1.5, 0.0, -0.75]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "fmod/bool": {
        "eager": {
            "error": "InvalidArgumentError",
            "message": "{{function_node __wrapped__FloorMod_device_/job:localhost/replica:0/task:0/device:CPU:0}} Integer division by zero [Op:FloorMod] name: ",
        },
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "fmod/i8_i16": {
        "eager": [{"dtype": "int16", "shape": (3,), "value": [1, 0, 0]}],
        "symbolic": [{"dtype": "int16", "shape": (3,)}],
    },
    "fmod/f32_f64": {
        "eager": [{"dtype": "float64", "shape": (2, 3), "value": [[0.5, -1.25, 0.0], [1.0, 0.0, -0.75]]}],
        "symbolic": [{"dtype": "float64", "shape": (2, 3)}],
    },
    "power/f32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[0.35355338, 1.0573713, 0.25], [3.5, 0.03125, 0.80592746]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "power/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[1, -8, 3], [4, 0, 625]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "power/i32_pyfloat": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[1.0, 4.0, 9.0], [16.0, 0.0, 25.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "power/f32_pyint": {
        "eager": [
            {"dtype": "float32", "shape": (2, 3), "value": [[0.25, 1.5625, 4.0], [12.25, 0.0625, 0.5625]]}
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "power/bool": {
        "eager": {
            "error": "InvalidArgumentError",
            "message": "Value for attr 'T' of bool is not in the list of allowed values: bfloat16, float, half, double, int8, int16, int32, int64, complex64, complex128",
        },
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "power/i8_i16": {
        "eager": [{"dtype": "int16", "shape": (3,), "value": [1, 2, 27]}],
        "symbolic": [{"dtype": "int16", "shape": (3,)}],
    },
    "power/f32_f64": {
        "eager": [
            {
                "dtype": "float64",
                "shape": (2, 3),
                "value": [[0.125, 1.4777213, 0.70710678], [22.917651, 0.00390625, 0.52346523]],
            }
        ],
        "symbolic": [{"dtype": "float64", "shape": (2, 3)}],
    },
    "maximum/f32": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[1.5, 0.25, 2.0], [3.5, 2.5, 0.75]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "maximum/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[2, 3, 3], [4, 2, 4]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "maximum/i32_pyfloat": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[2.0, 2.0, 3.0], [4.0, 2.0, 2.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "maximum/f32_pyint": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[2.0, 2.0, 2.0], [3.5, 2.0, 2.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "maximum/bool": {
        "eager": {
            "error": "InvalidArgumentError",
            "message": "Value for attr 'T' of bool is not in the list of allowed values: bfloat16, half, float, double, int8, uint8, int16, uint16, int32, uint32, int64, uint64",
        },
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "maximum/i8_i16": {
        "eager": [{"dtype": "int16", "shape": (3,), "value": [2, 2, 3]}],
        "symbolic": [{"dtype": "int16", "shape": (3,)}],
    },
    "maximum/f32_f64": {
        "eager": [{"dtype": "float64", "shape": (2, 3), "value": [[3.0, 1.75, 2.0], [3.5, 4.0, 2.25]]}],
        "symbolic": [{"dtype": "float64", "shape": (2, 3)}],
    },
    "minimum/f32": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[0.5, -1.25, -2.0], [1.0, 0.0, -0.75]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "minimum/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[1, -2, 1], [1, 0, -5]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "minimum/i32_pyfloat": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[1.0, -2.0, 2.0], [2.0, 0.0, -5.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "minimum/f32_pyint": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[0.5, -1.25, 2.0], [2.0, 0.0, -0.75]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "minimum/bool": {
        "eager": {
            "error": "InvalidArgumentError",
            "message": "Value for attr 'T' of bool is not in the list of allowed values: bfloat16, half, float, double, int8, uint8, int16, uint16, int32, uint32, int64, uint64",
        },
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "minimum/i8_i16": {
        "eager": [{"dtype": "int16", "shape": (3,), "value": [1, 1, 3]}],
        "symbolic": [{"dtype": "int16", "shape": (3,)}],
    },
    "minimum/f32_f64": {
        "eager": [{"dtype": "float64", "shape": (2, 3), "value": [[0.5, -1.25, -0.5], [2.5, 0.0, -0.75]]}],
        "symbolic": [{"dtype": "float64", "shape": (2, 3)}],
    },
    "fmax/f32": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[1.5, 0.25, 3.0], [1.0, 2.5, 0.75]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "fmax/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[2, 3, 3], [4, 2, 4]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "fmax/i32_pyfloat": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[2.0, 2.0, 3.0], [4.0, 2.0, 2.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "fmax/f32_pyint": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[2.0, 2.0, 3.0], [2.0, 2.0, 2.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "fmax/bool": {
        "eager": {
            "error": "InvalidArgumentError",
            "message": "Value for attr 'T' of bool is not in the list of allowed values: bfloat16, half, float, double, int8, uint8, int16, uint16, int32, uint32, int64, uint64",
        },
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "fmax/i8_i16": {
        "eager": [{"dtype": "int16", "shape": (3,), "value": [2, 2, 3]}],
        "symbolic": [{"dtype": "int16", "shape": (3,)}],
    },
    "fmax/f32_f64": {
        "eager": [{"dtype": "float64", "shape": (2, 3), "value": [[3.0, 1.75, 3.0], [2.5, 4.0, 2.25]]}],
        "symbolic": [{"dtype": "float64", "shape": (2, 3)}],
    },
    "fmin/f32": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[1.0, 0.25, -2.0], [1.0, 0.5, -2.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "fmin/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[1, -2, 1], [1, 0, -5]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "fmin/i32_pyfloat": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[1.0, -2.0, 2.0], [2.0, 0.0, -5.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "fmin/f32_pyint": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[1.0, 2.0, 2.0], [2.0, 0.5, -2.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "fmin/bool": {
        "eager": {
            "error": "InvalidArgumentError",
            "message": "Value for attr 'T' of bool is not in the list of allowed values: bfloat16, half, float, double, int8, uint8, int16, uint16, int32, uint32, int64, uint64",
        },
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "fmin/i8_i16": {
        "eager": [{"dtype": "int16", "shape": (3,), "value": [1, 1, 3]}],
        "symbolic": [{"dtype": "int16", "shape": (3,)}],
    },
    "fmin/f32_f64": {
        "eager": [{"dtype": "float64", "shape": (2, 3), "value": [[1.0, 1.75, -0.5], [2.5, 0.5, -2.0]]}],
        "symbolic": [{"dtype": "float64", "shape": (2, 3)}],
    },
    "arctan2/f32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[0.32175055, -1.3734008, 2.3561945], [1.2924967, 0.0, -0.78539819]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "arctan2/i32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[0.4636476, -0.58800262, 1.2490457], [1.3258177, 0.0, -0.8960554]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "arctan2/i32_pyfloat": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[0.4636476, -0.78539819, 0.98279375], [1.1071488, 0.0, -1.19029]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "arctan2/f32_pyint": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[0.24497867, -0.55859929, 0.78539819], [1.0516502, 0.0, -0.35877067]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "arctan2/bool": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[0.78539819, 0.0, 1.5707964], [0.0, 0.0, 1.5707964]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "arctan2/i8_i16": {
        "eager": [{"dtype": "float32", "shape": (3,), "value": [0.4636476, 1.1071488, 0.78539819]}],
        "symbolic": [{"dtype": "float32", "shape": (3,)}],
    },
    "arctan2/f32_f64": {
        "eager": [
            {
                "dtype": "float64",
                "shape": (2, 3),
                "value": [[0.16514868, -0.62024949, 1.815775], [0.95054684, 0.0, -0.32175055]],
            }
        ],
        "symbolic": [{"dtype": "float64", "shape": (2, 3)}],
    },
    "hypot/f32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[1.5811388, 1.2747549, 2.8284271], [3.6400549, 2.5, 1.0606601]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "hypot/i32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[2.236068, 3.6055512, 3.1622777], [4.1231055, 2.0, 6.4031243]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "hypot/i32_pyfloat": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[2.236068, 2.8284271, 3.6055512], [4.472136, 2.0, 5.3851647]],
            }
        ],
        "symbolic": {"error": "AttributeError", "message": "'float' object has no attribute 'dtype'"},
    },
    "hypot/f32_pyint": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[2.0615528, 2.3584952, 2.8284271], [4.0311289, 2.0, 2.1360009]],
            }
        ],
        "symbolic": {"error": "AttributeError", "message": "'int' object has no attribute 'dtype'"},
    },
    "hypot/bool": {
        "eager": {
            "error": "InvalidArgumentError",
            "message": "Value for attr 'T' of bool is not in the list of allowed values: bfloat16, half, float, double, int8, int16, int32, int64",
        },
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "hypot/i8_i16": {
        "eager": [{"dtype": "float32", "shape": (3,), "value": [2.236068, 2.236068, 4.2426405]}],
        "symbolic": [{"dtype": "float32", "shape": (3,)}],
    },
    "hypot/f32_f64": {
        "eager": [
            {
                "dtype": "float64",
                "shape": (2, 3),
                "value": [[3.0413813, 2.1505813, 2.0615528], [4.3011626, 4.0, 2.3717082]],
            }
        ],
        "symbolic": [{"dtype": "float64", "shape": (2, 3)}],
    },
    "logaddexp/f32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[1.8132617, 0.45141327, 2.0181499], [3.5788898, 2.5788898, 0.95141327]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "logaddexp/i32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[2.3132617, 3.0067153, 3.1269281], [4.0485873, 2.1269281, 4.0001235]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "logaddexp/i32_pyfloat": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[2.3132617, 2.0181499, 3.3132617], [4.1269279, 2.1269281, 2.0009115]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "logaddexp/f32_pyint": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[2.2014134, 2.0380414, 2.6931472], [3.7014134, 2.1269281, 2.0619676]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "logaddexp/bool": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[1.6931472, 1.3132617, 1.3132617], [1.3132617, 1.3132617, 1.3132617]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "logaddexp/i8_i16": {
        "eager": [{"dtype": "float32", "shape": (3,), "value": [2.3132617, 2.3132617, 3.6931472]}],
        "symbolic": [{"dtype": "float32", "shape": (3,)}],
    },
    "logaddexp/f32_f64": {
        "eager": [
            {
                "dtype": "float64",
                "shape": (2, 3),
                "value": [[3.0788897, 1.7985874, 2.0788897], [3.8132617, 4.0181499, 2.2985874]],
            }
        ],
        "symbolic": [{"dtype": "float64", "shape": (2, 3)}],
    },
    "logaddexp2/f32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[2.0849624, 0.68675178, 2.0874629], [3.7348406, 2.7348406, 1.1867518]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "logaddexp2/i32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[2.5849624, 3.044394, 3.321928], [4.1699252, 2.321928, 4.0028152]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "logaddexp2/i32_pyfloat": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[2.5849624, 2.0874629, 3.5849624], [4.321928, 2.321928, 2.0112274]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "logaddexp2/f32_pyint": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[2.4367518, 2.1441927, 3.0], [3.9367518, 2.321928, 2.1999404]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "logaddexp2/bool": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[2.0, 1.5849625, 1.5849625], [1.5849625, 1.5849625, 1.5849625]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "logaddexp2/i8_i16": {
        "eager": [{"dtype": "float32", "shape": (3,), "value": [2.5849624, 2.5849624, 4.0]}],
        "symbolic": [{"dtype": "float32", "shape": (3,)}],
    },
    "logaddexp2/f32_f64": {
        "eager": [
            {
                "dtype": "float64",
                "shape": (2, 3),
                "value": [[3.2348406, 1.919925, 2.2348406], [4.0849625, 4.0874628, 2.419925]],
            }
        ],
        "symbolic": [{"dtype": "float64", "shape": (2, 3)}],
    },
    "heaviside/f32": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[1.0, 0.0, 1.0], [1.0, 2.5, 0.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "heaviside/i32": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[1.0, 0.0, 1.0], [1.0, 2.0, 0.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "heaviside/i32_pyfloat": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[1.0, 0.0, 1.0], [1.0, 2.0, 0.0]]}],
        "symbolic": {"error": "AttributeError", "message": "'float' object has no attribute 'dtype'"},
    },
    "heaviside/f32_pyint": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[1.0, 0.0, 1.0], [1.0, 2.0, 0.0]]}],
        "symbolic": {"error": "AttributeError", "message": "'int' object has no attribute 'dtype'"},
    },
    "heaviside/bool": {
        "eager": {"error": "TypeError", "message": "Cannot convert 0 to EagerTensor of dtype bool"},
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "heaviside/i8_i16": {
        "eager": [{"dtype": "float32", "shape": (3,), "value": [1.0, 1.0, 1.0]}],
        "symbolic": [{"dtype": "float32", "shape": (3,)}],
    },
    "heaviside/f32_f64": {
        "eager": [{"dtype": "float64", "shape": (2, 3), "value": [[1.0, 0.0, 1.0], [1.0, 4.0, 0.0]]}],
        "symbolic": [{"dtype": "float64", "shape": (2, 3)}],
    },
    "nextafter/f32": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[0.5, -1.25, 2.0], [3.5, 0.0, -0.75]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "nextafter/i32": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[1.0, -2.0, 3.0], [4.0, 0.0, -5.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "nextafter/i32_pyfloat": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[1.0, -2.0, 3.0], [4.0, 0.0, -5.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "nextafter/f32_pyint": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[0.5, -1.25, 2.0], [3.5, 0.0, -0.75]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "nextafter/bool": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[1.0, 0.0, 1.0], [0.0, 0.0, 1.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "nextafter/i8_i16": {
        "eager": [{"dtype": "float32", "shape": (3,), "value": [1.0, 2.0, 3.0]}],
        "symbolic": [{"dtype": "float32", "shape": (3,)}],
    },
    "nextafter/f32_f64": {
        "eager": [{"dtype": "float64", "shape": (2, 3), "value": [[0.5, -1.25, 2.0], [3.5, 5e-324, -0.75]]}],
        "symbolic": [{"dtype": "float64", "shape": (2, 3)}],
    },
    "equal/f32": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[True, False, True], [False, True, True]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "equal/i32": {
        "eager": [
            {"dtype": "bool", "shape": (2, 3), "value": [[False, False, False], [False, False, False]]}
        ],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "equal/i32_pyfloat": {
        "eager": [
            {"dtype": "bool", "shape": (2, 3), "value": [[False, False, False], [False, False, False]]}
        ],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "equal/f32_pyint": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[False, False, True], [False, False, False]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "equal/bool": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[True, False, False], [False, False, False]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "equal/i8_i16": {
        "eager": [{"dtype": "bool", "shape": (3,), "value": [False, False, True]}],
        "symbolic": [{"dtype": "bool", "shape": (3,)}],
    },
    "equal/f32_f64": {
        "eager": [
            {"dtype": "bool", "shape": (2, 3), "value": [[False, False, False], [False, False, False]]}
        ],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "not_equal/f32": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[False, True, False], [True, False, False]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "not_equal/i32": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[True, True, True], [True, True, True]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "not_equal/i32_pyfloat": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[True, True, True], [True, True, True]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "not_equal/f32_pyint": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[True, True, False], [True, True, True]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "not_equal/bool": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[False, True, True], [True, True, True]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "not_equal/i8_i16": {
        "eager": [{"dtype": "bool", "shape": (3,), "value": [True, True, False]}],
        "symbolic": [{"dtype": "bool", "shape": (3,)}],
    },
    "not_equal/f32_f64": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[True, True, True], [True, True, True]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "less/f32": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[True, True, False], [False, True, True]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "less/i32": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[True, True, False], [False, True, True]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "less/i32_pyfloat": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[True, True, False], [False, True, True]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "less/f32_pyint": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[True, True, False], [False, True, True]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "less/bool": {
        "eager": {
            "error": "InvalidArgumentError",
            "message": "Value for attr 'T' of bool is not in the list of allowed values: float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64",
        },
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "less/i8_i16": {
        "eager": [{"dtype": "bool", "shape": (3,), "value": [True, False, False]}],
        "symbolic": [{"dtype": "bool", "shape": (3,)}],
    },
    "less/f32_f64": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[True, True, False], [False, True, True]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "less_equal/f32": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[True, True, False], [False, True, True]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "less_equal/i32": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[True, True, False], [False, True, True]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "less_equal/i32_pyfloat": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[True, True, False], [False, True, True]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "less_equal/f32_pyint": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[True, True, True], [False, True, True]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "less_equal/bool": {
        "eager": {
            "error": "InvalidArgumentError",
            "message": "Value for attr 'T' of bool is not in the list of allowed values: float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64",
        },
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "less_equal/i8_i16": {
        "eager": [{"dtype": "bool", "shape": (3,), "value": [True, False, True]}],
        "symbolic": [{"dtype": "bool", "shape": (3,)}],
    },
    "less_equal/f32_f64": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[True, True, False], [False, True, True]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "greater/f32": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[False, False, True], [True, False, False]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "greater/i32": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[False, False, True], [True, False, False]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "greater/i32_pyfloat": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[False, False, True], [True, False, False]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "greater/f32_pyint": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[False, False, False], [True, False, False]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "greater/bool": {
        "eager": {
            "error": "InvalidArgumentError",
            "message": "Value for attr 'T' of bool is not in the list of allowed values: float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64",
        },
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "greater/i8_i16": {
        "eager": [{"dtype": "bool", "shape": (3,), "value": [False, True, False]}],
        "symbolic": [{"dtype": "bool", "shape": (3,)}],
    },
    "greater/f32_f64": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[False, False, True], [True, False, False]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "greater_equal/f32": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[False, False, True], [True, False, False]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "greater_equal/i32": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[False, False, True], [True, False, False]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "greater_equal/i32_pyfloat": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[False, False, True], [True, False, False]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "greater_equal/f32_pyint": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[False, False, True], [True, False, False]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "greater_equal/bool": {
        "eager": {
            "error": "InvalidArgumentError",
            "message": "Value for attr 'T' of bool is not in the list of allowed values: float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64",
        },
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "greater_equal/i8_i16": {
        "eager": [{"dtype": "bool", "shape": (3,), "value": [False, True, True]}],
        "symbolic": [{"dtype": "bool", "shape": (3,)}],
    },
    "greater_equal/f32_f64": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[False, False, True], [True, False, False]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "logical_and/f32": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[True, True, True], [True, False, True]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "logical_and/i32": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[True, True, True], [True, False, True]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "logical_and/i32_pyfloat": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[True, True, True], [True, False, True]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "logical_and/f32_pyint": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[True, True, True], [True, False, True]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "logical_and/bool": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[True, False, False], [False, False, False]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "logical_and/i8_i16": {
        "eager": [{"dtype": "bool", "shape": (3,), "value": [True, True, True]}],
        "symbolic": [{"dtype": "bool", "shape": (3,)}],
    },
    "logical_and/f32_f64": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[True, True, True], [True, False, True]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "logical_or/f32": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[True, True, True], [True, False, True]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "logical_or/i32": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[True, True, True], [True, True, True]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "logical_or/i32_pyfloat": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[True, True, True], [True, True, True]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "logical_or/f32_pyint": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[True, True, True], [True, True, True]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "logical_or/bool": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[True, True, True], [True, True, True]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "logical_or/i8_i16": {
        "eager": [{"dtype": "bool", "shape": (3,), "value": [True, True, True]}],
        "symbolic": [{"dtype": "bool", "shape": (3,)}],
    },
    "logical_or/f32_f64": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[True, True, True], [True, True, True]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "logical_xor/f32": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[False, False, False], [False, True, False]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "logical_xor/i32": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[False, False, False], [False, True, False]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "logical_xor/i32_pyfloat": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[False, False, False], [False, True, False]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "logical_xor/f32_pyint": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[False, False, False], [False, True, False]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "logical_xor/bool": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[False, True, True], [True, True, True]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "logical_xor/i8_i16": {
        "eager": [{"dtype": "bool", "shape": (3,), "value": [False, False, False]}],
        "symbolic": [{"dtype": "bool", "shape": (3,)}],
    },
    "logical_xor/f32_f64": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[False, False, False], [False, True, False]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "divide_no_nan/f32": {
        "eager": [
            {"dtype": "float32", "shape": (2, 3), "value": [[0.33333334, 0.0, -1.0], [0.0, 0.0, -1.0]]}
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "divide_no_nan/i32": {
        "eager": [
            {"dtype": "float32", "shape": (2, 3), "value": [[0.5, -0.66666669, 3.0], [4.0, 0.0, -1.25]]}
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "divide_no_nan/i32_pyfloat": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[0.5, -1.0, 1.5], [2.0, 0.0, -2.5]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "divide_no_nan/f32_pyint": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[0.25, -0.625, 1.0], [1.75, 0.0, -0.375]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "divide_no_nan/bool": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[1.0, 0.0, 0.0], [0.0, 0.0, 0.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "divide_no_nan/i8_i16": {
        "eager": [{"dtype": "float32", "shape": (3,), "value": [0.5, 2.0, 1.0]}],
        "symbolic": [{"dtype": "float32", "shape": (3,)}],
    },
    "divide_no_nan/f32_f64": {
        "eager": [
            {
                "dtype": "float64",
                "shape": (2, 3),
                "value": [[0.16666667, -0.83333333, -4.0], [2.3333333, 0.0, -0.33333333]],
            }
        ],
        "symbolic": [{"dtype": "float64", "shape": (2, 3)}],
    },
    "gcd/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[4, 1, 3], [3, 4, 6]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "gcd/u8_i8": {
        "eager": [{"dtype": "int16", "shape": (3,), "value": [3, 1, 1]}],
        "symbolic": [{"dtype": "int16", "shape": (3,)}],
    },
    "lcm/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[12, 90, 6], [6, 12, 24]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "lcm/u8_i8": {
        "eager": [{"dtype": "int16", "shape": (3,), "value": [12, 14, 9]}],
        "symbolic": [{"dtype": "int16", "shape": (3,)}],
    },
    "bitwise_and/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[4, 0, 2], [2, 4, 0]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "bitwise_and/u8_i8": {
        "eager": [{"dtype": "int16", "shape": (3,), "value": [0, 2, 1]}],
        "symbolic": [{"dtype": "int16", "shape": (3,)}],
    },
    "bitwise_or/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[12, 23, 7], [7, 12, 30]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "bitwise_or/u8_i8": {
        "eager": [{"dtype": "int16", "shape": (3,), "value": [15, 7, 9]}],
        "symbolic": [{"dtype": "int16", "shape": (3,)}],
    },
    "bitwise_xor/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[8, 23, 5], [5, 8, 30]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "bitwise_xor/u8_i8": {
        "eager": [{"dtype": "int16", "shape": (3,), "value": [15, 5, 8]}],
        "symbolic": [{"dtype": "int16", "shape": (3,)}],
    },
    "left_shift/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[192, 576, 48], [48, 192, 1536]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "left_shift/u8_i8": {
        "eager": [{"dtype": "int16", "shape": (3,), "value": [96, 28, 18]}],
        "symbolic": [{"dtype": "int16", "shape": (3,)}],
    },
    "right_shift/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[0, 0, 0], [0, 0, 0]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "right_shift/u8_i8": {
        "eager": [{"dtype": "int16", "shape": (3,), "value": [1, 1, 4]}],
        "symbolic": [{"dtype": "int16", "shape": (3,)}],
    },
    "bitwise_left_shift/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[48, 144, 12], [12, 48, 384]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "bitwise_right_shift/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[3, 2, 3], [3, 3, 1]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "ldexp/f32": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[2.0, -10.0, 4.0], [7.0, 0.0, -12.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "ldexp/i32": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[4.0, -16.0, 6.0], [8.0, 0.0, -80.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "add/broadcast": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[1.5, 0.75, 5.0], [4.5, 2.0, 2.25]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "multiply/broadcast": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[1.0, -2.5, 4.0], [10.5, 0.0, -2.25]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "add/bad_broadcast": {
        "eager": {
            "error": "InvalidArgumentError",
            "message": "{{function_node __wrapped__AddV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} Incompatible shapes: [2,3] vs. [2] [Op:AddV2] name: ",
        },
        "symbolic": {
            "error": "ValueError",
            "message": "Cannot broadcast shape, the failure dim has value 3, which cannot be broadcasted to 2. Input shapes are: [2, 3] and [2].",
        },
    },
    "sum/f32": {
        "eager": [{"dtype": "float32", "shape": (), "value": 4.0}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "sum/i32": {
        "eager": [{"dtype": "int32", "shape": (), "value": 1}],
        "symbolic": [{"dtype": "int32", "shape": ()}],
    },
    "sum/axis1_keepdims": {
        "eager": [{"dtype": "float32", "shape": (2, 1), "value": [[1.25], [2.75]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 1)}],
    },
    "sum/axis_last": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[-6.5, -2.5, 1.5], [5.5, 9.5, 13.5]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "mean/f32": {
        "eager": [{"dtype": "float32", "shape": (), "value": 0.66666669}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "mean/i32": {
        "eager": [{"dtype": "float32", "shape": (), "value": 0.16666667}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "mean/axis1_keepdims": {
        "eager": [{"dtype": "float32", "shape": (2, 1), "value": [[0.41666666], [0.91666669]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 1)}],
    },
    "mean/axis_last": {
        "eager": [
            {"dtype": "float32", "shape": (2, 3), "value": [[-1.625, -0.625, 0.375], [1.375, 2.375, 3.375]]}
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "max/f32": {
        "eager": [{"dtype": "float32", "shape": (), "value": 3.5}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "max/i32": {
        "eager": [{"dtype": "int32", "shape": (), "value": 4}],
        "symbolic": [{"dtype": "int32", "shape": ()}],
    },
    "max/axis1_keepdims": {
        "eager": [{"dtype": "float32", "shape": (2, 1), "value": [[2.0], [3.5]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 1)}],
    },
    "max/axis_last": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[-1.25, -0.25, 0.75], [1.75, 2.75, 3.75]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "min/f32": {
        "eager": [{"dtype": "float32", "shape": (), "value": -1.25}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "min/i32": {
        "eager": [{"dtype": "int32", "shape": (), "value": -5}],
        "symbolic": [{"dtype": "int32", "shape": ()}],
    },
    "min/axis1_keepdims": {
        "eager": [{"dtype": "float32", "shape": (2, 1), "value": [[-1.25], [-0.75]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 1)}],
    },
    "min/axis_last": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[-2.0, -1.0, 0.0], [1.0, 2.0, 3.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "amax/f32": {
        "eager": [{"dtype": "float32", "shape": (), "value": 3.5}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "amax/i32": {
        "eager": [{"dtype": "int32", "shape": (), "value": 4}],
        "symbolic": [{"dtype": "int32", "shape": ()}],
    },
    "amax/axis1_keepdims": {
        "eager": [{"dtype": "float32", "shape": (2, 1), "value": [[2.0], [3.5]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 1)}],
    },
    "amax/axis_last": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[-1.25, -0.25, 0.75], [1.75, 2.75, 3.75]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "amin/f32": {
        "eager": [{"dtype": "float32", "shape": (), "value": -1.25}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "amin/i32": {
        "eager": [{"dtype": "int32", "shape": (), "value": -5}],
        "symbolic": [{"dtype": "int32", "shape": ()}],
    },
    "amin/axis1_keepdims": {
        "eager": [{"dtype": "float32", "shape": (2, 1), "value": [[-1.25], [-0.75]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 1)}],
    },
    "amin/axis_last": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[-2.0, -1.0, 0.0], [1.0, 2.0, 3.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "prod/f32": {
        "eager": [{"dtype": "float32", "shape": (), "value": 0.0}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "prod/i32": {
        "eager": [{"dtype": "int32", "shape": (), "value": 0}],
        "symbolic": [{"dtype": "int32", "shape": ()}],
    },
    "prod/axis1_keepdims": {
        "eager": [{"dtype": "float32", "shape": (2, 1), "value": [[-1.25], [-0.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 1)}],
    },
    "prod/axis_last": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[6.5625, 0.09375, 0.0], [3.28125, 30.9375, 127.96875]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "std/f32": {
        "eager": [{"dtype": "float32", "shape": (), "value": 1.6308656}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "std/i32": {
        "eager": [{"dtype": "float32", "shape": (), "value": 3.0230594}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "std/axis1_keepdims": {
        "eager": [{"dtype": "float32", "shape": (2, 1), "value": [[1.3281149], [1.8521758]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 1)}],
    },
    "std/axis_last": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[0.2795085, 0.2795085, 0.2795085], [0.2795085, 0.2795085, 0.2795085]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "var/f32": {
        "eager": [{"dtype": "float32", "shape": (), "value": 2.6597223}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "var/i32": {
        "eager": [{"dtype": "float32", "shape": (), "value": 9.1388884}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "var/axis1_keepdims": {
        "eager": [{"dtype": "float32", "shape": (2, 1), "value": [[1.763889], [3.4305553]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 1)}],
    },
    "var/axis_last": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[0.078125, 0.078125, 0.078125], [0.078125, 0.078125, 0.078125]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "all/f32": {
        "eager": [{"dtype": "bool", "shape": (), "value": False}],
        "symbolic": [{"dtype": "bool", "shape": ()}],
    },
    "all/i32": {
        "eager": [{"dtype": "bool", "shape": (), "value": False}],
        "symbolic": [{"dtype": "bool", "shape": ()}],
    },
    "all/axis1_keepdims": {
        "eager": [{"dtype": "bool", "shape": (2, 1), "value": [[True], [False]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 1)}],
    },
    "all/axis_last": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[True, True, False], [True, True, True]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "any/f32": {
        "eager": [{"dtype": "bool", "shape": (), "value": True}],
        "symbolic": [{"dtype": "bool", "shape": ()}],
    },
    "any/i32": {
        "eager": [{"dtype": "bool", "shape": (), "value": True}],
        "symbolic": [{"dtype": "bool", "shape": ()}],
    },
    "any/axis1_keepdims": {
        "eager": [{"dtype": "bool", "shape": (2, 1), "value": [[True], [True]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 1)}],
    },
    "any/axis_last": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[True, True, True], [True, True, True]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "argmax/f32": {
        "eager": [{"dtype": "int32", "shape": (), "value": 3}],
        "symbolic": [{"dtype": "int32", "shape": ()}],
    },
    "argmax/i32": {
        "eager": [{"dtype": "int32", "shape": (), "value": 3}],
        "symbolic": [{"dtype": "int32", "shape": ()}],
    },
    "argmax/axis1_keepdims": {
        "eager": [{"dtype": "int32", "shape": (2, 1), "value": [[2], [0]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 1)}],
    },
    "argmax/axis_last": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[3, 3, 3], [3, 3, 3]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "argmin/f32": {
        "eager": [{"dtype": "int32", "shape": (), "value": 1}],
        "symbolic": [{"dtype": "int32", "shape": ()}],
    },
    "argmin/i32": {
        "eager": [{"dtype": "int32", "shape": (), "value": 5}],
        "symbolic": [{"dtype": "int32", "shape": ()}],
    },
    "argmin/axis1_keepdims": {
        "eager": [{"dtype": "int32", "shape": (2, 1), "value": [[1], [2]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 1)}],
    },
    "argmin/axis_last": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[0, 0, 0], [0, 0, 0]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "median/f32": {
        "eager": [{"dtype": "float32", "shape": (), "value": 0.25}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "median/i32": {
        "eager": [{"dtype": "float32", "shape": (), "value": 0.5}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "median/axis1_keepdims": {
        "eager": [{"dtype": "float32", "shape": (2, 1), "value": [[0.5], [0.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 1)}],
    },
    "median/axis_last": {
        "eager": [
            {"dtype": "float32", "shape": (2, 3), "value": [[-1.625, -0.625, 0.375], [1.375, 2.375, 3.375]]}
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "ptp/f32": {
        "eager": [{"dtype": "float32", "shape": (), "value": 4.75}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "ptp/i32": {
        "eager": [{"dtype": "int32", "shape": (), "value": 9}],
        "symbolic": [{"dtype": "int32", "shape": ()}],
    },
    "ptp/axis1_keepdims": {
        "eager": [{"dtype": "float32", "shape": (2, 1), "value": [[3.25], [4.25]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 1)}],
    },
    "ptp/axis_last": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[0.75, 0.75, 0.75], [0.75, 0.75, 0.75]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "nansum/f32": {
        "eager": [{"dtype": "float32", "shape": (), "value": 4.0}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "nansum/i32": {
        "eager": [{"dtype": "int32", "shape": (), "value": 1}],
        "symbolic": [{"dtype": "int32", "shape": ()}],
    },
    "nansum/axis1_keepdims": {
        "eager": [{"dtype": "float32", "shape": (2, 1), "value": [[1.25], [2.75]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 1)}],
    },
    "nansum/axis_last": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[-6.5, -2.5, 1.5], [5.5, 9.5, 13.5]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "nansum/nan": {
        "eager": [{"dtype": "float32", "shape": (), "value": 2.5}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "nansum/nan_axis0": {
        "eager": [{"dtype": "float32", "shape": (3,), "value": [1.0, 0.5, 1.0]}],
        "symbolic": [{"dtype": "float32", "shape": (3,)}],
    },
    "nanmean/f32": {
        "eager": [{"dtype": "float32", "shape": (), "value": 0.66666669}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "nanmean/i32": {
        "eager": [{"dtype": "float32", "shape": (), "value": 0.16666667}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "nanmean/axis1_keepdims": {
        "eager": [{"dtype": "float32", "shape": (2, 1), "value": [[0.41666666], [0.91666669]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 1)}],
    },
    "nanmean/axis_last": {
        "eager": [
            {"dtype": "float32", "shape": (2, 3), "value": [[-1.625, -0.625, 0.375], [1.375, 2.375, 3.375]]}
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "nanmean/nan": {
        "eager": [{"dtype": "float32", "shape": (), "value": 0.625}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "nanmean/nan_axis0": {
        "eager": [{"dtype": "float32", "shape": (3,), "value": [1.0, 0.5, 0.5]}],
        "symbolic": [{"dtype": "float32", "shape": (3,)}],
    },
    "nanmax/f32": {
        "eager": [{"dtype": "float32", "shape": (), "value": 3.5}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "nanmax/i32": {
        "eager": [{"dtype": "int32", "shape": (), "value": 4}],
        "symbolic": [{"dtype": "int32", "shape": ()}],
    },
    "nanmax/axis1_keepdims": {
        "eager": [{"dtype": "float32", "shape": (2, 1), "value": [[2.0], [3.5]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 1)}],
    },
    "nanmax/axis_last": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[-1.25, -0.25, 0.75], [1.75, 2.75, 3.75]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "nanmax/nan": {
        "eager": [{"dtype": "float32", "shape": (), "value": 3.0}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "nanmax/nan_axis0": {
        "eager": [{"dtype": "float32", "shape": (3,), "value": [1.0, 0.5, 3.0]}],
        "symbolic": [{"dtype": "float32", "shape": (3,)}],
    },
    "nanmin/f32": {
        "eager": [{"dtype": "float32", "shape": (), "value": -1.25}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "nanmin/i32": {
        "eager": [{"dtype": "int32", "shape": (), "value": -5}],
        "symbolic": [{"dtype": "int32", "shape": ()}],
    },
    "nanmin/axis1_keepdims": {
        "eager": [{"dtype": "float32", "shape": (2, 1), "value": [[-1.25], [-0.75]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 1)}],
    },
    "nanmin/axis_last": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[-2.0, -1.0, 0.0], [1.0, 2.0, 3.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "nanmin/nan": {
        "eager": [{"dtype": "float32", "shape": (), "value": -2.0}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "nanmin/nan_axis0": {
        "eager": [{"dtype": "float32", "shape": (3,), "value": [1.0, 0.5, -2.0]}],
        "symbolic": [{"dtype": "float32", "shape": (3,)}],
    },
    "nanprod/f32": {
        "eager": [{"dtype": "float32", "shape": (), "value": 0.0}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "nanprod/i32": {
        "eager": [{"dtype": "int32", "shape": (), "value": 0}],
        "symbolic": [{"dtype": "int32", "shape": ()}],
    },
    "nanprod/axis1_keepdims": {
        "eager": [{"dtype": "float32", "shape": (2, 1), "value": [[-1.25], [-0.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 1)}],
    },
    "nanprod/axis_last": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[6.5625, 0.09375, 0.0], [3.28125, 30.9375, 127.96875]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "nanprod/nan": {
        "eager": [{"dtype": "float32", "shape": (), "value": -3.0}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "nanprod/nan_axis0": {
        "eager": [{"dtype": "float32", "shape": (3,), "value": [1.0, 0.5, -6.0]}],
        "symbolic": [{"dtype": "float32", "shape": (3,)}],
    },
    "nanstd/f32": {
        "eager": [{"dtype": "float32", "shape": (), "value": 1.6308656}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "nanstd/i32": {
        "eager": [{"dtype": "float32", "shape": (), "value": 3.0230594}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "nanstd/axis1_keepdims": {
        "eager": [{"dtype": "float32", "shape": (2, 1), "value": [[1.3281149], [1.8521758]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 1)}],
    },
    "nanstd/axis_last": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[0.2795085, 0.2795085, 0.2795085], [0.2795085, 0.2795085, 0.2795085]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "nanstd/nan": {
        "eager": [{"dtype": "float32", "shape": (), "value": 1.7809758}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "nanstd/nan_axis0": {
        "eager": [{"dtype": "float32", "shape": (3,), "value": [0.0, 0.0, 2.5]}],
        "symbolic": [{"dtype": "float32", "shape": (3,)}],
    },
    "nanvar/f32": {
        "eager": [{"dtype": "float32", "shape": (), "value": 2.6597223}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "nanvar/i32": {
        "eager": [{"dtype": "float32", "shape": (), "value": 9.1388884}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "nanvar/axis1_keepdims": {
        "eager": [{"dtype": "float32", "shape": (2, 1), "value": [[1.763889], [3.4305553]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 1)}],
    },
    "nanvar/axis_last": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3),
                "value": [[0.078125, 0.078125, 0.078125], [0.078125, 0.078125, 0.078125]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "nanvar/nan": {
        "eager": [{"dtype": "float32", "shape": (), "value": 3.171875}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "nanvar/nan_axis0": {
        "eager": [{"dtype": "float32", "shape": (3,), "value": [0.0, 0.0, 6.25]}],
        "symbolic": [{"dtype": "float32", "shape": (3,)}],
    },
    "nanmedian/f32": {
        "eager": [{"dtype": "float32", "shape": (), "value": 0.25}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "nanmedian/i32": {
        "eager": [{"dtype": "float32", "shape": (), "value": 0.5}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "nanmedian/axis1_keepdims": {
        "eager": [{"dtype": "float32", "shape": (2, 1), "value": [[0.5], [0.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 1)}],
    },
    "nanmedian/axis_last": {
        "eager": [
            {"dtype": "float32", "shape": (2, 3), "value": [[-1.625, -0.625, 0.375], [1.375, 2.375, 3.375]]}
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "nanmedian/nan": {
        "eager": [{"dtype": "float32", "shape": (), "value": 0.75}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "nanmedian/nan_axis0": {
        "eager": [{"dtype": "float32", "shape": (3,), "value": [1.0, 0.5, 0.5]}],
        "symbolic": [{"dtype": "float32", "shape": (3,)}],
    },
    "nanargmax/f32": {
        "eager": [{"dtype": "int32", "shape": (), "value": 3}],
        "symbolic": [{"dtype": "int32", "shape": ()}],
    },
    "nanargmax/i32": {
        "eager": [{"dtype": "int32", "shape": (), "value": 3}],
        "symbolic": [{"dtype": "int32", "shape": ()}],
    },
    "nanargmax/axis1_keepdims": {
        "eager": [{"dtype": "int32", "shape": (2, 1), "value": [[2], [0]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 1)}],
    },
    "nanargmax/axis_last": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[3, 3, 3], [3, 3, 3]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "nanargmax/nan": {
        "eager": [{"dtype": "int32", "shape": (), "value": 2}],
        "symbolic": [{"dtype": "int32", "shape": ()}],
    },
    "nanargmax/nan_axis0": {
        "eager": [{"dtype": "int32", "shape": (3,), "value": [0, 1, 0]}],
        "symbolic": [{"dtype": "int32", "shape": (3,)}],
    },
    "nanargmin/f32": {
        "eager": [{"dtype": "int32", "shape": (), "value": 1}],
        "symbolic": [{"dtype": "int32", "shape": ()}],
    },
    "nanargmin/i32": {
        "eager": [{"dtype": "int32", "shape": (), "value": 5}],
        "symbolic": [{"dtype": "int32", "shape": ()}],
    },
    "nanargmin/axis1_keepdims": {
        "eager": [{"dtype": "int32", "shape": (2, 1), "value": [[1], [2]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 1)}],
    },
    "nanargmin/axis_last": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[0, 0, 0], [0, 0, 0]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "nanargmin/nan": {
        "eager": [{"dtype": "int32", "shape": (), "value": 5}],
        "symbolic": [{"dtype": "int32", "shape": ()}],
    },
    "nanargmin/nan_axis0": {
        "eager": [{"dtype": "int32", "shape": (3,), "value": [0, 1, 1]}],
        "symbolic": [{"dtype": "int32", "shape": (3,)}],
    },
    "sum/axis_tuple": {
        "eager": [{"dtype": "float32", "shape": (3,), "value": [-1.0, 7.0, 15.0]}],
        "symbolic": [{"dtype": "float32", "shape": (3,)}],
    },
    "sum/bool": {
        "eager": [{"dtype": "int32", "shape": (), "value": 3}],
        "symbolic": [{"dtype": "int32", "shape": ()}],
    },
    "sum/i8": {
        "eager": [{"dtype": "int32", "shape": (), "value": 6}],
        "symbolic": [{"dtype": "int32", "shape": ()}],
    },
    "sum/u8": {
        "eager": [{"dtype": "uint32", "shape": (), "value": 6}],
        "symbolic": [{"dtype": "uint32", "shape": ()}],
    },
    "mean/axis_tuple": {
        "eager": [{"dtype": "float32", "shape": (3,), "value": [-0.125, 0.875, 1.875]}],
        "symbolic": [{"dtype": "float32", "shape": (3,)}],
    },
    "mean/bool": {
        "eager": [{"dtype": "float32", "shape": (), "value": 0.5}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "mean/i8": {
        "eager": [{"dtype": "float32", "shape": (), "value": 2.0}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "mean/u8": {
        "eager": [{"dtype": "float32", "shape": (), "value": 2.0}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "prod/axis_tuple": {
        "eager": [{"dtype": "float32", "shape": (3,), "value": [21.533203, 2.9003906, 0.0]}],
        "symbolic": [{"dtype": "float32", "shape": (3,)}],
    },
    "prod/bool": {
        "eager": [{"dtype": "int32", "shape": (), "value": 0}],
        "symbolic": [{"dtype": "int32", "shape": ()}],
    },
    "prod/i8": {
        "eager": [{"dtype": "int32", "shape": (), "value": 6}],
        "symbolic": [{"dtype": "int32", "shape": ()}],
    },
    "prod/u8": {
        "eager": [{"dtype": "uint32", "shape": (), "value": 6}],
        "symbolic": [{"dtype": "uint32", "shape": ()}],
    },
    "max/axis_tuple": {
        "eager": [{"dtype": "float32", "shape": (3,), "value": [1.75, 2.75, 3.75]}],
        "symbolic": [{"dtype": "float32", "shape": (3,)}],
    },
    "max/bool": {
        "eager": [{"dtype": "bool", "shape": (), "value": True}],
        "symbolic": [{"dtype": "bool", "shape": ()}],
    },
    "max/i8": {
        "eager": [{"dtype": "int8", "shape": (), "value": 3}],
        "symbolic": [{"dtype": "int8", "shape": ()}],
    },
    "max/u8": {
        "eager": [{"dtype": "uint8", "shape": (), "value": 3}],
        "symbolic": [{"dtype": "uint8", "shape": ()}],
    },
    "std/axis_tuple": {
        "eager": [{"dtype": "float32", "shape": (3,), "value": [1.5258194, 1.5258194, 1.5258194]}],
        "symbolic": [{"dtype": "float32", "shape": (3,)}],
    },
    "std/bool": {
        "eager": [{"dtype": "float32", "shape": (), "value": 0.5}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "std/i8": {
        "eager": [{"dtype": "float32", "shape": (), "value": 0.81649661}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "std/u8": {
        "eager": [{"dtype": "float32", "shape": (), "value": 0.81649661}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "var/axis_tuple": {
        "eager": [{"dtype": "float32", "shape": (3,), "value": [2.328125, 2.328125, 2.328125]}],
        "symbolic": [{"dtype": "float32", "shape": (3,)}],
    },
    "var/bool": {
        "eager": [{"dtype": "float32", "shape": (), "value": 0.25}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "var/i8": {
        "eager": [{"dtype": "float32", "shape": (), "value": 0.66666669}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "var/u8": {
        "eager": [{"dtype": "float32", "shape": (), "value": 0.66666669}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "all/axis_tuple": {
        "eager": [{"dtype": "bool", "shape": (3,), "value": [True, True, False]}],
        "symbolic": [{"dtype": "bool", "shape": (3,)}],
    },
    "all/bool": {
        "eager": [{"dtype": "bool", "shape": (), "value": False}],
        "symbolic": [{"dtype": "bool", "shape": ()}],
    },
    "all/i8": {
        "eager": [{"dtype": "bool", "shape": (), "value": True}],
        "symbolic": [{"dtype": "bool", "shape": ()}],
    },
    "all/u8": {
        "eager": [{"dtype": "bool", "shape": (), "value": True}],
        "symbolic": [{"dtype": "bool", "shape": ()}],
    },
    "any/axis_tuple": {
        "eager": [{"dtype": "bool", "shape": (3,), "value": [True, True, True]}],
        "symbolic": [{"dtype": "bool", "shape": (3,)}],
    },
    "any/bool": {
        "eager": [{"dtype": "bool", "shape": (), "value": True}],
        "symbolic": [{"dtype": "bool", "shape": ()}],
    },
    "any/i8": {
        "eager": [{"dtype": "bool", "shape": (), "value": True}],
        "symbolic": [{"dtype": "bool", "shape": ()}],
    },
    "any/u8": {
        "eager": [{"dtype": "bool", "shape": (), "value": True}],
        "symbolic": [{"dtype": "bool", "shape": ()}],
    },
    "sum/bad_axis": {
        "eager": {
            "error": "InvalidArgumentError",
            "message": "{{function_node __wrapped__Sum_device_/job:localhost/replica:0/task:0/device:CPU:0}} Invalid reduction dimension (2 for input with 2 dimension(s) [Op:Sum] name: ",
        },
        "symbolic": {
            "error": "ValueError",
            "message": "axis 2 is out of bounds for an array with dimension 2.",
        },
    },
    "mean/bad_axis": {
        "eager": {
            "error": "InvalidArgumentError",
            "message": "{{function_node __wrapped__Mean_device_/job:localhost/replica:0/task:0/device:CPU:0}} Invalid reduction dimension (2 for input with 2 dimension(s) [Op:Mean] name: ",
        },
        "symbolic": {
            "error": "ValueError",
            "message": "axis 2 is out of bounds for an array with dimension 2.",
        },
    },
    "max/initial": {
        "eager": [{"dtype": "float32", "shape": (), "value": 3.5}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "min/initial": {
        "eager": [{"dtype": "float32", "shape": (3,), "value": [0.0, -1.25, -0.75]}],
        "symbolic": [{"dtype": "float32", "shape": (3,)}],
    },
    "count_nonzero/axis1": {
        "eager": [{"dtype": "int32", "shape": (2,), "value": [3, 2]}],
        "symbolic": [{"dtype": "int32", "shape": (2,)}],
    },
    "cumsum/axis1": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[0.5, -0.75, 1.25], [3.5, 3.5, 2.75]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "cumsum/nan": {
        "eager": [{"dtype": "float32", "shape": (6,), "value": [1.0, nan, nan, nan, nan, nan]}],
        "symbolic": [{"dtype": "float32", "shape": (6,)}],
    },
    "cumsum/dtype": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[1.0, -2.0, 3.0], [5.0, -2.0, -2.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "cumprod/axis1": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[0.5, -0.625, -1.25], [3.5, 0.0, -0.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "cumprod/nan": {
        "eager": [{"dtype": "float32", "shape": (6,), "value": [1.0, nan, nan, nan, nan, nan]}],
        "symbolic": [{"dtype": "float32", "shape": (6,)}],
    },
    "cumprod/dtype": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[1.0, -2.0, 3.0], [4.0, -0.0, -15.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "nancumsum/axis1": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[0.5, -0.75, 1.25], [3.5, 3.5, 2.75]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "nancumsum/nan": {
        "eager": [{"dtype": "float32", "shape": (6,), "value": [1.0, 1.0, 4.0, 4.0, 4.5, 2.5]}],
        "symbolic": [{"dtype": "float32", "shape": (6,)}],
    },
    "nancumsum/dtype": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[1.0, -2.0, 3.0], [5.0, -2.0, -2.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "nancumprod/axis1": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[0.5, -0.625, -1.25], [3.5, 0.0, -0.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "nancumprod/nan": {
        "eager": [{"dtype": "float32", "shape": (6,), "value": [1.0, 1.0, 3.0, 3.0, 1.5, -3.0]}],
        "symbolic": [{"dtype": "float32", "shape": (6,)}],
    },
    "nancumprod/dtype": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[1.0, -2.0, 3.0], [4.0, -0.0, -15.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "percentile/f32": {
        "eager": [{"dtype": "float32", "shape": (), "value": 0.0}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "percentile/i32_axis1": {
        "eager": [{"dtype": "float32", "shape": (2,), "value": [0.40000004, -0.99999994]}],
        "symbolic": [{"dtype": "float32", "shape": (2,)}],
    },
    "percentile/qs_keepdims": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 1, 3),
                "value": [[[1.6999998, -0.75, 0.34999993]], [[1.0999999, -1.0, -0.20000005]]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 1, 3)}],
    },
    "percentile/lower": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[-1.75, -0.75, 0.25], [1.25, 2.25, 3.25]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "percentile/higher": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[-1.5, -0.5, 0.5], [1.5, 2.5, 3.5]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "percentile/nearest": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[-1.75, -0.75, 0.25], [1.25, 2.25, 3.25]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "percentile/midpoint": {
        "eager": [
            {"dtype": "float32", "shape": (2, 3), "value": [[-1.625, -0.625, 0.375], [1.375, 2.375, 3.375]]}
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "percentile/nan": {
        "eager": [{"dtype": "float32", "shape": (), "value": nan}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "quantile/f32": {
        "eager": [{"dtype": "float32", "shape": (), "value": 0.0}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "quantile/i32_axis1": {
        "eager": [{"dtype": "float32", "shape": (2,), "value": [0.40000004, -0.99999994]}],
        "symbolic": [{"dtype": "float32", "shape": (2,)}],
    },
    "quantile/qs_keepdims": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 1, 3),
                "value": [[[1.6999998, -0.75, 0.34999993]], [[1.0999999, -1.0, -0.20000005]]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 1, 3)}],
    },
    "quantile/lower": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[-1.75, -0.75, 0.25], [1.25, 2.25, 3.25]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "quantile/higher": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[-1.5, -0.5, 0.5], [1.5, 2.5, 3.5]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "quantile/nearest": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[-1.75, -0.75, 0.25], [1.25, 2.25, 3.25]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "quantile/midpoint": {
        "eager": [
            {"dtype": "float32", "shape": (2, 3), "value": [[-1.625, -0.625, 0.375], [1.375, 2.375, 3.375]]}
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "quantile/nan": {
        "eager": [{"dtype": "float32", "shape": (), "value": nan}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "nanpercentile/f32": {
        "eager": [{"dtype": "float32", "shape": (), "value": 0.0}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "nanpercentile/i32_axis1": {
        "eager": {
            "error": "InvalidArgumentError",
            "message": "TensorArray dtype is int32 but Op is trying to write dtype float32 ",
        },
        "symbolic": [{"dtype": "float32", "shape": (2,)}],
    },
    "nanpercentile/qs_keepdims": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 1, 3),
                "value": [[[1.6999998, -0.75, 0.34999993]], [[1.0999999, -1.0, -0.20000005]]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 1, 3)}],
    },
    "nanpercentile/lower": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[-1.75, -0.75, 0.25], [1.25, 2.25, 3.25]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "nanpercentile/higher": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[-1.5, -0.5, 0.5], [1.5, 2.5, 3.5]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "nanpercentile/nearest": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[-1.75, -0.75, 0.25], [1.25, 2.25, 3.25]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "nanpercentile/midpoint": {
        "eager": [
            {"dtype": "float32", "shape": (2, 3), "value": [[-1.625, -0.625, 0.375], [1.375, 2.375, 3.375]]}
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "nanpercentile/nan": {
        "eager": [{"dtype": "float32", "shape": (), "value": 0.60000002}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "nanquantile/f32": {
        "eager": [{"dtype": "float32", "shape": (), "value": 0.0}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "nanquantile/i32_axis1": {
        "eager": {
            "error": "InvalidArgumentError",
            "message": "TensorArray dtype is int32 but Op is trying to write dtype float32 ",
        },
        "symbolic": [{"dtype": "float32", "shape": (2,)}],
    },
    "nanquantile/qs_keepdims": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 1, 3),
                "value": [[[1.6999998, -0.75, 0.34999993]], [[1.0999999, -1.0, -0.20000005]]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 1, 3)}],
    },
    "nanquantile/lower": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[-1.75, -0.75, 0.25], [1.25, 2.25, 3.25]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "nanquantile/higher": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[-1.5, -0.5, 0.5], [1.5, 2.5, 3.5]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "nanquantile/nearest": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[-1.75, -0.75, 0.25], [1.25, 2.25, 3.25]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "nanquantile/midpoint": {
        "eager": [
            {"dtype": "float32", "shape": (2, 3), "value": [[-1.625, -0.625, 0.375], [1.375, 2.375, 3.375]]}
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "nanquantile/nan": {
        "eager": [{"dtype": "float32", "shape": (), "value": 0.60000002}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "average/f32": {
        "eager": [{"dtype": "float32", "shape": (), "value": 0.66666669}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "average/weights": {
        "eager": [{"dtype": "float32", "shape": (2,), "value": [0.66666669, 0.20833333]}],
        "symbolic": [{"dtype": "float32", "shape": (2,)}],
    },
    "average/i32": {
        "eager": [{"dtype": "float32", "shape": (3,), "value": [2.5, -1.0, -1.0]}],
        "symbolic": [{"dtype": "float32", "shape": (3,)}],
    },
    "arange/int": {
        "eager": [{"dtype": "int32", "shape": (5,), "value": [0, 1, 2, 3, 4]}],
        "symbolic": [
            {"python": "<tf.Tensor: shape=(5,), dtype=int32, numpy=array([0, 1, 2, 3, 4], dtype=int32)>"}
        ],
    },
    "arange/float": {
        "eager": [{"dtype": "float32", "shape": (6,), "value": [1.0, 1.5, 2.0, 2.5, 3.0, 3.5]}],
        "symbolic": [
            {
                "python": "<tf.Tensor: shape=(6,), dtype=float32, numpy=array([1. , 1.5, 2. , 2.5, 3. , 3.5], dtype=float32)>"
            }
        ],
    },
    "arange/dtype": {
        "eager": [{"dtype": "float32", "shape": (3,), "value": [2.0, 5.0, 8.0]}],
        "symbolic": [
            {"python": "<tf.Tensor: shape=(3,), dtype=float32, numpy=array([2., 5., 8.], dtype=float32)>"}
        ],
    },
    "arange/mixed": {
        "eager": [{"dtype": "float32", "shape": (4,), "value": [0.0, 0.25, 0.5, 0.75]}],
        "symbolic": [
            {
                "python": "<tf.Tensor: shape=(4,), dtype=float32, numpy=array([0.  , 0.25, 0.5 , 0.75], dtype=float32)>"
            }
        ],
    },
    "linspace/f": {
        "eager": [{"dtype": "float32", "shape": (5,), "value": [0.0, 0.25, 0.5, 0.75, 1.0]}],
        "symbolic": [
            {
                "python": "<tf.Tensor: shape=(5,), dtype=float32, numpy=array([0.  , 0.25, 0.5 , 0.75, 1.  ], dtype=float32)>"
            }
        ],
    },
    "linspace/noendpoint": {
        "eager": [{"dtype": "float32", "shape": (4,), "value": [0.0, 2.5, 5.0, 7.5]}],
        "symbolic": [
            {
                "python": "<tf.Tensor: shape=(4,), dtype=float32, numpy=array([0. , 2.5, 5. , 7.5], dtype=float32)>"
            }
        ],
    },
    "linspace/retstep": {
        "eager": [
            {"dtype": "float32", "shape": (5,), "value": [0.0, 0.25, 0.5, 0.75, 1.0]},
            {"dtype": "float32", "shape": (), "value": 0.25},
        ],
        "symbolic": [
            {
                "python": "<tf.Tensor: shape=(5,), dtype=float32, numpy=array([0.  , 0.25, 0.5 , 0.75, 1.  ], dtype=float32)>"
            },
            {"python": "<tf.Tensor: shape=(), dtype=float32, numpy=0.25>"},
        ],
    },
    "linspace/array": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[0.0, 1.0, 2.0], [1.0, 1.5, 2.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "logspace/f": {
        "eager": [{"dtype": "float32", "shape": (3,), "value": [1.0, 10.0, 100.0]}],
        "symbolic": [
            {
                "python": "<tf.Tensor: shape=(3,), dtype=float32, numpy=array([  1.,  10., 100.], dtype=float32)>"
            }
        ],
    },
    "logspace/base": {
        "eager": [{"dtype": "float32", "shape": (4,), "value": [1.0, 1.6817929, 2.8284271, 4.7568283]}],
        "symbolic": [
            {
                "python": "<tf.Tensor: shape=(4,), dtype=float32, numpy=array([1.       , 1.6817929, 2.828427 , 4.7568283], dtype=float32)>"
            }
        ],
    },
    "geomspace/f": {
        "eager": [{"dtype": "float32", "shape": (4,), "value": [1.0, 2.0, 4.0000005, 8.0]}],
        "symbolic": [
            {
                "python": "<tf.Tensor: shape=(4,), dtype=float32, numpy=array([1.       , 2.       , 4.0000005, 8.       ], dtype=float32)>"
            }
        ],
    },
    "geomspace/noendpoint": {
        "eager": [{"dtype": "float32", "shape": (3,), "value": [1.0, 4.6415882, 21.544342]}],
        "symbolic": [
            {
                "python": "<tf.Tensor: shape=(3,), dtype=float32, numpy=array([ 1.      ,  4.641588, 21.544342], dtype=float32)>"
            }
        ],
    },
    "eye/n": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (3, 3),
                "value": [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
            }
        ],
        "symbolic": [
            {
                "python": "<tf.Tensor: shape=(3, 3), dtype=float32, numpy=\narray([[1., 0., 0.],\n       [0., 1., 0.],\n       [0., 0., 1.]], dtype=float32)>"
            }
        ],
    },
    "eye/mk": {
        "eager": [
            {"dtype": "int32", "shape": (3, 5), "value": [[0, 1, 0, 0, 0], [0, 0, 1, 0, 0], [0, 0, 0, 1, 0]]}
        ],
        "symbolic": [
            {
                "python": "<tf.Tensor: shape=(3, 5), dtype=int32, numpy=\narray([[0, 1, 0, 0, 0],\n       [0, 0, 1, 0, 0],\n       [0, 0, 0, 1, 0]], dtype=int32)>"
            }
        ],
    },
    "identity/n": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (3, 3),
                "value": [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
            }
        ],
        "symbolic": [
            {
                "python": "<tf.Tensor: shape=(3, 3), dtype=float32, numpy=\narray([[1., 0., 0.],\n       [0., 1., 0.],\n       [0., 0., 1.]], dtype=float32)>"
            }
        ],
    },
    "identity/int": {
        "eager": [{"dtype": "int32", "shape": (2, 2), "value": [[1, 0], [0, 1]]}],
        "symbolic": [
            {
                "python": "<tf.Tensor: shape=(2, 2), dtype=int32, numpy=\narray([[1, 0],\n       [0, 1]], dtype=int32)>"
            }
        ],
    },
    "tri/n": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (3, 3),
                "value": [[1.0, 0.0, 0.0], [1.0, 1.0, 0.0], [1.0, 1.0, 1.0]],
            }
        ],
        "symbolic": [
            {
                "python": "<tf.Tensor: shape=(3, 3), dtype=float32, numpy=\narray([[1., 0., 0.],\n       [1., 1., 0.],\n       [1., 1., 1.]], dtype=float32)>"
            }
        ],
    },
    "tri/mk": {
        "eager": [{"dtype": "int32", "shape": (2, 4), "value": [[1, 1, 0, 0], [1, 1, 1, 0]]}],
        "symbolic": [
            {
                "python": "<tf.Tensor: shape=(2, 4), dtype=int32, numpy=\narray([[1, 1, 0, 0],\n       [1, 1, 1, 0]], dtype=int32)>"
            }
        ],
    },
    "zeros/shape": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]}],
        "symbolic": [
            {
                "python": "<tf.Tensor: shape=(2, 3), dtype=float32, numpy=\narray([[0., 0., 0.],\n       [0., 0., 0.]], dtype=float32)>"
            }
        ],
    },
    "zeros/int": {
        "eager": [{"dtype": "int32", "shape": (2,), "value": [0, 0]}],
        "symbolic": [{"python": "<tf.Tensor: shape=(2,), dtype=int32, numpy=array([0, 0], dtype=int32)>"}],
    },
    "ones/shape": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[1.0, 1.0, 1.0], [1.0, 1.0, 1.0]]}],
        "symbolic": [
            {
                "python": "<tf.Tensor: shape=(2, 3), dtype=float32, numpy=\narray([[1., 1., 1.],\n       [1., 1., 1.]], dtype=float32)>"
            }
        ],
    },
    "ones/bool": {
        "eager": [{"dtype": "bool", "shape": (2,), "value": [True, True]}],
        "symbolic": [{"python": "<tf.Tensor: shape=(2,), dtype=bool, numpy=array([ True,  True])>"}],
    },
    "full/float": {
        "eager": [{"dtype": "float32", "shape": (2, 2), "value": [[7.0, 7.0], [7.0, 7.0]]}],
        "symbolic": [
            {
                "python": "<tf.Tensor: shape=(2, 2), dtype=float32, numpy=\narray([[7., 7.],\n       [7., 7.]], dtype=float32)>"
            }
        ],
    },
    "full/int": {
        "eager": [{"dtype": "float32", "shape": (2,), "value": [3.0, 3.0]}],
        "symbolic": [
            {"python": "<tf.Tensor: shape=(2,), dtype=float32, numpy=array([3., 3.], dtype=float32)>"}
        ],
    },
    "full/array": {
        "eager": [{"dtype": "float32", "shape": (2, 2), "value": [[1.0, 2.0], [1.0, 2.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 2)}],
    },
    "full_like/f32": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[2.0, 2.0, 2.0], [2.0, 2.0, 2.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "full_like/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[2, 2, 2], [2, 2, 2]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "full_like/dtype": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[2.5, 2.5, 2.5], [2.5, 2.5, 2.5]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "ones_like/dtype": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[1.0, 1.0, 1.0], [1.0, 1.0, 1.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "zeros_like/dtype": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[0, 0, 0], [0, 0, 0]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "empty_like/f32": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "empty/shape": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]}],
        "symbolic": [
            {
                "python": "<tf.Tensor: shape=(2, 3), dtype=float32, numpy=\narray([[0., 0., 0.],\n       [0., 0., 0.]], dtype=float32)>"
            }
        ],
    },
    "bartlett/5": {
        "eager": [{"dtype": "float32", "shape": (5,), "value": [0.0, 0.5, 1.0, 0.5, 0.0]}],
        "symbolic": [
            {
                "python": "<tf.Tensor: shape=(5,), dtype=float32, numpy=array([0. , 0.5, 1. , 0.5, 0. ], dtype=float32)>"
            }
        ],
    },
    "blackman/5": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (5,),
                "value": [-1.4901161e-08, 0.34000003, 0.99999994, 0.33999997, -1.4901161e-08],
            }
        ],
        "symbolic": [
            {
                "python": "<tf.Tensor: shape=(5,), dtype=float32, numpy=\narray([-1.4901161e-08,  3.4000003e-01,  9.9999994e-01,  3.3999997e-01,\n       -1.4901161e-08], dtype=float32)>"
            }
        ],
    },
    "hamming/5": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (5,),
                "value": [0.080000013, 0.54000002, 1.0, 0.54000002, 0.080000013],
            }
        ],
        "symbolic": [
            {
                "python": "<tf.Tensor: shape=(5,), dtype=float32, numpy=\narray([0.08000001, 0.54      , 1.        , 0.54      , 0.08000001],\n      dtype=float32)>"
            }
        ],
    },
    "hanning/5": {
        "eager": [{"dtype": "float32", "shape": (5,), "value": [0.0, 0.5, 1.0, 0.5, 0.0]}],
        "symbolic": [
            {
                "python": "<tf.Tensor: shape=(5,), dtype=float32, numpy=array([0. , 0.5, 1. , 0.5, 0. ], dtype=float32)>"
            }
        ],
    },
    "kaiser/5": {
        "eager": [
            {"dtype": "float32", "shape": (5,), "value": [0.30396619, 0.7791667, 1.0, 0.7791667, 0.30396619]}
        ],
        "symbolic": [
            {
                "python": "<tf.Tensor: shape=(5,), dtype=float32, numpy=\narray([0.3039662, 0.7791667, 1.       , 0.7791667, 0.3039662],\n      dtype=float32)>"
            }
        ],
    },
    "meshgrid/xy": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (4, 3),
                "value": [[3.0, -1.0, 2.5], [3.0, -1.0, 2.5], [3.0, -1.0, 2.5], [3.0, -1.0, 2.5]],
            },
            {
                "dtype": "float32",
                "shape": (4, 3),
                "value": [[1.0, 1.0, 1.0], [2.0, 2.0, 2.0], [0.5, 0.5, 0.5], [4.0, 4.0, 4.0]],
            },
        ],
        "symbolic": [{"dtype": "float32", "shape": (4, 3)}, {"dtype": "float32", "shape": (4, 3)}],
    },
    "meshgrid/ij": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (3, 4),
                "value": [[3.0, 3.0, 3.0, 3.0], [-1.0, -1.0, -1.0, -1.0], [2.5, 2.5, 2.5, 2.5]],
            },
            {
                "dtype": "float32",
                "shape": (3, 4),
                "value": [[1.0, 2.0, 0.5, 4.0], [1.0, 2.0, 0.5, 4.0], [1.0, 2.0, 0.5, 4.0]],
            },
        ],
        "symbolic": [{"dtype": "float32", "shape": (3, 4)}, {"dtype": "float32", "shape": (3, 4)}],
    },
    "array/list": {
        "eager": [{"dtype": "float32", "shape": (2,), "value": [1.0, 2.0]}],
        "symbolic": [
            {"python": "<tf.Tensor: shape=(2,), dtype=float32, numpy=array([1., 2.], dtype=float32)>"}
        ],
    },
    "array/dtype": {
        "eager": [{"dtype": "float32", "shape": (2,), "value": [1.0, 2.0]}],
        "symbolic": [
            {"python": "<tf.Tensor: shape=(2,), dtype=float32, numpy=array([1., 2.], dtype=float32)>"}
        ],
    },
    "view/f32_i32": {
        "eager": [
            {
                "dtype": "int32",
                "shape": (2, 3),
                "value": [[1056964608, -1080033280, 1073741824], [1080033280, 0, -1086324736]],
            }
        ],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "view/i32_u8": {
        "eager": [
            {
                "dtype": "uint8",
                "shape": (2, 12),
                "value": [
                    [1, 0, 0, 0, 254, 255, 255, 255, 3, 0, 0, 0],
                    [4, 0, 0, 0, 0, 0, 0, 0, 251, 255, 255, 255],
                ],
            }
        ],
        "symbolic": [{"dtype": "uint8", "shape": (2, 12)}],
    },
    "reshape/f32": {
        "eager": [{"dtype": "float32", "shape": (3, 2), "value": [[0.5, -1.25], [2.0, 3.5], [0.0, -0.75]]}],
        "symbolic": [{"dtype": "float32", "shape": (3, 2)}],
    },
    "reshape/minus1": {
        "eager": [{"dtype": "float32", "shape": (6,), "value": [0.5, -1.25, 2.0, 3.5, 0.0, -0.75]}],
        "symbolic": [{"dtype": "float32", "shape": (6,)}],
    },
    "reshape/bad": {
        "eager": {
            "error": "InvalidArgumentError",
            "message": "{{function_node __wrapped__Reshape_device_/job:localhost/replica:0/task:0/device:CPU:0}} Input to reshape is a tensor with 6 values, but the requested shape has 8 [Op:Reshape]",
        },
        "symbolic": {
            "error": "ValueError",
            "message": "The total size of the tensor must be unchanged. Received: input_shape=(2, 3), newshape=(4, 2)",
        },
    },
    "transpose/axes": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (3, 2, 4),
                "value": [
                    [[-2.0, -1.75, -1.5, -1.25], [1.0, 1.25, 1.5, 1.75]],
                    [[-1.0, -0.75, -0.5, -0.25], [2.0, 2.25, 2.5, 2.75]],
                    [[0.0, 0.25, 0.5, 0.75], [3.0, 3.25, 3.5, 3.75]],
                ],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (3, 2, 4)}],
    },
    "transpose/bad_axes": {
        "eager": {
            "error": "InvalidArgumentError",
            "message": "{{function_node __wrapped__Transpose_device_/job:localhost/replica:0/task:0/device:CPU:0}} transpose expects a vector of size 2. But input(1) is a vector of size 1 [Op:Transpose]",
        },
        "symbolic": {
            "error": "ValueError",
            "message": "axis must be a list of the same length as the input shape, expected 2, but received 1.",
        },
    },
    "expand_dims/f32": {
        "eager": [
            {"dtype": "float32", "shape": (2, 1, 3), "value": [[[0.5, -1.25, 2.0]], [[3.5, 0.0, -0.75]]]}
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 1, 3)}],
    },
    "expand_dims/tuple": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (1, 2, 3, 1),
                "value": [[[[0.5], [-1.25], [2.0]], [[3.5], [0.0], [-0.75]]]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (1, 2, 3, 1)}],
    },
    "squeeze/axis": {
        "eager": [{"dtype": "float32", "shape": (3, 1), "value": [[-2.0], [-1.0], [0.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (3, 1)}],
    },
    "squeeze/bad_axis": {
        "eager": {"error": "ValueError", "message": "Cannot squeeze axis=0, because the dimension is not 1."},
        "symbolic": {
            "error": "ValueError",
            "message": "Cannot squeeze axis 0, because the dimension is not 1.",
        },
    },
    "broadcast_to/f32": {
        "eager": [
            {"dtype": "float32", "shape": (2, 4), "value": [[3.0, -1.0, 2.5, 0.5], [3.0, -1.0, 2.5, 0.5]]}
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 4)}],
    },
    "broadcast_to/bad": {
        "eager": {
            "error": "InvalidArgumentError",
            "message": "{{function_node __wrapped__BroadcastTo_device_/job:localhost/replica:0/task:0/device:CPU:0}} Incompatible shapes: [4] vs. [2,3] [Op:BroadcastTo]",
        },
        "symbolic": {
            "error": "ValueError",
            "message": "Cannot broadcast shape, the failure dim has value 4, which cannot be broadcasted to 3. Input shapes are: [4] and [2, 3].",
        },
    },
    "moveaxis/f32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (3, 4, 2),
                "value": [
                    [[-2.0, 1.0], [-1.75, 1.25], [-1.5, 1.5], [-1.25, 1.75]],
                    [[-1.0, 2.0], [-0.75, 2.25], [-0.5, 2.5], [-0.25, 2.75]],
                    [[0.0, 3.0], [0.25, 3.25], [0.5, 3.5], [0.75, 3.75]],
                ],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (3, 4, 2)}],
    },
    "moveaxis/tuple": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (3, 4, 2),
                "value": [
                    [[-2.0, 1.0], [-1.75, 1.25], [-1.5, 1.5], [-1.25, 1.75]],
                    [[-1.0, 2.0], [-0.75, 2.25], [-0.5, 2.5], [-0.25, 2.75]],
                    [[0.0, 3.0], [0.25, 3.25], [0.5, 3.5], [0.75, 3.75]],
                ],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (3, 4, 2)}],
    },
    "swapaxes/f32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (4, 3, 2),
                "value": [
                    [[-2.0, 1.0], [-1.0, 2.0], [0.0, 3.0]],
                    [[-1.75, 1.25], [-0.75, 2.25], [0.25, 3.25]],
                    [[-1.5, 1.5], [-0.5, 2.5], [0.5, 3.5]],
                    [[-1.25, 1.75], [-0.25, 2.75], [0.75, 3.75]],
                ],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (4, 3, 2)}],
    },
    "flip/axes": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3, 4),
                "value": [
                    [[1.75, 1.5, 1.25, 1.0], [2.75, 2.5, 2.25, 2.0], [3.75, 3.5, 3.25, 3.0]],
                    [[-1.25, -1.5, -1.75, -2.0], [-0.25, -0.5, -0.75, -1.0], [0.75, 0.5, 0.25, 0.0]],
                ],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3, 4)}],
    },
    "roll/flat": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[-0.75, 0.5, -1.25], [2.0, 3.5, 0.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "roll/axes": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3, 4),
                "value": [
                    [[1.25, 1.5, 1.75, 1.0], [2.25, 2.5, 2.75, 2.0], [3.25, 3.5, 3.75, 3.0]],
                    [[-1.75, -1.5, -1.25, -2.0], [-0.75, -0.5, -0.25, -1.0], [0.25, 0.5, 0.75, 0.0]],
                ],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3, 4)}],
    },
    "rot90/f32": {
        "eager": [{"dtype": "float32", "shape": (3, 2), "value": [[2.0, -0.75], [-1.25, 0.0], [0.5, 3.5]]}],
        "symbolic": [{"dtype": "float32", "shape": (3, 2)}],
    },
    "rot90/k3": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 4, 3),
                "value": [
                    [[0.0, -1.0, -2.0], [0.25, -0.75, -1.75], [0.5, -0.5, -1.5], [0.75, -0.25, -1.25]],
                    [[3.0, 2.0, 1.0], [3.25, 2.25, 1.25], [3.5, 2.5, 1.5], [3.75, 2.75, 1.75]],
                ],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 4, 3)}],
    },
    "rot90/bad_rank": {
        "eager": {
            "error": "ValueError",
            "message": "Input array must have at least 2 dimensions. Received: array.ndim=1",
        },
        "symbolic": {
            "error": "ValueError",
            "message": "Input array must have at least 2 dimensions. Received: array.shape=[4]",
        },
    },
    "tile/f32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (4, 3),
                "value": [[0.5, -1.25, 2.0], [3.5, 0.0, -0.75], [0.5, -1.25, 2.0], [3.5, 0.0, -0.75]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (4, 3)}],
    },
    "tile/int": {
        "eager": [{"dtype": "float32", "shape": (8,), "value": [3.0, -1.0, 2.5, 0.5, 3.0, -1.0, 2.5, 0.5]}],
        "symbolic": [{"dtype": "float32", "shape": (8,)}],
    },
    "repeat/flat": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (12,),
                "value": [0.5, 0.5, -1.25, -1.25, 2.0, 2.0, 3.5, 3.5, 0.0, 0.0, -0.75, -0.75],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (12,)}],
    },
    "repeat/counts": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (3, 3),
                "value": [[0.5, -1.25, 2.0], [3.5, 0.0, -0.75], [3.5, 0.0, -0.75]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (3, 3)}],
    },
    "concatenate/f32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (4, 3),
                "value": [[0.5, -1.25, 2.0], [3.5, 0.0, -0.75], [1.5, 0.25, -2.0], [1.0, 2.5, 0.75]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (4, 3)}],
    },
    "concatenate/mixed": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 6),
                "value": [[0.5, -1.25, 2.0, 1.0, -2.0, 3.0], [3.5, 0.0, -0.75, 4.0, 0.0, -5.0]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 6)}],
    },
    "concatenate/bad": {
        "eager": {
            "error": "InvalidArgumentError",
            "message": "{{function_node __wrapped__ConcatV2_N_2_device_/job:localhost/replica:0/task:0/device:CPU:0}} ConcatOp : Ranks of all input tensors should match: shape[0] = [2,3] vs. shape[1] = [4] [Op:ConcatV2] name: concat",
        },
        "symbolic": {
            "error": "ValueError",
            "message": "Every value in `xs` must have the same shape except on the `axis` dim. But found element of shape (4,), which is different from the first element's shape (2, 3).",
        },
    },
    "stack/f32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 2, 3),
                "value": [[[0.5, -1.25, 2.0], [3.5, 0.0, -0.75]], [[1.5, 0.25, -2.0], [1.0, 2.5, 0.75]]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 2, 3)}],
    },
    "stack/mixed": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3, 2),
                "value": [[[0.5, 1.0], [-1.25, -2.0], [2.0, 3.0]], [[3.5, 4.0], [0.0, 0.0], [-0.75, -5.0]]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3, 2)}],
    },
    "hstack/f32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 6),
                "value": [[0.5, -1.25, 2.0, 1.5, 0.25, -2.0], [3.5, 0.0, -0.75, 1.0, 2.5, 0.75]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 6)}],
    },
    "vstack/mixed": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (4, 3),
                "value": [[0.5, -1.25, 2.0], [3.5, 0.0, -0.75], [1.0, -2.0, 3.0], [4.0, 0.0, -5.0]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (4, 3)}],
    },
    "dstack/f32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3, 2),
                "value": [[[0.5, 1.5], [-1.25, 0.25], [2.0, -2.0]], [[3.5, 1.0], [0.0, 2.5], [-0.75, 0.75]]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3, 2)}],
    },
    "append/flat": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (12,),
                "value": [0.5, -1.25, 2.0, 3.5, 0.0, -0.75, 1.5, 0.25, -2.0, 1.0, 2.5, 0.75],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (12,)}],
    },
    "append/axis0": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (4, 3),
                "value": [[0.5, -1.25, 2.0], [3.5, 0.0, -0.75], [1.0, -2.0, 3.0], [4.0, 0.0, -5.0]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (4, 3)}],
    },
    "split/sections": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3, 2),
                "value": [
                    [[-2.0, -1.75], [-1.0, -0.75], [0.0, 0.25]],
                    [[1.0, 1.25], [2.0, 2.25], [3.0, 3.25]],
                ],
            },
            {
                "dtype": "float32",
                "shape": (2, 3, 2),
                "value": [
                    [[-1.5, -1.25], [-0.5, -0.25], [0.5, 0.75]],
                    [[1.5, 1.75], [2.5, 2.75], [3.5, 3.75]],
                ],
            },
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3, 2)}, {"dtype": "float32", "shape": (2, 3, 2)}],
    },
    "split/indices": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3, 1),
                "value": [[[-2.0], [-1.0], [0.0]], [[1.0], [2.0], [3.0]]],
            },
            {
                "dtype": "float32",
                "shape": (2, 3, 2),
                "value": [
                    [[-1.75, -1.5], [-0.75, -0.5], [0.25, 0.5]],
                    [[1.25, 1.5], [2.25, 2.5], [3.25, 3.5]],
                ],
            },
            {
                "dtype": "float32",
                "shape": (2, 3, 1),
                "value": [[[-1.25], [-0.25], [0.75]], [[1.75], [2.75], [3.75]]],
            },
        ],
        "symbolic": [
            {"dtype": "float32", "shape": (2, 3, 1)},
            {"dtype": "float32", "shape": (2, 3, 2)},
            {"dtype": "float32", "shape": (2, 3, 1)},
        ],
    },
    "split/bad": {
        "eager": {
            "error": "InvalidArgumentError",
            "message": "{{function_node __wrapped__Split_num_split_2_device_/job:localhost/replica:0/task:0/device:CPU:0}} Number of ways to split should evenly divide the split dimension, but got split_dim 1 (size = 3) and num_split 2 [Op:Split] name: split",
        },
        "symbolic": {
            "error": "ValueError",
            "message": "`x` size on given `axis` must be divisible by `indices_or_sections` when `indices_or_sections` is an int. But received 3 and 2.",
        },
    },
    "array_split/uneven": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3, 2),
                "value": [
                    [[-2.0, -1.75], [-1.0, -0.75], [0.0, 0.25]],
                    [[1.0, 1.25], [2.0, 2.25], [3.0, 3.25]],
                ],
            },
            {
                "dtype": "float32",
                "shape": (2, 3, 1),
                "value": [[[-1.5], [-0.5], [0.5]], [[1.5], [2.5], [3.5]]],
            },
            {
                "dtype": "float32",
                "shape": (2, 3, 1),
                "value": [[[-1.25], [-0.25], [0.75]], [[1.75], [2.75], [3.75]]],
            },
        ],
        "symbolic": [
            {"dtype": "float32", "shape": (2, 3, 2)},
            {"dtype": "float32", "shape": (2, 3, 1)},
            {"dtype": "float32", "shape": (2, 3, 1)},
        ],
    },
    "hsplit/f32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 1, 4),
                "value": [[[-2.0, -1.75, -1.5, -1.25]], [[1.0, 1.25, 1.5, 1.75]]],
            },
            {
                "dtype": "float32",
                "shape": (2, 1, 4),
                "value": [[[-1.0, -0.75, -0.5, -0.25]], [[2.0, 2.25, 2.5, 2.75]]],
            },
            {
                "dtype": "float32",
                "shape": (2, 1, 4),
                "value": [[[0.0, 0.25, 0.5, 0.75]], [[3.0, 3.25, 3.5, 3.75]]],
            },
        ],
        "symbolic": [
            {"dtype": "float32", "shape": (2, 1, 4)},
            {"dtype": "float32", "shape": (2, 1, 4)},
            {"dtype": "float32", "shape": (2, 1, 4)},
        ],
    },
    "vsplit/f32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (1, 3, 4),
                "value": [[[-2.0, -1.75, -1.5, -1.25], [-1.0, -0.75, -0.5, -0.25], [0.0, 0.25, 0.5, 0.75]]],
            },
            {
                "dtype": "float32",
                "shape": (1, 3, 4),
                "value": [[[1.0, 1.25, 1.5, 1.75], [2.0, 2.25, 2.5, 2.75], [3.0, 3.25, 3.5, 3.75]]],
            },
        ],
        "symbolic": [{"dtype": "float32", "shape": (1, 3, 4)}, {"dtype": "float32", "shape": (1, 3, 4)}],
    },
    "dsplit/f32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3, 1),
                "value": [[[-2.0], [-1.0], [0.0]], [[1.0], [2.0], [3.0]]],
            },
            {
                "dtype": "float32",
                "shape": (2, 3, 3),
                "value": [
                    [[-1.75, -1.5, -1.25], [-0.75, -0.5, -0.25], [0.25, 0.5, 0.75]],
                    [[1.25, 1.5, 1.75], [2.25, 2.5, 2.75], [3.25, 3.5, 3.75]],
                ],
            },
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3, 1)}, {"dtype": "float32", "shape": (2, 3, 3)}],
    },
    "pad/int": {
        "eager": {
            "error": "InvalidArgumentError",
            "message": "{{function_node __wrapped__Pad_device_/job:localhost/replica:0/task:0/device:CPU:0}} The first dimension of paddings must be the rank of inputs[1,2] [2,3] [Op:Pad] name: ",
        },
        "symbolic": [{"dtype": "float32", "shape": (4, 5)}],
    },
    "pad/pairs": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (3, 5),
                "value": [
                    [3.0, 3.0, 3.0, 3.0, 3.0],
                    [0.5, -1.25, 2.0, 3.0, 3.0],
                    [3.5, 0.0, -0.75, 3.0, 3.0],
                ],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (3, 5)}],
    },
    "pad/reflect": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (4, 6),
                "value": [
                    [-0.75, 0.0, 3.5, 0.0, -0.75, 0.0],
                    [2.0, -1.25, 0.5, -1.25, 2.0, -1.25],
                    [-0.75, 0.0, 3.5, 0.0, -0.75, 0.0],
                    [2.0, -1.25, 0.5, -1.25, 2.0, -1.25],
                ],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (4, 6)}],
    },
    "pad/symmetric": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (4, 6),
                "value": [
                    [-1.25, 0.5, 0.5, -1.25, 2.0, 2.0],
                    [-1.25, 0.5, 0.5, -1.25, 2.0, 2.0],
                    [0.0, 3.5, 3.5, 0.0, -0.75, -0.75],
                    [0.0, 3.5, 3.5, 0.0, -0.75, -0.75],
                ],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (4, 6)}],
    },
    "pad/bad_mode": {
        "eager": {
            "error": "ValueError",
            "message": 'Value of argument `mode` expected to be one of "CONSTANT", "REFLECT", or "SYMMETRIC". Received `mode` = WRAP',
        },
        "symbolic": [{"dtype": "float32", "shape": (4, 5)}],
    },
    "diag/vector_k": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (5, 5),
                "value": [
                    [0.0, 3.0, 0.0, 0.0, 0.0],
                    [0.0, 0.0, -1.0, 0.0, 0.0],
                    [0.0, 0.0, 0.0, 2.5, 0.0],
                    [0.0, 0.0, 0.0, 0.0, 0.5],
                    [0.0, 0.0, 0.0, 0.0, 0.0],
                ],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (5, 5)}],
    },
    "diag/bad_rank": {
        "eager": {"error": "ValueError", "message": "`x` must be 1d or 2d. Received: x.shape=(2, 3, 4)"},
        "symbolic": {
            "error": "ValueError",
            "message": "`x` must be 1-D or 2-D, but received shape (2, 3, 4).",
        },
    },
    "diagflat/k": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (5, 5),
                "value": [
                    [0.0, 0.0, 0.0, 0.0, 0.0],
                    [2.0, 0.0, 0.0, 0.0, 0.0],
                    [0.0, 1.0, 0.0, 0.0, 0.0],
                    [0.0, 0.0, 0.5, 0.0, 0.0],
                    [0.0, 0.0, 0.0, 3.0, 0.0],
                ],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (5, 5)}],
    },
    "diagonal/offset": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[-1.75, -0.5, 0.75], [1.25, 2.5, 3.75]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "trace/offset": {
        "eager": [{"dtype": "float32", "shape": (3,), "value": [1.0, 2.0, 3.0]}],
        "symbolic": [{"dtype": "float32", "shape": (3,)}],
    },
    "tril/k": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3, 4),
                "value": [
                    [[0.0, 0.0, 0.0, 0.0], [-1.0, 0.0, 0.0, 0.0], [0.0, 0.25, 0.0, 0.0]],
                    [[0.0, 0.0, 0.0, 0.0], [2.0, 0.0, 0.0, 0.0], [3.0, 3.25, 0.0, 0.0]],
                ],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3, 4)}],
    },
    "triu/k": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3, 4),
                "value": [
                    [[0.0, -1.75, -1.5, -1.25], [0.0, 0.0, -0.5, -0.25], [0.0, 0.0, 0.0, 0.75]],
                    [[0.0, 1.25, 1.5, 1.75], [0.0, 0.0, 2.5, 2.75], [0.0, 0.0, 0.0, 3.75]],
                ],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3, 4)}],
    },
    "diff/n2": {
        "eager": [{"dtype": "float32", "shape": (0, 3), "value": []}],
        "symbolic": [{"dtype": "float32", "shape": (0, 3)}],
    },
    "vander/n": {
        "eager": [
            {"dtype": "float32", "shape": (4, 2), "value": [[1.0, 3.0], [1.0, -1.0], [1.0, 2.5], [1.0, 0.5]]}
        ],
        "symbolic": [{"dtype": "float32", "shape": (4, 2)}],
    },
    "get_item/int": {
        "eager": [{"dtype": "float32", "shape": (3,), "value": [3.5, 0.0, -0.75]}],
        "symbolic": [{"dtype": "float32", "shape": (3,)}],
    },
    "get_item/tuple": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 4),
                "value": [[-1.0, -0.75, -0.5, -0.25], [2.0, 2.25, 2.5, 2.75]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 4)}],
    },
    "argsort/axis0": {
        "eager": [
            {
                "dtype": "int32",
                "shape": (2, 3, 4),
                "value": [
                    [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]],
                    [[1, 1, 1, 1], [1, 1, 1, 1], [1, 1, 1, 1]],
                ],
            }
        ],
        "symbolic": [{"dtype": "int32", "shape": (2, 3, 4)}],
    },
    "sort/axis1": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (2, 3, 4),
                "value": [
                    [[-2.0, -1.75, -1.5, -1.25], [-1.0, -0.75, -0.5, -0.25], [0.0, 0.25, 0.5, 0.75]],
                    [[1.0, 1.25, 1.5, 1.75], [2.0, 2.25, 2.5, 2.75], [3.0, 3.25, 3.5, 3.75]],
                ],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (2, 3, 4)}],
    },
    "argpartition/f32": {
        "eager": [{"dtype": "int32", "shape": (4,), "value": [1, 3, 2, 0]}],
        "symbolic": [{"dtype": "int32", "shape": (4,)}],
    },
    "take/axis1": {
        "eager": [{"dtype": "float32", "shape": (2, 2), "value": [[2.0, 0.5], [-0.75, 3.5]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 2)}],
    },
    "take/flat": {
        "eager": [{"dtype": "float32", "shape": (1, 2), "value": [[-0.75, -1.25]]}],
        "symbolic": [{"dtype": "float32", "shape": (1, 2)}],
    },
    "take/negative": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[3.5, 0.0, -0.75], [0.5, -1.25, 2.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "take_along_axis/axis1": {
        "eager": [{"dtype": "float32", "shape": (2, 2), "value": [[2.0, 0.5], [0.0, 0.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 2)}],
    },
    "take_along_axis/flat": {
        "eager": [{"dtype": "float32", "shape": (2,), "value": [-0.75, 0.5]}],
        "symbolic": [{"dtype": "float32", "shape": (2,)}],
    },
    "where/f32": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[0.5, 0.25, 2.0], [1.0, 2.5, -0.75]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "where/mixed": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[1.0, 1.5, 3.0], [1.5, 1.5, -5.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "where/single": {
        "eager": [
            {"dtype": "int32", "shape": (3,), "value": [0, 0, 1]},
            {"dtype": "int32", "shape": (3,), "value": [0, 2, 2]},
        ],
        "symbolic": [{"dtype": "int64", "shape": (2, 3)}],
    },
    "where/ints": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[1, 0, 1], [1, 0, 0]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "select/f32": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[0.0, 0.25, 2.0], [3.5, 0.0, 0.75]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "select/default": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[1, 7, 3], [7, 7, -5]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "searchsorted/left": {
        "eager": [{"dtype": "int32", "shape": (4,), "value": [0, 1, 3, 4]}],
        "symbolic": [{"dtype": "int32", "shape": (4,)}],
    },
    "searchsorted/right": {
        "eager": [{"dtype": "int32", "shape": (2,), "value": [2, 3]}],
        "symbolic": [{"dtype": "int32", "shape": (2,)}],
    },
    "digitize/f32": {
        "eager": [{"dtype": "int32", "shape": (4,), "value": [3, 0, 3, 1]}],
        "symbolic": [{"dtype": "int32", "shape": (4,)}],
    },
    "digitize/i32": {
        "eager": [{"dtype": "int32", "shape": (3,), "value": [2, 3, 4]}],
        "symbolic": [{"dtype": "int32", "shape": (3,)}],
    },
    "isin/i32": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[True, False, False], [True, False, False]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "isin/invert": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[False, True, True], [True, False, True]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "isclose/f32": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[True, True, True], [True, False, True]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "isclose/nan": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[True, True, True], [True, True, True]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "isclose/tol": {
        "eager": [{"dtype": "bool", "shape": (2, 3), "value": [[True, False, False], [False, False, False]]}],
        "symbolic": [{"dtype": "bool", "shape": (2, 3)}],
    },
    "allclose/f32": {
        "eager": [{"dtype": "bool", "shape": (), "value": False}],
        "symbolic": [{"dtype": "bool", "shape": ()}],
    },
    "allclose/far": {
        "eager": [{"dtype": "bool", "shape": (), "value": False}],
        "symbolic": [{"dtype": "bool", "shape": ()}],
    },
    "unique/counts": {
        "eager": [
            {"dtype": "int32", "shape": (6,), "value": [-5, -2, 0, 1, 3, 4]},
            {"dtype": "int32", "shape": (2, 3), "value": [[3, 1, 4], [5, 2, 0]]},
            {"dtype": "int32", "shape": (6,), "value": [1, 1, 1, 1, 1, 1]},
        ],
        "symbolic": [
            {"dtype": "int32", "shape": (None,)},
            {"dtype": "int32", "shape": (2, 3)},
            {"dtype": "int32", "shape": (None,)},
        ],
    },
    "unique/index": {
        "eager": [
            {"dtype": "int32", "shape": (3,), "value": [1, 2, 3]},
            {"dtype": "int32", "shape": (3,), "value": [1, 3, 0]},
        ],
        "symbolic": [{"dtype": "int32", "shape": (None,)}, {"dtype": "int32", "shape": (None,)}],
    },
    "unravel_index/i32": {
        "eager": [
            {"dtype": "int32", "shape": (3,), "value": [0, 1, 1]},
            {"dtype": "int32", "shape": (3,), "value": [1, 1, 3]},
        ],
        "symbolic": [{"dtype": "int32", "shape": (3,)}, {"dtype": "int32", "shape": (3,)}],
    },
    "bincount/i32": {
        "eager": [{"dtype": "int32", "shape": (4,), "value": [1, 2, 0, 1]}],
        "symbolic": [{"dtype": "int32", "shape": (None,)}],
    },
    "bincount/weights": {
        "eager": [{"dtype": "float32", "shape": (6,), "value": [4.0, 1.5, 0.0, 2.0, 0.0, 0.0]}],
        "symbolic": {
            "error": "ValueError",
            "message": "A KerasTensor cannot be used as input to a TensorFlow function. A KerasTensor is a symbolic placeholder for a shape and dtype, used when constructing Keras Functional models or Keras Functions. You can only use it as input to a Keras layer or a Keras operation (from the namespaces `keras.layers` and `keras.ops`). You are likely doing something like:",
        },
    },
    "histogram/default": {
        "eager": [
            {"dtype": "float32", "shape": (10,), "value": [1.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 1.0]},
            {
                "dtype": "float32",
                "shape": (11,),
                "value": [
                    -1.0,
                    -0.60000002,
                    -0.19999999,
                    0.20000005,
                    0.60000002,
                    1.0,
                    1.4000001,
                    1.8,
                    2.2,
                    2.6000001,
                    3.0,
                ],
            },
        ],
        "symbolic": [{"dtype": "float32", "shape": (10,)}, {"dtype": "float32", "shape": (11,)}],
    },
    "histogram/range": {
        "eager": [
            {"dtype": "float32", "shape": (3,), "value": [1.0, 0.0, 2.0]},
            {"dtype": "float32", "shape": (4,), "value": [0.0, 1.0, 2.0, 3.0]},
        ],
        "symbolic": [{"dtype": "float32", "shape": (3,)}, {"dtype": "float32", "shape": (4,)}],
    },
    "clip/f32": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[0.5, -1.0, 1.0], [1.0, 0.0, -0.75]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "clip/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[1, 0, 2], [2, 0, 0]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "clip/i32_float_bounds": {
        "eager": {"error": "TypeError", "message": "Cannot convert 2.5 to EagerTensor of dtype int32"},
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "clip/bool": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[1, 0, 1], [0, 0, 1]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "nan_to_num/default": {
        "eager": [{"dtype": "float32", "shape": (4,), "value": [1.0, 0.0, 3.4028235e38, -3.4028235e38]}],
        "symbolic": [{"dtype": "float32", "shape": (4,)}],
    },
    "nan_to_num/vals": {
        "eager": [{"dtype": "float32", "shape": (4,), "value": [1.0, 2.0, 9.0, -9.0]}],
        "symbolic": [{"dtype": "float32", "shape": (4,)}],
    },
    "nan_to_num/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 3), "value": [[1, -2, 3], [4, 0, -5]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 3)}],
    },
    "matmul/f32": {
        "eager": [{"dtype": "float32", "shape": (2, 2), "value": [[-3.5625, -1.125], [6.75, 2.9375]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 2)}],
    },
    "matmul/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 2), "value": [[-1, 9], [3, -16]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 2)}],
    },
    "matmul/bad": {
        "eager": {
            "error": "InvalidArgumentError",
            "message": "{{function_node __wrapped____MklMatMul_device_/job:localhost/replica:0/task:0/device:CPU:0}} Matrix size-incompatible: In[0]: [2,3], In[1]: [2,3] [Op:MatMul] name: ",
        },
        "symbolic": {
            "error": "ValueError",
            "message": "Inner dimensions (`x1.shape[-1]` and `x2.shape[-2]`) must be equal, but received `x1.shape=(2, 3)` and `x2.shape=(2, 3)`.",
        },
    },
    "dot/f32": {
        "eager": [{"dtype": "float32", "shape": (2, 2), "value": [[-3.5625, -1.125], [6.75, 2.9375]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 2)}],
    },
    "dot/vectors": {
        "eager": [{"dtype": "float32", "shape": (), "value": 4.25}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "dot/scalar": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[2.0, -4.0, 6.0], [8.0, 0.0, -10.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "vdot/f32": {
        "eager": [{"dtype": "float32", "shape": (), "value": -0.625}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "inner/f32": {
        "eager": [{"dtype": "float32", "shape": (2, 2), "value": [[-3.5625, -1.125], [6.75, 2.9375]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 2)}],
    },
    "inner/vectors": {
        "eager": [{"dtype": "float32", "shape": (), "value": 4.25}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "outer/f32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (4, 3),
                "value": [[3.0, 6.0, 1.5], [-1.0, -2.0, -0.5], [2.5, 5.0, 1.25], [0.5, 1.0, 0.25]],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (4, 3)}],
    },
    "outer/i32": {
        "eager": [
            {
                "dtype": "int32",
                "shape": (6, 6),
                "value": [
                    [2, 3, 1, 1, 2, 4],
                    [-4, -6, -2, -2, -4, -8],
                    [6, 9, 3, 3, 6, 12],
                    [8, 12, 4, 4, 8, 16],
                    [0, 0, 0, 0, 0, 0],
                    [-10, -15, -5, -5, -10, -20],
                ],
            }
        ],
        "symbolic": [{"dtype": "int32", "shape": (6, 6)}],
    },
    "kron/f32": {
        "eager": [
            {
                "dtype": "float32",
                "shape": (4, 6),
                "value": [
                    [1.0, -2.5, 4.0, 0.5, -1.25, 2.0],
                    [7.0, 0.0, -1.5, 3.5, 0.0, -0.75],
                    [0.25, -0.625, 1.0, 1.5, -3.75, 6.0],
                    [1.75, 0.0, -0.375, 10.5, 0.0, -2.25],
                ],
            }
        ],
        "symbolic": [{"dtype": "float32", "shape": (4, 6)}],
    },
    "kron/i32": {
        "eager": [
            {
                "dtype": "int32",
                "shape": (2, 9),
                "value": [[2, -4, 6, 3, -6, 9, 1, -2, 3], [1, -2, 3, 2, -4, 6, 4, -8, 12]],
            }
        ],
        "symbolic": [{"dtype": "int32", "shape": (2, 9)}],
    },
    "tensordot/pairs": {
        "eager": [{"dtype": "float32", "shape": (4,), "value": [1.5, 2.5, 3.5, 4.5]}],
        "symbolic": [{"dtype": "float32", "shape": (4,)}],
    },
    "tensordot/int": {
        "eager": [{"dtype": "float32", "shape": (2, 2), "value": [[-3.5625, -1.125], [6.75, 2.9375]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 2)}],
    },
    "einsum/f32": {
        "eager": [{"dtype": "float32", "shape": (2, 2), "value": [[-3.5625, -1.125], [6.75, 2.9375]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 2)}],
    },
    "einsum/sum": {
        "eager": [{"dtype": "float32", "shape": (4,), "value": [3.0, 4.5, 6.0, 7.5]}],
        "symbolic": [{"dtype": "float32", "shape": (4,)}],
    },
    "einsum/i32": {
        "eager": [{"dtype": "int32", "shape": (2, 2), "value": [[-1, 9], [3, -16]]}],
        "symbolic": [{"dtype": "int32", "shape": (2, 2)}],
    },
    "cross/f32": {
        "eager": [{"dtype": "float32", "shape": (3,), "value": [7.0, -0.5, -2.0]}],
        "symbolic": [{"dtype": "float32", "shape": (3,)}],
    },
    "cross/rows": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[2.0, 4.0, 2.0], [1.875, -3.375, 8.75]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "cross/2d_3d": {
        "eager": [{"dtype": "float32", "shape": (2, 3), "value": [[4.0, -2.0, -2.25], [-1.5, 0.75, -7.0]]}],
        "symbolic": [{"dtype": "float32", "shape": (2, 3)}],
    },
    "correlate/valid": {
        "eager": [{"dtype": "float32", "shape": (3,), "value": [1.0, 4.0, 3.5]}],
        "symbolic": [{"dtype": "float32", "shape": (3,)}],
    },
    "correlate/same": {
        "eager": [{"dtype": "float32", "shape": (4,), "value": [5.5, 2.25, 4.25, 3.5]}],
        "symbolic": [{"dtype": "float32", "shape": (4,)}],
    },
    "correlate/full": {
        "eager": [{"dtype": "float32", "shape": (5,), "value": [6.0, 1.0, 4.0, 3.5, 0.5]}],
        "symbolic": [{"dtype": "float32", "shape": (5,)}],
    },
    "slogdet/f32": {
        "eager": [
            {"dtype": "float32", "shape": (), "value": 1.0},
            {"dtype": "float32", "shape": (), "value": 1.7047482},
        ],
        "symbolic": [{"dtype": "float32", "shape": ()}, {"dtype": "float32", "shape": ()}],
    },
    "slogdet/batch": {
        "eager": [
            {"dtype": "float32", "shape": (2,), "value": [1.0, 1.0]},
            {"dtype": "float32", "shape": (2,), "value": [1.7047482, 3.0910425]},
        ],
        "symbolic": [{"dtype": "float32", "shape": ()}, {"dtype": "float32", "shape": (2,)}],
    },
    "trapezoid/f32": {
        "eager": [{"dtype": "float32", "shape": (), "value": 3.25}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
    "trapezoid/dx": {
        "eager": [{"dtype": "float32", "shape": (3,), "value": [1.0, -0.3125, 0.3125]}],
        "symbolic": [{"dtype": "float32", "shape": (3,)}],
    },
    "trapezoid/x": {
        "eager": [{"dtype": "float32", "shape": (), "value": 5.125}],
        "symbolic": [{"dtype": "float32", "shape": ()}],
    },
}
MODEL_PREDICTION = [[6.0108037], [1.2317903], [3.4927213]]
