"""Written by scripts/keras_config_reference_tf.py with TensorFlow 2.21 / Keras 3.15 (CPU):
the results of the programs in keras_config_programs.py. Do not edit by hand.
"""

# ruff: noqa: E501
REFERENCE = {
    "cloning": {
        "clone_compiled": True,
        "clone_is_new": [True, True],
        "clone_layers": ["features", "shared", "head"],
        "clone_loss": "mse",
        "clone_weights": 4,
        "keep_shares": True,
        "on_new_input": "other",
        "renamed_layers": ["features", "shared_c", "head_c"],
        "seq_layers": ["d"],
        "seq_shape": [None, 2],
    },
    "functional_round_trip": {
        "activation": "probe>doubled_relu",
        "again_json": {
            "build_config": {"input_shape": None},
            "class_name": "Functional",
            "compile_config": {},
            "config": {
                "input_layers": ["features", 0, 0],
                "layers": [
                    {
                        "class_name": "InputLayer",
                        "config": {
                            "batch_shape": [None, 3],
                            "dtype": "float32",
                            "name": "features",
                            "optional": False,
                            "ragged": False,
                            "sparse": False,
                        },
                        "inbound_nodes": [],
                        "module": "keras.layers",
                        "name": "features",
                        "registered_name": None,
                    },
                    {
                        "build_config": {"input_shape": [None, 3]},
                        "class_name": "Dense",
                        "config": {
                            "activation": {
                                "class_name": "function",
                                "config": "probe>doubled_relu",
                                "module": "builtins",
                                "registered_name": "function",
                            },
                            "bias_constraint": None,
                            "bias_initializer": {
                                "class_name": "Zeros",
                                "config": {},
                                "module": "keras.initializers",
                                "registered_name": None,
                            },
                            "bias_regularizer": {
                                "class_name": "L2",
                                "config": {"l2": 0.02},
                                "module": "keras.regularizers",
                                "registered_name": None,
                            },
                            "dtype": {
                                "class_name": "DTypePolicy",
                                "config": {"name": "float32"},
                                "module": "keras",
                                "registered_name": None,
                            },
                            "kernel_constraint": None,
                            "kernel_initializer": {
                                "class_name": "GlorotUniform",
                                "config": {"input_axes": None, "output_axes": None, "seed": None},
                                "module": "keras.initializers",
                                "registered_name": None,
                            },
                            "kernel_regularizer": {
                                "class_name": "L1",
                                "config": {"l1": 0.009999999776482582},
                                "module": "keras.regularizers",
                                "registered_name": None,
                            },
                            "name": "hidden",
                            "quantization_config": None,
                            "trainable": True,
                            "units": 4,
                            "use_bias": True,
                        },
                        "inbound_nodes": [
                            {
                                "args": [
                                    {
                                        "class_name": "__keras_tensor__",
                                        "config": {
                                            "dtype": "float32",
                                            "keras_history": ["features", 0, 0],
                                            "shape": [None, 3],
                                        },
                                    }
                                ],
                                "kwargs": {},
                            }
                        ],
                        "module": "keras.layers",
                        "name": "hidden",
                        "registered_name": None,
                    },
                    {
                        "build_config": {"input_shape": [None, 4]},
                        "class_name": "Dense",
                        "config": {
                            "activation": "linear",
                            "bias_constraint": None,
                            "bias_initializer": {
                                "class_name": "Zeros",
                                "config": {},
                                "module": "keras.initializers",
                                "registered_name": None,
                            },
                            "bias_regularizer": None,
                            "dtype": {
                                "class_name": "DTypePolicy",
                                "config": {"name": "float32"},
                                "module": "keras",
                                "registered_name": None,
                            },
                            "kernel_constraint": None,
                            "kernel_initializer": {
                                "class_name": "GlorotUniform",
                                "config": {"input_axes": None, "output_axes": None, "seed": None},
                                "module": "keras.initializers",
                                "registered_name": None,
                            },
                            "kernel_regularizer": None,
                            "name": "out",
                            "quantization_config": None,
                            "trainable": True,
                            "units": 2,
                            "use_bias": True,
                        },
                        "inbound_nodes": [
                            {
                                "args": [
                                    {
                                        "class_name": "__keras_tensor__",
                                        "config": {
                                            "dtype": "float32",
                                            "keras_history": ["hidden", 0, 0],
                                            "shape": [None, 4],
                                        },
                                    }
                                ],
                                "kwargs": {},
                            }
                        ],
                        "module": "keras.layers",
                        "name": "out",
                        "registered_name": None,
                    },
                ],
                "name": "net",
                "output_layers": ["out", 0, 0],
                "trainable": True,
            },
            "module": "keras.src.models.functional",
            "registered_name": "Functional",
        },
        "json": {
            "build_config": {"input_shape": None},
            "class_name": "Functional",
            "compile_config": {},
            "config": {
                "input_layers": ["features", 0, 0],
                "layers": [
                    {
                        "class_name": "InputLayer",
                        "config": {
                            "batch_shape": [None, 3],
                            "dtype": "float32",
                            "name": "features",
                            "optional": False,
                            "ragged": False,
                            "sparse": False,
                        },
                        "inbound_nodes": [],
                        "module": "keras.layers",
                        "name": "features",
                        "registered_name": None,
                    },
                    {
                        "build_config": {"input_shape": [None, 3]},
                        "class_name": "Dense",
                        "config": {
                            "activation": {
                                "class_name": "function",
                                "config": "probe>doubled_relu",
                                "module": "builtins",
                                "registered_name": "function",
                            },
                            "bias_constraint": None,
                            "bias_initializer": {
                                "class_name": "Zeros",
                                "config": {},
                                "module": "keras.initializers",
                                "registered_name": None,
                            },
                            "bias_regularizer": {
                                "class_name": "L2",
                                "config": {"l2": 0.02},
                                "module": "keras.regularizers",
                                "registered_name": None,
                            },
                            "dtype": {
                                "class_name": "DTypePolicy",
                                "config": {"name": "float32"},
                                "module": "keras",
                                "registered_name": None,
                            },
                            "kernel_constraint": None,
                            "kernel_initializer": {
                                "class_name": "GlorotUniform",
                                "config": {"input_axes": None, "output_axes": None, "seed": None},
                                "module": "keras.initializers",
                                "registered_name": None,
                            },
                            "kernel_regularizer": {
                                "class_name": "L1",
                                "config": {"l1": 0.009999999776482582},
                                "module": "keras.regularizers",
                                "registered_name": None,
                            },
                            "name": "hidden",
                            "quantization_config": None,
                            "trainable": True,
                            "units": 4,
                            "use_bias": True,
                        },
                        "inbound_nodes": [
                            {
                                "args": [
                                    {
                                        "class_name": "__keras_tensor__",
                                        "config": {
                                            "dtype": "float32",
                                            "keras_history": ["features", 0, 0],
                                            "shape": [None, 3],
                                        },
                                    }
                                ],
                                "kwargs": {},
                            }
                        ],
                        "module": "keras.layers",
                        "name": "hidden",
                        "registered_name": None,
                    },
                    {
                        "build_config": {"input_shape": [None, 4]},
                        "class_name": "Dense",
                        "config": {
                            "activation": "linear",
                            "bias_constraint": None,
                            "bias_initializer": {
                                "class_name": "Zeros",
                                "config": {},
                                "module": "keras.initializers",
                                "registered_name": None,
                            },
                            "bias_regularizer": None,
                            "dtype": {
                                "class_name": "DTypePolicy",
                                "config": {"name": "float32"},
                                "module": "keras",
                                "registered_name": None,
                            },
                            "kernel_constraint": None,
                            "kernel_initializer": {
                                "class_name": "GlorotUniform",
                                "config": {"input_axes": None, "output_axes": None, "seed": None},
                                "module": "keras.initializers",
                                "registered_name": None,
                            },
                            "kernel_regularizer": None,
                            "name": "out",
                            "quantization_config": None,
                            "trainable": True,
                            "units": 2,
                            "use_bias": True,
                        },
                        "inbound_nodes": [
                            {
                                "args": [
                                    {
                                        "class_name": "__keras_tensor__",
                                        "config": {
                                            "dtype": "float32",
                                            "keras_history": ["hidden", 0, 0],
                                            "shape": [None, 4],
                                        },
                                    }
                                ],
                                "kwargs": {},
                            }
                        ],
                        "module": "keras.layers",
                        "name": "out",
                        "registered_name": None,
                    },
                ],
                "name": "net",
                "output_layers": ["out", 0, 0],
                "trainable": True,
            },
            "module": "keras.src.models.functional",
            "registered_name": "Functional",
        },
        "layers": ["features", "hidden", "out"],
        "losses": [0.04018181562423706, 0.01679999940097332],
        "outputs": [
            [0.3851948380470276, 2.0340259075164795],
            [-0.12839826941490173, 1.192121148109436],
            [0.7070130109786987, 2.514805316925049],
            [-0.3141991198062897, 0.9460605978965759],
        ],
        "rebuilt_outputs": [
            [0.3851948380470276, 2.0340259075164795],
            [-0.12839826941490173, 1.192121148109436],
            [0.7070130109786987, 2.514805316925049],
            [-0.3141991198062897, 0.9460605978965759],
        ],
    },
    "sequential_round_trip": {
        "built": True,
        "config": {
            "build_input_shape": [None, 3],
            "dtype": {
                "class_name": "DTypePolicy",
                "config": {"name": "float32"},
                "module": "keras",
                "registered_name": None,
            },
            "layers": [
                {
                    "class_name": "InputLayer",
                    "config": {
                        "batch_shape": [None, 3],
                        "dtype": "float32",
                        "name": "x",
                        "optional": False,
                        "ragged": False,
                        "sparse": False,
                    },
                    "module": "keras.layers",
                    "registered_name": None,
                },
                {
                    "build_config": {"input_shape": [None, 3]},
                    "class_name": "Dense",
                    "config": {
                        "activation": "tanh",
                        "bias_constraint": None,
                        "bias_initializer": {
                            "class_name": "Zeros",
                            "config": {},
                            "module": "keras.initializers",
                            "registered_name": None,
                        },
                        "bias_regularizer": None,
                        "dtype": {
                            "class_name": "DTypePolicy",
                            "config": {"name": "float32"},
                            "module": "keras",
                            "registered_name": None,
                        },
                        "kernel_constraint": None,
                        "kernel_initializer": {
                            "class_name": "GlorotUniform",
                            "config": {"input_axes": None, "output_axes": None, "seed": None},
                            "module": "keras.initializers",
                            "registered_name": None,
                        },
                        "kernel_regularizer": None,
                        "name": "d",
                        "quantization_config": None,
                        "trainable": True,
                        "units": 2,
                        "use_bias": True,
                    },
                    "module": "keras.layers",
                    "registered_name": None,
                },
            ],
            "name": "seq",
            "trainable": True,
        },
        "json_class": "Sequential",
        "json_layers": ["d"],
        "outputs": [
            [-0.15864849090576172, 0.6640366911888123],
            [-0.755937397480011, 0.285199910402298],
            [-0.17808084189891815, 0.7698665857315063],
            [-0.7501654028892517, 0.14562396705150604],
        ],
    },
    "subclassed_config": {
        "clone": ["Sub", "given"],
        "config": {
            "dtype": {
                "class_name": "DTypePolicy",
                "config": {"name": "float32"},
                "module": "keras",
                "registered_name": None,
            },
            "name": "given",
            "rate": 0.5,
            "trainable": True,
            "units": 2,
        },
    },
}
