# The programs here are plain TensorFlow code (`import tensorflow as tf`), run by
# tests/test_tf_programs.py with tapejax bound to `tensorflow`: pytest must not import them itself.
collect_ignore_glob = ["*.py"]
