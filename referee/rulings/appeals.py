"""Appeals to the Skat court: is an appeal in time, and what did the new ruling change?

Admissibility (ISkO 4.5.10, SkWO 7.3.3, SkWO 9.10): an objection to a referee's decision
must reach the referee committee before the next series starts; after the event's last
series, the Spanish SkWO 9.10 allows 15 minutes after its end. SkWO 7.3.3 asks for a
written appeal on a question of the rules, so the grounds must not be empty.

The tournament schedule comes from the dispute's ``meta`` (the ``meta`` object of the
``skat-log/1`` record, merged with the dispute's own ``meta``). The keys read here:

- ``next_series_starts_at`` -- ISO-8601 time the series after the disputed game starts;
  the appeal must be lodged strictly before it.
- ``last_series`` -- ``true`` when the disputed game was played in the event's last series.
- ``series_ends_at`` -- ISO-8601 time the disputed game's series ended; for the last
  series the appeal must be lodged at most 15 minutes after it.

Times without a UTC offset are read as UTC. When the schedule needed for the decision is
missing, the answer is ``unverified``: the appeal is accepted (the court, who lodges it,
is the body that checks the deadline on paper) and ``missing`` names the keys that would
have let the service decide.

>>> from datetime import datetime, timezone
>>> meta = {"next_series_starts_at": "2026-05-02T14:00:00+02:00"}
>>> check_admissibility(datetime(2026, 5, 2, 11, 30, tzinfo=timezone.utc), meta).status
'admissible'
>>> check_admissibility(datetime(2026, 5, 2, 12, 30, tzinfo=timezone.utc), meta).status
'late'
>>> check_admissibility(datetime(2026, 5, 2, 12, 30, tzinfo=timezone.utc), {}).missing
('next_series_starts_at', 'last_series')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from referee.core.errors import InvalidInput
from referee.core.vocabulary import Language, Word
from referee.rules.messages import default_messages

#: the clauses every admissibility decision cites
ADMISSIBILITY_CLAUSES: tuple[str, ...] = ("ISkO 4.5.10", "SkWO 7.3.3", "SkWO 9.10")
#: grace period after the end of the event's last series (Spanish SkWO 9.10)
LAST_SERIES_GRACE = timedelta(minutes=15)

#: meta keys read by :func:`check_admissibility`
NEXT_SERIES_KEY = "next_series_starts_at"
LAST_SERIES_KEY = "last_series"
SERIES_END_KEY = "series_ends_at"

#: ruling fields compared by :func:`compare_rulings` (texts are left out: they depend on
#: the language, not on the decision)
COMPARED_FIELDS: tuple[str, ...] = (
    "outcome",
    "declarer",
    "contract",
    "bid",
    "matadors",
    "multiplier",
    "game_value",
    "overbid",
    "score",
    "tournament_points",
    "card_points",
    "tricks",
    "ended",
    "infractions",
    "citations",
    "rules",
)
_TEXT_KEYS = frozenset({"explanation", "title", "summary", "text", "reason_text"})


#: the reasons an admissibility decision gives, by name: their texts are
#: ``console.appeal.reason.<name>`` (rules_kb/messages); the English one is stored
REASON_NAMES: tuple[str, ...] = (
    "last_series_end_unknown",
    "within_grace",
    "after_grace",
    "before_next_series",
    "after_next_series",
    "no_schedule",
    "unreadable",
)
_UNREADABLE_KEYS = (NEXT_SERIES_KEY, SERIES_END_KEY)


def _reason(name: str, lang: Language = Language.EN, **params: str) -> str:
    return default_messages().render(f"console.appeal.reason.{name}", params, lang)


def reason_in(reason: str | None, lang: Language) -> str | None:
    """A stored admissibility reason (English) said in ``lang``; a reason this service
    does not give is left as it is.

    >>> reason_in("lodged before the next series started", Language.DE)
    'vor Beginn der nächsten Serie eingelegt'
    >>> reason_in("meta.series_ends_at in the dispute is not an ISO-8601 time", Language.ES)
    'meta.series_ends_at de la disputa no es una hora ISO 8601'
    """
    if reason is None:
        return None
    for name in REASON_NAMES:
        if name == "unreadable":
            for key in _UNREADABLE_KEYS:
                if reason == _reason(name, key=key):
                    return _reason(name, lang, key=key)
        elif reason == _reason(name):
            return _reason(name, lang)
    return reason


class AppealError(InvalidInput):
    """An appeal that cannot be heard (late, no grounds, bad time)."""

    code = "appeal.invalid"


class LateAppeal(AppealError):
    """An appeal lodged after its deadline (``where`` names the deadline)."""

    code = "appeal.late"


class Verdict(Word):
    """Whether an appeal came in time."""

    ADMISSIBLE = "admissible"
    LATE = "late"
    UNVERIFIED = "unverified"


@dataclass(frozen=True)
class Admissibility:
    """The answer on admissibility: ``admissible``, ``late`` or ``unverified``."""

    status: Verdict
    reason: str
    deadline: datetime | None = None
    missing: tuple[str, ...] = ()
    clauses: tuple[str, ...] = field(default=ADMISSIBILITY_CLAUSES)

    @property
    def accepted(self) -> bool:
        """Whether the court may hear the appeal (``unverified`` counts as accepted)."""
        return self.status is not Verdict.LATE

    def to_dict(self) -> dict[str, Any]:
        """JSON form (deadline as ISO-8601 or ``None``)."""
        return {
            "status": self.status,
            "reason": self.reason,
            "deadline": self.deadline.isoformat() if self.deadline else None,
            "missing": list(self.missing),
            "clauses": list(self.clauses),
        }


def parse_time(value: Any, *, name: str) -> datetime:
    """Read an ISO-8601 time; a time without offset is taken as UTC.

    >>> parse_time("2026-05-02T14:00:00", name="x").isoformat()
    '2026-05-02T14:00:00+00:00'
    """
    if isinstance(value, datetime):
        moment = value
    elif isinstance(value, str):
        try:
            moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            raise AppealError(
                f"{name} is not an ISO-8601 time: {value!r}",
                code="appeal.bad_time",
                where={"field": name},
                params={"name": name, "value": repr(value)[:40]},
            ) from None
    else:
        raise AppealError(
            f"{name} must be an ISO-8601 time string",
            code="appeal.bad_time",
            where={"field": name},
            params={"name": name, "variant": "type"},
        )
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def check_admissibility(lodged_at: datetime, meta: Mapping[str, Any]) -> Admissibility:
    """Decide whether an appeal lodged at ``lodged_at`` is in time under ``meta``'s schedule."""
    lodged = parse_time(lodged_at, name="lodged_at")
    if meta.get(LAST_SERIES_KEY) is True:
        if meta.get(SERIES_END_KEY) is None:
            return Admissibility(
                Verdict.UNVERIFIED,
                _reason("last_series_end_unknown"),
                missing=(SERIES_END_KEY,),
            )
        end = _meta_time(meta, SERIES_END_KEY)
        if end is None:
            return _unreadable(SERIES_END_KEY)
        last_deadline = _after(end, LAST_SERIES_GRACE)
        if lodged <= last_deadline:
            return Admissibility(Verdict.ADMISSIBLE, _reason("within_grace"), last_deadline)
        return Admissibility(Verdict.LATE, _reason("after_grace"), last_deadline)
    if meta.get(NEXT_SERIES_KEY) is not None:
        deadline = _meta_time(meta, NEXT_SERIES_KEY)
        if deadline is None:
            return _unreadable(NEXT_SERIES_KEY)
        if lodged < deadline:
            return Admissibility(Verdict.ADMISSIBLE, _reason("before_next_series"), deadline)
        return Admissibility(Verdict.LATE, _reason("after_next_series"), deadline)
    return Admissibility(
        Verdict.UNVERIFIED,
        _reason("no_schedule"),
        missing=(NEXT_SERIES_KEY, LAST_SERIES_KEY),
    )


