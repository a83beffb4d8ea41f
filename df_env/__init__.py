"""df_env: the Deep Future (v1.6) reinforcement-learning environment."""

__version__ = "0.1.0"
