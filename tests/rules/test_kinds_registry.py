"""The registry of infraction kinds (referee.core.kinds) is the one source for each kind."""

from __future__ import annotations

import pytest

from referee.core.kinds import KINDS, Kind, Origin
from referee.rules.catalogue import default_catalogue
from referee.rules.messages import default_messages
from referee.rulings.judges import JUDGES


def test_every_kind_is_declared_once_in_registry_order() -> None:
    assert list(KINDS) == list(Kind)


@pytest.mark.parametrize("kind", list(Kind), ids=str)
def test_every_kind_has_clauses_that_exist_in_the_catalogue(kind: Kind) -> None:
    spec = KINDS[kind]
    cat = default_catalogue()
    cited = (*spec.cites, *spec.clauses, *(c for cs in spec.by_phase.values() for c in cs))
    assert spec.cites and spec.clauses
    assert [c for c in cited if c not in cat] == []
    assert all(kind in cat.get(c).kinds for c in spec.clauses)


@pytest.mark.parametrize("kind", list(Kind), ids=str)
def test_every_kind_has_its_messages_in_three_languages(kind: Kind) -> None:
    messages = default_messages()
    assert [k for k in KINDS[kind].messages if not messages.has(k)] == []


def test_every_kind_message_in_the_file_is_declared_by_its_kind() -> None:
    declared = {m for spec in KINDS.values() for m in spec.messages}
    in_file = {k for k in default_messages().messages if k.split(".")[0] in set(Kind)}
    assert in_file == declared


@pytest.mark.parametrize("kind", list(Kind), ids=str)
def test_every_replayer_kind_has_a_judge(kind: Kind) -> None:
    assert (kind in JUDGES) == (KINDS[kind].origin is Origin.IRREGULARITY)


def test_the_catalogue_takes_kinds_only_from_the_registry() -> None:
    by_registry = {(k.value, c) for k, s in KINDS.items() for c in s.clauses}
    in_catalogue = {(k, c.id) for c in default_catalogue() for k in c.kinds}
    assert in_catalogue == by_registry
