"""Test support: the engine's invariant checker and the scenario harnesses."""
