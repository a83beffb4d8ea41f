"""Every rule id of Galactic Civ's RULES.md has a scenario test, and docs/galactic_civ/coverage.md lists them."""

from __future__ import annotations

from tools import gc_coverage


def test_every_rule_id_has_a_test() -> None:
    missing = [rule for rule, tests in gc_coverage.tests_by_id().items() if not tests]
    assert missing == []


def test_coverage_doc_is_up_to_date() -> None:
    assert gc_coverage.DOC_PATH.read_text() == gc_coverage.generate(), "run python -m tools.gc_coverage"
