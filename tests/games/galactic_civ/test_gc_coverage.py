"""Every rule id of Galactic Civ's RULES.md has a scenario test, and docs/galactic_civ/coverage.md lists them."""

from __future__ import annotations

from df_env.games.galactic_civ.tools import coverage as gc_coverage


def test_every_rule_id_has_a_test() -> None:
    missing = [rule for rule, tests in gc_coverage.tests_by_id().items() if not tests]
    assert missing == []


def test_coverage_doc_is_up_to_date() -> None:
    assert gc_coverage.DOC_PATH.read_text() == gc_coverage.generate(), (
        "run python -m df_env.games.galactic_civ.tools.coverage")


def test_generated_docs_are_up_to_date() -> None:
    from df_env.games.galactic_civ.tools import docs as gc_docs

    for name, make in gc_docs.GENERATED.items():
        assert (gc_docs.DOCS / name).read_text() == make(), (
            f"run python -m df_env.games.galactic_civ.tools.docs ({name} is stale)")
