"""Legality: the mask of a pending decision and the queries it (and the procedures) ask of a position."""
