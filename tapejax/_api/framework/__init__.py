"""TF's framework-level names: execution mode queries, grouping, the gradient registry,
device specs, type specs, tensor protos and the ``tf.*_initializer`` classes."""
