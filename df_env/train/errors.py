"""The user errors of training and model files (``df-env`` prints them as one line, exit status 2)."""


class ConfigError(ValueError):
    """A bad training configuration or ``df-env train`` argument (names the key and what is allowed)."""


class ModelFileError(ValueError):
    """A model file that cannot be used: missing, unreadable, or made for another layout or player count."""