def appeal_deadline(meta: Mapping[str, Any]) -> datetime | None:
    """The last moment an appeal is in time under ``meta``'s schedule (the rule of
    :func:`check_admissibility`); None when the schedule does not say.

    Before the next series: an appeal lodged at the deadline itself is late (it must come
    strictly before); after the last series, one lodged at the deadline is in time.

    >>> appeal_deadline({"next_series_starts_at": "2026-05-02T14:00:00+02:00"}).isoformat()
    '2026-05-02T14:00:00+02:00'
    >>> last = {"last_series": True, "series_ends_at": "2026-05-02T18:00:00+02:00"}
    >>> appeal_deadline(last).isoformat()
    '2026-05-02T18:15:00+02:00'
    >>> appeal_deadline({}) is None
    True
    """
    if meta.get(LAST_SERIES_KEY) is True:
        if meta.get(SERIES_END_KEY) is None:
            return None
        end = _meta_time(meta, SERIES_END_KEY)
        return None if end is None else _after(end, LAST_SERIES_GRACE)
    if meta.get(NEXT_SERIES_KEY) is not None:
        return _meta_time(meta, NEXT_SERIES_KEY)
    return None


def _after(moment: datetime, delay: timedelta) -> datetime:
    """``moment + delay``, or the calendar's last instant when that lies beyond it (a
    schedule stored before submissions were checked must not make an appeal fail).

    >>> _after(datetime(9999, 12, 31, 23, 59, tzinfo=UTC), LAST_SERIES_GRACE).year
    9999
    """
    try:
        return moment + delay
    except OverflowError:
        return datetime.max.replace(tzinfo=UTC)


class ScheduleError(InvalidInput):
    """A dispute's schedule the admissibility check could not read (refused at submission)."""

    code = "schedule.invalid"


