# The programs here are TF code with only the import changed (`import tapejax as tf`), run by
# tests/test_tf_programs.py (each as its own __main__): pytest must not import them itself.
collect_ignore_glob = ["*.py"]
