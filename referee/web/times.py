"""Times in the event's time zone (``REFEREE_TIMEZONE``, default Europe/Berlin).

The database and the records keep instants (UTC, or RFC 3339 with an offset); the console
shows every time in the event's zone with its UTC offset, in the language's usual form,
and reads the times a referee types (``datetime-local`` fields, which carry no offset) as
wall-clock times in that zone.

>>> from zoneinfo import ZoneInfo
>>> berlin = ZoneInfo("Europe/Berlin")
>>> winter = datetime(2026, 11, 24, 18, 30, tzinfo=UTC)
>>> summer = datetime(2026, 7, 4, 17, 30, tzinfo=UTC)
>>> format_time(winter, "de", berlin), format_time(summer, "de", berlin)
('24.11.2026 19:30 (+01:00)', '04.07.2026 19:30 (+02:00)')
>>> format_time("2026-11-24T18:30:00+00:00", "es", berlin)
'24/11/2026 19:30 (+01:00)'
>>> read_local_time("2026-07-04T19:30", field="x", zone=berlin)
'2026-07-04T19:30:00+02:00'
"""

from __future__ import annotations

import functools
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from referee.core.vocabulary import Language
from referee.web.i18n import current_language
from referee.web.record_input import ConsoleInputError
from referee.web.services import services

#: date and time per language (the offset follows in brackets)
FORMATS = {"de": "%d.%m.%Y %H:%M", "es": "%d/%m/%Y %H:%M", "en": "%Y-%m-%d %H:%M"}


@functools.lru_cache(maxsize=8)
def zone_named(name: str) -> ZoneInfo:
    """The zone of an IANA name (checked when the settings were read)."""
    return ZoneInfo(name)


def event_zone() -> ZoneInfo:
    """The running app's event zone (``REFEREE_TIMEZONE``)."""
    return zone_named(services().settings.timezone)


def when(value: datetime | str | None) -> str:
    """A time on a console page: the event's zone, the page's language."""
    return format_time(value, current_language(), event_zone())


def offset_text(offset: timedelta | None) -> str:
    """``+01:00``, ``-05:00``, ``+05:30`` (``+00:00`` for UTC).

    >>> offset_text(timedelta(hours=-5)), offset_text(timedelta(hours=5, minutes=30))
    ('-05:00', '+05:30')
    """
    minutes = int((offset or timedelta()).total_seconds() // 60)
    sign = "-" if minutes < 0 else "+"
    hours, mins = divmod(abs(minutes), 60)
    return f"{sign}{hours:02d}:{mins:02d}"


def to_moment(value: datetime | str | None) -> datetime | None:
    """An aware datetime from a stored time (naive ones are UTC); None when unreadable."""
    if value is None:
        return None
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            return None
    return value if value.tzinfo else value.replace(tzinfo=UTC)


def format_time(value: datetime | str | None, lang: Language, zone: ZoneInfo) -> str:
    """A time for people in ``zone``: ``24.11.2026 19:30 (+01:00)`` in German.

    A string that is no time at all is shown as it is (evidence is shown, never hidden).
    """
    if value is None:
        return "—"
    moment = to_moment(value)
    if moment is None:
        return str(value)
    try:
        local = moment.astimezone(zone)
    except (OverflowError, ValueError):  # the calendar's very ends: shown as stored
        return str(value)
    pattern = FORMATS[lang]
    return f"{local.strftime(pattern)} ({offset_text(local.utcoffset())})"


def local_input_value(value: datetime | str | None, zone: ZoneInfo) -> str:
    """A stored time as a ``datetime-local`` field value in ``zone`` (``""`` if none).

    >>> local_input_value("2026-11-24T18:30:00+00:00", ZoneInfo("Europe/Berlin"))
    '2026-11-24T19:30'
    """
    moment = to_moment(value)
    if moment is None:
        return ""
    return moment.astimezone(zone).strftime("%Y-%m-%dT%H:%M")


def read_local_time(value: str, *, field: str, zone: ZoneInfo) -> str | None:
    """A ``datetime-local`` form value read in ``zone``, as RFC 3339 with the zone's
    offset (None when empty); a value with its own offset keeps it.

    A wall time the clock skips when summer time begins does not exist and is refused;
    one it passes twice when it ends is taken as the first (summer time), like the
    zone database does.

    >>> berlin = ZoneInfo("Europe/Berlin")
    >>> read_local_time("2026-10-25T02:30", field="x", zone=berlin)
    '2026-10-25T02:30:00+02:00'
    >>> try:
    ...     read_local_time("2026-03-29T02:30", field="x", zone=berlin)
    ... except ConsoleInputError as err:
    ...     err.code, err.params["zone"]
    ('console.time.skipped', 'Europe/Berlin')
    """
    value = value.strip()
    if not value:
        return None
    try:
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise ConsoleInputError("console.new.bad_time", field=field) from None
    if moment.tzinfo is not None:
        return moment.isoformat()
    local = moment.replace(tzinfo=zone)
    try:
        round_trip = local.astimezone(UTC).astimezone(zone)
    except (OverflowError, ValueError):
        raise ConsoleInputError("console.new.bad_time", field=field) from None
    if round_trip.replace(tzinfo=None) != moment:
        raise ConsoleInputError("console.time.skipped", field=field, zone=zone.key)
    return local.isoformat()
