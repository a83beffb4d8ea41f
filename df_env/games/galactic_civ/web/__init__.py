"""Galactic Civ in the browser: the web server's view plug-in (:mod:`.plugin`, the seat's view in :mod:`.view`,
the page's words in :mod:`.words`) and the page script that draws it (``static/page.js``, ``static/page.css``).
See ``docs/web.md`` and ``docs/galactic_civ/README.md``."""
