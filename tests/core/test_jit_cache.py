"""The compiled functions' on-disk cache is safe when processes fill it at once (df_env/core/jit_cache.py): a data
file is named after its signature and holds it, so no interleaving of two writers lets a process load machine code
compiled for another signature (numba's own layout could, and the call would crash)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numba
import pytest

from df_env.core.jit_cache import KeyedCacheFile

ROOT = Path(__file__).resolve().parents[2]
K1 = (("int64",), ("x86_64", "cpu"), ("aa", "bb"))
K2 = (("float64",), ("x86_64", "cpu"), ("aa", "bb"))


def _file(folder: Path, stamp: object = (1.0, 10)) -> KeyedCacheFile:
    return KeyedCacheFile(cache_path=str(folder), filename_base="mod.fn-3.py311", source_stamp=stamp)


def test_each_signature_has_its_own_data_file_and_gets_its_own_code(tmp_path: Path) -> None:
    f = _file(tmp_path)
    f.save(K1, ("code", 1))
    f.save(K2, ("code", 2))
    assert (f.load(K1), f.load(K2)) == (("code", 1), ("code", 2))
    assert len(list(tmp_path.glob("*.nbc"))) == 2 and f.load(((),)) is None


def test_two_writers_that_read_the_index_before_either_wrote(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """numba's race: both writers read an empty index, so both take data file number 1; b writes its index, a its
    index and data, and b's data lands last: a's index entry named b's code. Here each writes its own file, so
    whatever order the writes land in, a signature loads its own code (or nothing)."""
    a, b = _file(tmp_path), _file(tmp_path)
    for f in (a, b):
        monkeypatch.setattr(f, "_load_index", lambda: {})  # both read the index before either wrote it
    late: list[tuple[str, object]] = []
    monkeypatch.setattr(b, "_save_data", lambda name, data: late.append((name, data)))
    b.save(K2, "code for float64")
    a.save(K1, "code for int64")
    monkeypatch.undo()
    for name, data in late:  # b's data lands last
        b._save_data(name, data)
    assert a.load(K1) == "code for int64"
    assert b.load(K2) in (None, "code for float64")  # its index entry was lost (a wrote last): a miss at worst


def test_an_index_naming_another_signatures_file_is_a_miss(tmp_path: Path) -> None:
    """Whatever an index says (an older layout, a checkout with another stamp that rewrote it), the code loaded is
    the code of the signature asked for, or nothing."""
    f = _file(tmp_path)
    f.save(K2, "code for float64")
    f._save_index({K1: f._name_for(K2), K2: f._name_for(K2)})
    assert f.load(K1) is None and f.load(K2) == "code for float64"
    (tmp_path / "mod.fn-3.py311.1.nbc").write_bytes(b"not a pickle")  # numba's own numbering, damaged
    f._save_index({K1: "mod.fn-3.py311.1.nbc"})
    assert f.load(K1) is None


def test_two_checkouts_with_other_stamps_share_a_folder(tmp_path: Path) -> None:
    """Two checkouts of one commit: the same sources, other file times. Each rewrites the index for its stamp; neither
    loads the other's entry as its own."""
    a, b = _file(tmp_path, (1.0, 10)), _file(tmp_path, (2.0, 10))
    a.save(K1, "a's int64")
    b.save(K2, "b's float64")
    assert a.load(K1) is None and a.load(K2) is None  # the index is b's now: a compiles again
    assert b.load(K2) == "b's float64"


CODE = '''
import json
from df_env.core.jit import njit, njit_nogil

@njit
def twice(x):
    return x + x

@njit_nogil
def half(x):
    return x * 0.5

@njit_nogil
def third(x):
    return x / 3.0

fns = (twice, half, third)
print(json.dumps({"values": [twice(3), twice(1.5), half(3.0), third(3.0)],
                  "hits": sum(sum(f.stats.cache_hits.values()) for f in fns),
                  "cache": sorted({type(f._cache).__name__ for f in fns})}))
'''


@pytest.mark.skipif(bool(numba.config.DISABLE_JIT), reason="about the compiled functions' cache")  # type: ignore[attr-defined]
def test_the_engines_njit_writes_and_reloads_both_signatures(tmp_path: Path) -> None:
    """End to end in fresh processes, for the engine's ``njit`` and the networks' two: the first compiles into an
    empty cache (two signatures of one function), the second loads all four from it and gets the same values."""
    probe = tmp_path / "jit_cache_probe.py"  # numba caches functions of files only
    probe.write_text(CODE, encoding="utf-8")
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "cache"), PYTHONPATH=str(ROOT))
    runs = [json.loads(subprocess.run([sys.executable, str(probe)], env=env, capture_output=True, text=True,
                                      check=True).stdout.strip().splitlines()[-1]) for _ in range(2)]
    assert [r["values"] for r in runs] == [[6, 3.0, 1.5, 1.0]] * 2
    assert [r["hits"] for r in runs] == [0, 4] and runs[0]["cache"] == ["KeyedFunctionCache"]
    names = sorted(p.name for p in (tmp_path / "cache").rglob("*.nbc"))
    assert len(names) == 4 and not any(n.endswith(".1.nbc") or n.endswith(".2.nbc") for n in names)
