"""Keras fit/evaluate/predict of a model built and compiled in a strategy's scope
(tapejax/distribute/_global_step.py): on 8 simulated CPU devices (a subprocess running
``distribute_fit.py``) the one-device numbers and TF 2.21's, whose MirroredStrategy over 8
logical CPUs ran the same program (``distribute_fit.run``); stored here."""

from __future__ import annotations

import numpy as np
import pytest
from multidevice import run_script

TOL = {"rtol": 1e-5, "atol": 1e-6}  # float32; the replicas' sums add in another order

# TF 2.21, MirroredStrategy over 8 logical CPUs: distribute_fit.run.
TF_HISTORY = {
    "loss": [0.181711197, 0.0616721772, 0.024643179],
    "mae": [0.324991584, 0.195193142, 0.129440531],
    "val_loss": [0.0874261558, 0.0320669822, 0.0187775735],
    "val_mae": [0.223345876, 0.146393344, 0.118572727],
}
TF_EVALUATE = [0.0185744762, 0.117407352]
TF_CLASSIFIER = {"accuracy": [0.328125, 0.328125], "loss": [1.20282412, 1.19401455]}
TF_PREDICT_HEAD = [
    [0.0773294568, 0.113741428, -0.229754835],
    [0.0301923007, 0.12813589, 0.176027924],
    [-0.270953178, 0.506521881, -0.080915466],
    [-0.269669205, 0.601105928, 0.16105707],
]
TF_PREDICT_SUM = [-0.715985835, 17.4929427, -3.3147399]
TF_KERNEL = [
    [
        -0.683307111,
        -0.112313174,
        0.0311994068,
        0.540382862,
        -0.513057351,
        0.519957185,
        0.185337618,
        0.134444878,
    ],
    [
        -0.24390918,
        -0.71598798,
        0.359920055,
        0.0631755292,
        -0.13756831,
        -0.148875505,
        0.684586704,
        -0.45413956,
    ],
    [
        -0.0974881724,
        -0.477629006,
        -0.131396592,
        0.500400782,
        -0.667383969,
        -0.132482737,
        0.304788321,
        0.0475046188,
    ],
    [
        -0.453580588,
        0.0961622149,
        0.303828031,
        -0.0660095364,
        -0.272538006,
        -0.0559399277,
        0.552171588,
        -0.502144933,
    ],
    [
        -0.177194297,
        -0.145811453,
        0.461673588,
        0.247348353,
        -0.654692233,
        0.362088561,
        0.046023488,
        -0.170944244,
    ],
]


@pytest.fixture(scope="module")
def run() -> dict:
    return run_script("distribute_fit.py", devices=8)


@pytest.mark.parametrize("name", ["mirrored", "one"])
def test_fit_evaluate_predict_give_tfs_numbers(run, name):
    assert run["replicas"] == 8
    result = run[name]
    assert sorted(result["history"]) == sorted(TF_HISTORY)
    for key, values in TF_HISTORY.items():
        np.testing.assert_allclose(result["history"][key], values, **TOL)
    np.testing.assert_allclose(result["evaluate"], TF_EVALUATE, **TOL)
    np.testing.assert_allclose(result["predict"][:4], TF_PREDICT_HEAD, **TOL)
    np.testing.assert_allclose(np.sum(result["predict"], axis=0), TF_PREDICT_SUM, rtol=1e-5, atol=1e-5)
    assert np.shape(result["predict"]) == (40, 3)
    np.testing.assert_allclose(result["kernel"], TF_KERNEL, **TOL)
    for key, values in TF_CLASSIFIER.items():
        np.testing.assert_allclose(result["classifier"][key], values, **TOL)


def test_eight_replicas_give_the_one_device_history(run):
    for key in ("history", "classifier"):
        for metric, values in run["one"][key].items():
            np.testing.assert_allclose(run["mirrored"][key][metric], values, **TOL)
    np.testing.assert_allclose(run["mirrored"]["kernel"], run["one"]["kernel"], **TOL)
    # Batches of 12 (and a last one of 4) that 8 replicas do not divide run replicated: the
    # one-device numbers (TF would give its replicas unequal shares, each scaled as if full).
    np.testing.assert_allclose(run["uneven"]["mirrored"], run["uneven"]["one"], **TOL)


def test_weights_slots_and_metric_states_are_replicated_on_the_mesh(run):
    assert run["placement"] == {"kernel": [8, True], "slot": [8, True], "metric": [8, True]}


def test_a_model_built_outside_the_scope_is_tfs_assertion_error(run):
    kind, message, unchanged = run["outside_scope"]
    assert kind == "AssertionError"  # TF's class (its message is empty)
    assert message.startswith("Variable 'kernel' was not created in the distribution strategy scope of ")
    assert message.endswith("Create the model (build it) and compile it under `with strategy.scope():`.")
    assert unchanged
