"""numba's on-disk cache, made safe for several processes at once (see :class:`KeyedCacheFile`).

numba keeps, per compiled function, an index (signature -> data file) and numbered data files. A new entry takes the
lowest free number *as its writer last read the index*, and the index is written before the data. So two processes
that compile the same function for different signatures at the same time (the workers of ``df-env bench --jobs 2``,
the bench's side compile, two checkouts of one commit sharing ``~/.cache``) can both take ``.1.nbc``: the index then
names, for one signature, machine code compiled for another, and the next process to load it crashes (numba issue
#4807, open). Here a data file is named after its signature, holds that signature beside the code, is written before
the index names it, and is loaded only when the signature it holds is the one asked for; anything else is a miss,
which numba answers by compiling again.
"""

from __future__ import annotations

import hashlib
from typing import Any

from numba.core.caching import FunctionCache, IndexDataCacheFile

__all__ = ["KeyedCacheFile", "KeyedFunctionCache"]


def _key_text(key: Any) -> str:
    """A cache key (signature, target machine, bytecode hashes) as text: the same in every process."""
    return repr(key)


class KeyedCacheFile(IndexDataCacheFile):
    """numba's index and data files, with each data file named after, and holding, its own key."""

    def _name_for(self, key: Any) -> str:
        digest = hashlib.sha256(_key_text(key).encode()).hexdigest()[:20]
        return self._data_name_pattern.replace("{number:d}", digest)

    def save(self, key: Any, data: Any) -> None:
        name = self._name_for(key)
        self._save_data(name, (_key_text(key), data))  # first: an index entry never names a file not yet written
        overloads = self._load_index()
        if overloads.get(key) != name:
            overloads[key] = name
            self._save_index(overloads)

    def load(self, key: Any) -> Any:
        name = self._load_index().get(key)
        if name is None:
            return None
        try:
            held = self._load_data(name)
        except Exception:  # gone, half of an older layout, or unreadable: a miss, compiled again
            return None
        if not (isinstance(held, tuple) and len(held) == 2 and held[0] == _key_text(key)):
            return None  # another signature's code (an older numbering): never run it
        return held[1]


class KeyedFunctionCache(FunctionCache):
    """numba's cache of a compiled function's overloads, on :class:`KeyedCacheFile`."""

    def __init__(self, py_func: Any) -> None:
        super().__init__(py_func)
        plain = self._cache_file
        self._cache_file = KeyedCacheFile(cache_path=plain._cache_path, filename_base=self._impl.filename_base,
                                          source_stamp=plain._source_stamp)
