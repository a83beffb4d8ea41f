"""Repository tools (not installed): writers of generated docs and golden files."""
