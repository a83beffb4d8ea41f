"""Campaign files: safe writes and validated reads.

A campaign file is one UTF-8 JSON document (format ``df_env.campaign``, see docs/campaign.md) ending with a
``checksum`` of its content. Guarantees:

* **Atomic writes.** :func:`save_campaign` writes a temporary file in the same directory (``.<name>.*.tmp``),
  flushes and fsyncs it, then renames it over the campaign (``os.replace``) and fsyncs the directory. A crash,
  a full disk or an error at any point leaves either the old or the new campaign, both complete.
* **A backup.** Before replacing the file, its current content (if it loads) is copied to ``<path>.bak``, itself
  atomically. A campaign file that does not load is never copied over a good backup: it is kept as
  ``<path>.damaged``.
* **Validated reads.** :func:`load_campaign` refuses a truncated, damaged, hand-edited-invalid or newer-version file
  with a :class:`CampaignFileError` naming the field, and says how to restore the backup (it never loads the
  backup silently: :func:`restore_backup` does that on request).
* **One writer.** :func:`campaign_lock` holds an advisory lock (``<path>.lock``) so two processes cannot play the
  same campaign at once (POSIX; elsewhere it is a no-op).

Example:
    >>> import os, tempfile
    >>> from df_env.games.deep_future.campaign.core import Campaign
    >>> path = os.path.join(tempfile.mkdtemp(), "galaxy.json")
    >>> save_campaign(Campaign.new(seed=3), path)
    >>> load_campaign(path).n_cards
    36
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import secrets
import stat
from collections.abc import Iterator
from typing import Any

from .core import Campaign
from .format import CampaignError, check_header

BACKUP_SUFFIX = ".bak"
DAMAGED_SUFFIX = ".damaged"  # a file that did not load, kept aside instead of being overwritten
LOCK_SUFFIX = ".lock"
_CHECKSUM_PREFIX = "sha256:"
_LIST_KEYS = ("sectors", "cards", "chronology")  # written one entry per line: readable and diff-friendly


class CampaignFileError(CampaignError):
    """A campaign file that cannot be read or written; the message names the file, the field and the remedy."""


# ---------------------------------------------------------------------------------------------- text
def checksum(doc: dict[str, Any]) -> str:
    """``sha256:<hex>`` of the document without its checksum, in canonical JSON (sorted keys, no spaces)."""
    body = {k: v for k, v in doc.items() if k != "checksum"}
    canon = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return _CHECKSUM_PREFIX + hashlib.sha256(canon.encode("ascii")).hexdigest()


def campaign_to_text(campaign: Campaign) -> str:
    """The file content: the campaign's checked document (``Campaign.document``) with its checksum."""
    return document_to_text(signed(campaign.document()))


def signed(doc: dict[str, Any]) -> dict[str, Any]:
    """A copy of the document (top level) with its checksum last."""
    body = {k: v for k, v in doc.items() if k != "checksum"}
    return {**body, "checksum": checksum(body)}


def document_to_text(doc: dict[str, Any]) -> str:
    """A document as file text: top-level keys one per line, list entries one per line."""
    parts = []
    for key, value in doc.items():
        if key in _LIST_KEYS and value:
            items = ",\n".join("    " + json.dumps(v, ensure_ascii=False) for v in value)
            parts.append(f'  "{key}": [\n{items}\n  ]')
        else:
            parts.append(f'  "{key}": {json.dumps(value, ensure_ascii=False)}')
    return "{\n" + ",\n".join(parts) + "\n}\n"


