"""``tf.signal``'s ops: FFTs, framing, windows, spectrograms, DCTs, mel scales (one concept per
module; the public names are re-exported by ``tapejax/signal.py``)."""
