"""Deep Future and Galactic Civ in the browser (``df-env serve``): a Starlette app that knows no game (each game's
view plug-in, :mod:`df_env.web.plugins`, builds what a seat sees) and plain HTML/JS/SVG pages.

Needs the ``web`` extra (``pip install -e ".[web]"``: starlette, uvicorn). See ``docs/web.md``.
"""
