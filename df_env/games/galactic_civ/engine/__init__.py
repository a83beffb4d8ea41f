"""Galactic Civ's engine: compiled rules over one numpy record (``state.py``), in Deep Future's form."""
