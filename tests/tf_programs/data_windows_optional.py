import tapejax as tf

# Dataset.window (+ flat_map over windows, drop_remainder, stride), Iterator.get_next_as_optional
# and tf.experimental.Optional.
ds = tf.data.Dataset.range(7)
w = ds.window(3, shift=2)
print(w)
print(w.element_spec)
print(w.cardinality().numpy(), ds.window(3, shift=2, drop_remainder=True).cardinality().numpy())
for win in w:
  print(list(win.as_numpy_iterator()))
for win in ds.window(3, shift=1, stride=2, drop_remainder=True):
  print(list(win.as_numpy_iterator()))
print([x.numpy().tolist() for x in ds.window(4, shift=3, drop_remainder=True).flat_map(lambda w: w.batch(4))])
print([x.numpy().tolist() for x in ds.window(2).flat_map(lambda w: w.batch(2))])
pairs = tf.data.Dataset.from_tensor_slices(([1, 2, 3, 4, 5], [10., 20., 30., 40., 50.]))
pw = pairs.window(2, drop_remainder=True)
print(pw.element_spec)
print([ (a.numpy().tolist(), b.numpy().tolist()) for a, b in pw.flat_map(lambda a, b: tf.data.Dataset.zip((a.batch(2), b.batch(2))))])
d = tf.data.Dataset.from_tensor_slices({"a": [1, 2, 3]}).window(2)
print(d.element_spec)
for e in d:
  print(sorted(e), list(e["a"].as_numpy_iterator()))
print(ds.window(3).cardinality().numpy(), ds.window(3, shift=5).cardinality().numpy(), ds.window(10, drop_remainder=True).cardinality().numpy())
for args in [dict(size=0), dict(size=2, shift=0), dict(size=2, stride=0)]:
  try:
    list(ds.window(**args))
  except Exception as e:
    print(type(e).__name__, "Window" in str(e), "greater than zero" in str(e))
it = iter(tf.data.Dataset.range(2))
o = it.get_next_as_optional(); print(o.has_value().numpy(), o.get_value().numpy(), o.element_spec)
it.get_next_as_optional(); o = it.get_next_as_optional(); print(o.has_value().numpy())
try:
  o.get_value()
except Exception as e:
  print(type(e).__name__, "does not have a value" in str(e))
o = tf.experimental.Optional.from_value((1, 2.0)); print(o.has_value().numpy(), o.get_value(), o.element_spec)
e = tf.experimental.Optional.empty(tf.TensorSpec([], tf.int32)); print(e.has_value().numpy(), e.element_spec)
print([list(w.as_numpy_iterator()) for w in ds.window(3, shift=1, stride=2)])
print([list(w.as_numpy_iterator()) for w in ds.window(2, shift=4)])
m = tf.data.Dataset.from_tensor_slices(tf.reshape(tf.range(12.0), [6, 2])).window(4, shift=2, drop_remainder=True)
print(m.element_spec, m.cardinality().numpy())
print([b.numpy().tolist() for b in m.flat_map(lambda w: w.batch(4, drop_remainder=True))])
print(tf.data.DatasetSpec(tf.TensorSpec([], tf.int64)))
skipped = tf.data.Dataset.range(5).window(2).map(lambda w: w.skip(1))
print(skipped.element_spec)
print([list(w.as_numpy_iterator()) for w in skipped])
print([x.numpy().tolist() for x in skipped.flat_map(lambda w: w)])
print(tf.data.experimental.Optional.from_value(3).get_value())