def campaign_from_text(text: str) -> Campaign:
    """Parse and validate a campaign file's content (raises :class:`CampaignError` naming the field)."""
    try:
        doc = json.loads(text, object_pairs_hook=_no_duplicates)
    except json.JSONDecodeError as e:
        raise CampaignError(f"not valid JSON (line {e.lineno}, column {e.colno}: {e.msg}): the file is truncated "
                            f"or damaged") from None
    except CampaignError:
        raise
    except RecursionError:
        raise CampaignError("not a campaign: JSON nested too deeply (the file is damaged)") from None
    except ValueError as e:  # e.g. an integer of more than 4300 digits
        raise CampaignError(f"not a valid campaign file ({e}): the file is damaged") from None
    check_header(doc)
    if "checksum" in doc and doc["checksum"] != checksum(doc):
        raise CampaignError("checksum: the content does not match the checksum written with it, so the file was "
                            "damaged or edited by hand. If you edited it on purpose, run: df-env campaign resign "
                            "FILE (it validates the content field by field, then writes a new checksum)")
    try:
        return Campaign.from_dict(doc)
    except CampaignError:
        raise
    except RecursionError:
        raise CampaignError("not a campaign: nested too deeply") from None
    except (TypeError, ValueError, KeyError, IndexError, OverflowError, AttributeError) as e:
        raise CampaignError(f"malformed campaign ({type(e).__name__}: {e}); see docs/campaign.md for the fields "
                            f"and their allowed values") from None


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are unique (a hand edit that repeats a key would otherwise lose one silently)."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise CampaignError(f'the key "{key}" appears twice in one object ({json.dumps(dict(pairs))[:80]}...)')
        out[key] = value
    return out


