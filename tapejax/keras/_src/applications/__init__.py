"""``keras.applications``: the image classification architectures Keras 3 ships, built from our
layers with Keras' layer names, so Keras' weight files load into them."""