def check_schedule(meta: Mapping[str, Any]) -> None:
    """Refuse, at submission, a schedule :func:`check_admissibility` could not read: a time
    that is not ISO-8601 (``"tomorrow 14:00"``), one so near the ends of the calendar that
    its deadline cannot be computed, a ``last_series`` that is not true or false.

    >>> check_schedule({"next_series_starts_at": "2026-05-02T14:00:00+02:00"})
    >>> try:
    ...     check_schedule({"series_ends_at": "tomorrow 14:00"})
    ... except ScheduleError as exc:
    ...     print(exc.code, exc.where)
    schedule.invalid {'field': 'series_ends_at'}
    """
    for key in (NEXT_SERIES_KEY, SERIES_END_KEY):
        value = meta.get(key)
        if value is None:
            continue
        if not isinstance(value, str):
            raise ScheduleError(
                f"{key} must be an ISO-8601 time string",
                where={"field": key},
                params={"name": key, "variant": "type"},
            )
        try:
            moment = parse_time(value, name=key)
            moment.astimezone(UTC) + LAST_SERIES_GRACE  # noqa: B018 - must not overflow
            moment.astimezone(UTC) - LAST_SERIES_GRACE  # noqa: B018
        except AppealError:
            raise ScheduleError(
                f"{key} is not an ISO-8601 time (e.g. 2026-05-02T14:00:00+02:00): {value!r}",
                where={"field": key},
                params={"name": key, "value": repr(value)[:40]},
            ) from None
        except OverflowError:
            raise ScheduleError(
                f"{key} lies too near the end of the calendar: {value!r}",
                where={"field": key},
                params={"name": key, "value": repr(value)[:40], "variant": "calendar"},
            ) from None
    last = meta.get(LAST_SERIES_KEY)
    if last is not None and not isinstance(last, bool):
        raise ScheduleError(
            f"{LAST_SERIES_KEY} must be true or false, not {last!r}",
            where={"field": LAST_SERIES_KEY},
            params={"name": LAST_SERIES_KEY, "value": repr(last)[:40], "variant": "bool"},
        )


def _meta_time(meta: Mapping[str, Any], key: str) -> datetime | None:
    """A schedule time from the stored record's meta; None when it cannot be read (the
    evidence is kept as submitted, so a bad value must not block every appeal)."""
    try:
        return parse_time(meta[key], name=f"meta.{key}")
    except AppealError:
        return None


def _unreadable(key: str) -> Admissibility:
    return Admissibility(Verdict.UNVERIFIED, _reason("unreadable", key=key), missing=(key,))


def require_grounds(grounds: str) -> str:
    """SkWO 7.3.3: an appeal is made in writing on a question of the rules.

    >>> require_grounds("  revoke was claimed too late ")
    'revoke was claimed too late'
    """
    text = grounds.strip()
    if not text:
        raise AppealError(
            "an appeal needs written grounds (SkWO 7.3.3)",
            code="appeal.no_grounds",
            where={"field": "grounds"},
        )
    return text


def _strip_texts(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: _strip_texts(v) for k, v in value.items() if k not in _TEXT_KEYS}
    if isinstance(value, list):
        return [_strip_texts(v) for v in value]
    return value


def _citation_ids(value: Any) -> Any:
    if isinstance(value, list):
        return [c.get("id") if isinstance(c, Mapping) else c for c in value]
    return value


def _walk(path: str, before: Any, after: Any, out: list[dict[str, Any]]) -> None:
    if isinstance(before, Mapping) and isinstance(after, Mapping):
        for key in list(before) + [k for k in after if k not in before]:
            _walk(f"{path}.{key}", before.get(key), after.get(key), out)
    elif before != after:
        out.append({"field": path, "before": before, "after": after})


def compare_rulings(before: Mapping[str, Any], after: Mapping[str, Any]) -> dict[str, Any]:
    """Field-by-field comparison of two ``skat-ruling/1`` documents.

    Objects are compared key by key (paths like ``contract.schneider``), lists as a whole;
    language-dependent texts are ignored and citations are compared by id.

    >>> a = {"outcome": "lost", "score": -48, "contract": {"game": "clubs", "hand": False}}
    >>> b = {"outcome": "won", "score": 24, "contract": {"game": "clubs", "hand": False}}
    >>> diff = compare_rulings(a, b)
    >>> [c["field"] for c in diff["changed"]], "contract" in diff["unchanged"]
    (['outcome', 'score'], True)
    """
    changed: list[dict[str, Any]] = []
    unchanged: list[str] = []
    for name in COMPARED_FIELDS:
        old, new = before.get(name), after.get(name)
        if name == "citations":
            old, new = _citation_ids(old), _citation_ids(new)
        found: list[dict[str, Any]] = []
        _walk(name, _strip_texts(old), _strip_texts(new), found)
        if found:
            changed.extend(found)
        else:
            unchanged.append(name)
    return {"changed": changed, "unchanged": unchanged}
