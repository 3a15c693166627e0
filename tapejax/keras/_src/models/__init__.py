"""Model (subclassed or functional), the functional graph, Sequential."""
