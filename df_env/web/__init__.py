"""Deep Future in the browser (``df-env serve``): a Starlette app and a plain HTML/JS/SVG page.

Needs the ``web`` extra (``pip install -e ".[web]"``: starlette, uvicorn). See ``docs/web.md``.
"""
