"""Image preprocessing and augmentation layers (Keras 3's image_preprocessing folder)."""
