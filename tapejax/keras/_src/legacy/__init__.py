"""Keras 3's legacy names: the Keras 1/2 backend functions ``tf.keras.backend`` still exports
(``K.batch_dot``, ``K.rnn``, ``K.ctc_batch_cost``...) and ``keras.preprocessing``'s image and
sequence utilities."""
