"""Positions in and out: the JSON position format, its schema and reader."""