# ---------------------------------------------------------------------------------------------- reading
def load_campaign(path: str | os.PathLike[str]) -> Campaign:
    """Read and validate the campaign at ``path``.

    Raises :class:`CampaignFileError` for a missing, unreadable, truncated, damaged, invalid or newer-version
    file; the message names the file and the field, and says whether a backup can be restored.
    """
    path = os.fspath(path)
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise CampaignFileError(f"{path}: cannot read the campaign file ({e.strerror or e}){_backup_hint(path)}") \
            from None
    try:
        return campaign_from_text(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise CampaignFileError(f"{path}: not a UTF-8 text file: the file is damaged{_backup_hint(path)}") from None
    except CampaignError as e:
        raise CampaignFileError(f"{path}: {e}{_backup_hint(path)}") from None


def _backup_hint(path: str) -> str:
    bak = path + BACKUP_SUFFIX
    if not os.path.exists(bak):
        return "\nNo backup exists (" + bak + ")."
    try:
        good = campaign_from_text(_read_text(bak))
    except (OSError, UnicodeDecodeError, CampaignError):
        return f"\nThe backup {bak} does not load either."
    return (f"\nA backup of the previous version exists: {bak} (game {good.games}, era {good.era}, "
            f"{good.n_cards} cards). To restore it: df-env campaign restore {path}")


def _read_text(path: str) -> str:
    with open(path, "rb") as f:
        return f.read().decode("utf-8")


def _loads_ok(data: bytes) -> bool:
    try:
        campaign_from_text(data.decode("utf-8"))
    except (OSError, UnicodeDecodeError, CampaignError):
        return False
    return True


# ---------------------------------------------------------------------------------------------- writing
def save_campaign(campaign: Campaign, path: str | os.PathLike[str]) -> None:
    """Write ``campaign`` to ``path`` atomically, keeping the previous good version as ``path + ".bak"``.

    The document is the one ``Campaign.record`` composed and checked to read back exactly (composed once per game);
    the text is checked to parse back to that document before anything touches the disk. Raises
    :class:`CampaignFileError` if the campaign cannot be written (the file then still holds a complete version).
    """
    path = os.fspath(path)
    try:
        doc = signed(campaign.document())
    except CampaignError as e:
        raise CampaignFileError(f"{path}: the campaign does not survive its own format ({e}); nothing was "
                                f"written") from None
    text = document_to_text(doc)
    if json.loads(text) != doc:
        raise CampaignFileError(f"{path}: the campaign's text does not read back to its document; nothing was written")
    try:
        _keep_previous(path)
        _atomic_write(path, text.encode("utf-8"))
    except OSError as e:
        raise CampaignFileError(f"{path}: the campaign could not be written ({e.strerror or e}); the file holds "
                                f"the previous version, or the new one if only the final directory sync failed") from e


def _keep_previous(path: str) -> None:
    """The file about to be replaced becomes the backup if it loads; otherwise it is kept as ``.damaged`` and the
    backup (the last good version) stays."""
    if not os.path.exists(path):
        return
    with open(path, "rb") as f:
        data = f.read()
    _atomic_write(path + BACKUP_SUFFIX if _loads_ok(data) else unique_name(path + DAMAGED_SUFFIX), data)


def _atomic_write(path: str, data: bytes) -> None:
    """Write ``data`` to a temporary file beside ``path``, fsync it, rename it over ``path``, fsync the directory.
    On any error the temporary file is removed and ``path`` is untouched."""
    folder = os.path.dirname(os.path.abspath(path))
    tmp = os.path.join(folder, f".{os.path.basename(path)}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)  # the user's umask applies, as for open()
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        with contextlib.suppress(FileNotFoundError):
            os.chmod(tmp, stat.S_IMODE(os.stat(path).st_mode))  # the replaced file's mode is kept
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_dir(folder)


def _fsync_dir(folder: str) -> None:
    """Make the rename itself durable (POSIX; Windows has no directory handles to sync)."""
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def restore_backup(path: str | os.PathLike[str]) -> Campaign:
    """Replace a damaged campaign at ``path`` by its backup (after checking that the backup loads). Returns the
    restored campaign; see :func:`restore_backup_kept` for where the replaced file went."""
    return restore_backup_kept(path)[0]


def restore_backup_kept(path: str | os.PathLike[str]) -> tuple[Campaign, str | None]:
    """Restore the backup of ``path`` and return ``(campaign, kept)``: ``kept`` is the new unique name under which
    the replaced file was kept (``path.damaged``, ``path.damaged.1`` ...; None when there was no file).

    Nothing is ever destroyed: a current file that loads is not replaced (:class:`CampaignFileError` says so: it
    is the newest good version and the backup is older), and every displaced file gets a name of its own."""
    path = os.fspath(path)
    bak = path + BACKUP_SUFFIX
    if os.path.exists(path):
        try:
            current = campaign_from_text(_read_text(path))
        except (OSError, UnicodeDecodeError, CampaignError):
            current = None
        if current is not None:
            raise CampaignFileError(f"{path}: the campaign loads fine ({current!r}); nothing was restored. The "
                                    f"backup {bak} is an older version: copy it by hand if you really want it")
    try:
        text = _read_text(bak)
        campaign = campaign_from_text(text)
    except (OSError, UnicodeDecodeError, CampaignError) as e:
        raise CampaignFileError(f"{bak}: the backup cannot be restored: {e}") from None
    kept = None
    if os.path.exists(path):
        with open(path, "rb") as f:
            kept = unique_name(path + DAMAGED_SUFFIX)
            _atomic_write(kept, f.read())
    _atomic_write(path, text.encode("utf-8"))
    return campaign, kept


def unique_name(path: str) -> str:
    """``path`` if no file has that name, else ``path.1``, ``path.2`` ...: a displaced file never overwrites another."""
    if not os.path.lexists(path):
        return path
    k = 1
    while os.path.lexists(f"{path}.{k}"):
        k += 1
    return f"{path}.{k}"


# ---------------------------------------------------------------------------------------------- one writer
@contextlib.contextmanager
def campaign_lock(path: str | os.PathLike[str]) -> Iterator[None]:
    """Hold an exclusive advisory lock on the campaign at ``path`` (``path + ".lock"``), or raise
    :class:`CampaignFileError` at once if another process holds it. The lock dies with the process."""
    try:
        import fcntl
    except ImportError:  # Windows: no advisory locks; one writer is the user's responsibility
        yield
        return
    lock_path = os.fspath(path) + LOCK_SUFFIX
    try:
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o666)
    except FileNotFoundError:
        raise CampaignFileError(f"{os.fspath(path)}: the folder {os.path.dirname(os.path.abspath(lock_path))} does "
                                f"not exist; create it or give another path") from None
    except OSError as e:
        raise CampaignFileError(f"{os.fspath(path)}: cannot create the lock file {lock_path} "
                                f"({e.strerror or e}): the folder is read-only or full, so no game was played; "
                                f"fix the permissions or free space and play again") from None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise CampaignFileError(f"{os.fspath(path)}: the campaign is in use by another process "
                                    f"(lock {lock_path})") from None
        remove_stale_temps(path)
        yield
    finally:
        os.close(fd)


# ---------------------------------------------------------------------------------------------- hardening
def stale_temps(path: str | os.PathLike[str]) -> list[str]:
    """This campaign's own temporary files (``.<name>[.bak|.damaged[.k]].<pid>.<hex>.tmp``) left by a killed
    writer."""
    path = os.path.abspath(os.fspath(path))
    folder, base = os.path.split(path)
    pattern = re.compile(r"\." + re.escape(base) + r"(\.bak|\.damaged(\.\d+)?)?\.\d+\.[0-9a-f]{8}\.tmp\Z")
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    return [os.path.join(folder, n) for n in names if pattern.match(n)]


def remove_stale_temps(path: str | os.PathLike[str]) -> list[str]:
    """Delete this campaign's stale temporary files; called with the campaign's lock held (no writer of it is
    running, so every such file is an orphan). Returns the paths removed."""
    removed = []
    for tmp in stale_temps(path):
        with contextlib.suppress(OSError):
            os.unlink(tmp)
            removed.append(tmp)
    return removed


def check_writable(path: str | os.PathLike[str]) -> None:
    """Raise :class:`CampaignFileError` now if a save of the campaign at ``path`` would fail: its folder is not
    writable, the file is immutable or read-only to us, or the disk cannot hold another copy of it (a probe file
    of the campaign's size is written, synced and removed)."""
    path = os.fspath(path)
    folder = os.path.dirname(os.path.abspath(path))
    try:
        size = os.path.getsize(path)
    except OSError:
        size = 0
    if os.path.exists(path) and not os.access(path, os.W_OK):
        raise CampaignFileError(f"{path}: the file is read-only or immutable, so no game could be saved; make it "
                                f"writable (chmod u+w, or chattr -i) and play again. Nothing was played")
    tmp = os.path.join(folder, f".{os.path.basename(path)}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(b"\0" * (2 * size + 65536))  # the new version and the backup, with room to grow
                f.flush()
                os.fsync(f.fileno())
        finally:
            os.unlink(tmp)
    except OSError as e:
        raise CampaignFileError(f"{path}: the campaign could not be saved here ({e.strerror or e}: the folder "
                                f"{folder} is read-only or full), so no game was played; free space or fix the "
                                f"permissions and play again") from None


def resign(path: str | os.PathLike[str]) -> Campaign:
    """Validate a hand-edited campaign file field by field (ignoring its checksum) and write it back with a new
    checksum, atomically. Raises :class:`CampaignFileError` naming the field if the content is invalid (then
    nothing is written)."""
    path = os.fspath(path)
    try:
        doc = json.loads(_read_text(path), object_pairs_hook=_no_duplicates)
        check_header(doc)
        doc.pop("checksum", None)
        campaign = Campaign.from_dict(doc)
    except OSError as e:
        raise CampaignFileError(f"{path}: cannot read the campaign file ({e.strerror or e})") from None
    except UnicodeDecodeError:
        raise CampaignFileError(f"{path}: not a UTF-8 text file") from None
    except (json.JSONDecodeError, RecursionError, ValueError) as e:
        raise CampaignFileError(f"{path}: not re-signed: {e}") from None
    try:
        _atomic_write(path, campaign_to_text(campaign).encode("utf-8"))
    except OSError as e:
        raise CampaignFileError(f"{path}: could not be written ({e.strerror or e}); the file is unchanged") from None
    return campaign
