"""Keras 3's backend-independent pieces (``keras/src/backend/common``): dtype names and promotion."""
