"""Prints Keras 3.15's (TF 2.21) numbers for tests/test_keras_optimizers_new.py: four steps of
Adadelta, Adafactor, Ftrl, Lamb, Lion and Muon on three variables, CosineDecayRestarts, the
optimizers' variable paths and configs. Run with /work/tfenv/bin/python."""

import numpy as np
from tensorflow import keras

K = keras.optimizers
S = keras.optimizers.schedules
G1 = [[0.5, -1.0, 2.0], [0.1, 0.3, -0.7], [-2.0, 0.0, 1.5], [0.3, 0.3, 0.3]]
G2 = [
    [[1.0, -2.0], [0.5, 3.0]],
    [[-0.2, 0.4], [1.0, -1.0]],
    [[0.0, 0.1], [-3.0, 2.0]],
    [[0.5, 0.5], [0.5, -0.5]],
]
G3 = [np.linspace(-1, 1, 6).reshape(3, 2) * (k + 1) * (-1) ** k for k in range(4)]
S1, S2, S3 = [1.0, 2.0, -3.0], [[0.5, -0.5], [1.5, 0.25]], [[0.1, 0.2], [-0.3, 0.4], [0.5, -0.6]]

CASES = {
    "adadelta": "K.Adadelta(1.0)",
    "adadelta_rho": "K.Adadelta(0.5, rho=0.8, epsilon=1e-3)",
    "adafactor": "K.Adafactor(0.1)",
    "adafactor_opts": "K.Adafactor(0.01, beta_2_decay=-0.5, epsilon_2=1e-2, clip_threshold=0.5)",
    "ftrl": "K.Ftrl(0.1)",
    "ftrl_reg": "K.Ftrl(0.2, learning_rate_power=-0.3, initial_accumulator_value=0.5, "
    "l1_regularization_strength=0.05, l2_regularization_strength=0.1, "
    "l2_shrinkage_regularization_strength=0.02, beta=0.3)",
    "lamb": "K.Lamb(0.1)",
    "lamb_betas": "K.Lamb(0.05, beta_1=0.8, beta_2=0.99, epsilon=1e-3)",
    "lion": "K.Lion(0.1)",
    "lion_wd": "K.Lion(0.05, beta_1=0.5, beta_2=0.9, weight_decay=0.1)",
    "muon": "K.Muon(0.1)",
    "muon_opts": "K.Muon(0.05, nesterov=False, ns_steps=3, adam_lr_ratio=0.5, rms_rate=None, "
    "weight_decay=0.1, adam_weight_decay=0.2)",
    "adadelta_clipnorm": "K.Adadelta(1.0, clipnorm=0.5)",
    "lion_restarts": "K.Lion(S.CosineDecayRestarts(0.1, 2, t_mul=1.5, m_mul=0.8, alpha=0.1))",
}

for name, source in CASES.items():
    opt = eval(source)
    vs = [keras.Variable(np.array(s, np.float32), name=f"v{i}") for i, s in enumerate((S1, S2, S3))]
    lrs = []
    for g1, g2, g3 in zip(G1, G2, G3, strict=True):
        lrs.append(float(np.asarray(opt.learning_rate)))
        opt.apply_gradients(zip([np.array(g, np.float32) for g in (g1, g2, g3)], vs, strict=True))
    print(f'    "{name}": (\n        lambda: {source},')
    for v in vs:
        print(f"        {v.numpy().tolist()},")
    print(f"        {lrs},\n    ),")

for source in [
    "S.CosineDecayRestarts(0.1, 2)",
    "S.CosineDecayRestarts(0.1, 3, t_mul=1.0, m_mul=0.5, alpha=0.1)",
    "S.CosineDecayRestarts(0.5, 2, t_mul=3.0, m_mul=0.9)",
]:
    s = eval(source)
    print(source, [float(s(k)) for k in range(10)])

layer = keras.layers.Dense(2, name="dense")
layer.build((None, 3))
emb = keras.layers.Embedding(4, 2, name="embedding")
emb.build((None,))
for source in [
    "K.Adafactor(name='af')",
    "K.Muon(name='mu')",
    "K.Ftrl(name='ftrl')",
    "K.Adadelta(name='ad')",
    "K.Lion(name='lion')",
    "K.Lamb(name='lamb')",
]:
    opt = eval(source)
    opt.build(layer.trainable_variables + emb.trainable_variables)
    print(source, [(v.path, tuple(v.shape)) for v in opt.variables])
for source in ["K.Ftrl()", "K.Muon()", "K.Adafactor()", "K.Lamb()", "K.Adadelta()", "K.Lion()"]:
    print(source, K.serialize(eval(source)))
print(S.serialize(S.CosineDecayRestarts(0.1, 2)))
