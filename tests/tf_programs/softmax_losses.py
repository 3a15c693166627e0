import tapejax as tf

logits = tf.constant([[2.0, 1.0, 0.1], [0.5, 2.5, -1.0]])
labels = tf.constant([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]])
print(tf.nn.softmax(logits))
print(tf.nn.log_softmax(logits, axis=-1))
with tf.GradientTape() as tape:
  tape.watch(logits)
  loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=logits))
print(loss)
print(tape.gradient(loss, logits))
sparse = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[0, 1], logits=logits)
print(sparse)
print(tf.nn.sigmoid_cross_entropy_with_logits(labels=labels, logits=logits))
print(tf.nn.relu(tf.constant([-1.0, 0.0, 2.0])), tf.nn.relu6(tf.constant([7.0])))
print(tf.nn.leaky_relu(tf.constant([-1.0, 1.0])))
print(tf.nn.elu(tf.constant([-1.0, 1.0])))
print(tf.nn.l2_loss(tf.constant([1.0, 2.0])))
