"""``referee rules``: read the ISkO/SkWO clause catalogue on the command line.

referee rules                       table of contents
referee rules 4.2.3 --lang de       one clause, in German
referee rules 4.2.3 --refs          the clause and the clauses it points to
referee rules 4.4.4 --edition 2022  the clause numbered 4.4.4 in the 2018/2022 ISkO (4.3.4)
referee rules --search skat viewed  clauses matching the words, best first
referee rules --readings            the readings a rule set can choose (a Markdown table)
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any, TextIO

from referee.core.vocabulary import LANGUAGES, Language

if TYPE_CHECKING:
    from referee.rules.catalogue import Catalogue, Clause

HELP = "print ISkO/SkWO clauses: one by id, a search, or the table of contents"


def register(parser: argparse.ArgumentParser) -> None:
    """Add the ``rules`` arguments and route to :func:`run`."""
    parser.add_argument("id", nargs="?", help='a clause: "4.2.3" (ISkO), "ISkO 4.2.3", "SkWO 5.1"')
    parser.add_argument(
        "--search", nargs="+", metavar="WORD", help="words to look for (best first)"
    )
    parser.add_argument(
        "--lang",
        type=Language,
        choices=LANGUAGES,
        default=Language.EN,
        help="language: en, de or es (default en)",
    )
    parser.add_argument(
        "--refs", action="store_true", help="also print the clauses it cross-references"
    )
    parser.add_argument("--depth", type=int, default=1, help="how far --refs walks (default 1)")
    parser.add_argument(
        "--edition",
        help="read the id as the clause's number in this edition, 1998 or 2022 (default: 1998/99)",
    )
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.add_argument(
        "--readings",
        action="store_true",
        help="print the readings a rule set can choose, with their options",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Print what ``args`` asks for; 2 for an unknown clause, 1 for a broken catalogue."""
    from referee.core.ruleset import Edition, readings_markdown
    from referee.rules.catalogue import CatalogueError, ClauseNotFound, default_catalogue
    from referee.rules.editions import resolve

    out, err = out or sys.stdout, err or sys.stderr
    if getattr(args, "readings", False):
        print(readings_markdown(), end="", file=out)
        return 0
    try:
        catalogue = default_catalogue()
        if args.id and args.search:
            print("referee rules: give a clause id or --search, not both", file=err)
            return 2
        if args.search:
            found = catalogue.search(" ".join(args.search), lang=args.lang)
            if args.json:
                return _dump([_as_dict(c, args.lang) for c in found], out)
            for clause in found:
                print(f"{clause.id:<13} {clause.text(args.lang)[0]}", file=out)
            if not found:
                print(f"no clause matches {' '.join(args.search)!r}", file=err)
            return 0 if found else 1
        if args.id:
            ref = args.id
            if getattr(args, "edition", None):
                known = [e.value for e in Edition]
                if args.edition not in known:
                    print(
                        f"referee rules: unknown edition {args.edition!r}; "
                        f"known: {', '.join(known)}",
                        file=err,
                    )
                    return 2
                ref = resolve(ref, Edition(args.edition))
            else:
                ref, note = _either_number(ref, catalogue)
                if note:
                    print(note, file=err)
            walk = catalogue.walk(ref, args.depth if args.refs else 0)
            if args.json:
                return _dump([_as_dict(c, args.lang) | {"distance": d} for d, c in walk], out)
            for distance, clause in walk:
                if distance == 1 and walk[distance - 1][0] == 0:
                    print(f"\nCross-references of {walk[0][1].id}:", file=out)
                block = format_clause(clause, args.lang)
                print(("\n" if distance else "") + _indent(block, distance), file=out)
            return 0
        return _contents(catalogue, args.lang, args.json, out)
    except ClauseNotFound as exc:
        print(f"referee rules: {exc.message} ({exc.code})", file=err)
        return 2
    except CatalogueError as exc:
        print(f"referee rules: the rules catalogue is invalid ({exc.code}):\n{exc}", file=err)
        return 1


def _either_number(ref: str, catalogue: Catalogue) -> tuple[str, str | None]:
    """The clause ``ref`` names without ``--edition``: its 1998/99 number first; a number
    only the 2018/2022 edition has finds its clause there. The note says which was read,
    and names the other clause when the number is in both editions."""
    from referee.core.ruleset import Edition
    from referee.rules.catalogue import CatalogueError, ClauseNotFound
    from referee.rules.editions import numbering, resolve

    try:
        own = catalogue.get(ref).id
    except ClauseNotFound as missing:
        try:
            found = resolve(ref, Edition.ISKO_2022)
        except (ClauseNotFound, CatalogueError):  # no such number, or no 2022 data here
            raise ClauseNotFound(
                f"{missing.message}, nor in the 2018/2022 numbering", where={"ref": ref}
            ) from None
        return found, f"{ref} is not a 1998/99 number: read as the 2018/2022 number of {found}"
    try:
        later = [r for r in numbering(Edition.ISKO_2022).find(own) if r.id != own]
    except CatalogueError:  # a rules_kb without the 2022 numbering
        later = []
    if later:
        other = later[0]
        how = "" if other.confidence.value == "certain" else f" ({other.confidence.value})"
        return own, (
            f"{own} read as a 1998/99 number; in the 2018/2022 edition {own} is {other.id}"
            f"{how} (--edition 2022)"
        )
    return own, None


def format_clause(clause: Clause, lang: Language = Language.EN) -> str:
    """A clause as a readable block of text."""
    from referee.rules.editions import later_numbers

    title, summary = clause.text(lang)
    lines = [
        f"{clause.id} — {title}" + (" [heading]" if clause.heading else ""),
        f"  edition:  {clause.edition}",
        f"  section:  {' > '.join(clause.section_path)}",
        f"  summary:  {summary}",
    ]
    if clause.refs:
        lines.append(f"  refs:     {', '.join(clause.refs)}")
    if clause.kinds:
        lines.append(f"  kinds:    {', '.join(clause.kinds)}")
    if clause.sources != ("en", "es"):
        lines.append(f"  numbered in: {', '.join(clause.sources)}")
    if clause.notes:
        lines.append(f"  notes:    {clause.notes}")
    lines.extend(f"  {_number_line(n)}" for n in later_numbers(clause.id))
    return "\n".join(lines)


def _number_line(n: dict[str, Any]) -> str:
    """How the clause is numbered in a later edition: ``ISkO 2018/2022: ISkO 4.4.4
    (certain; sources: ...)``, ``... probably ISkO 4.2.3 (inferred; ...)`` or unknown."""
    sources = f"; sources: {', '.join(n['sources'])}" if n["sources"] else ""
    if n["number"] is None:
        return f"{n['name']}: number unknown ({n['confidence']}{sources})"
    probably = "" if n["confidence"] == "certain" else "probably "
    return f"{n['name']}: {probably}{n['number']} ({n['confidence']}{sources})"


def _contents(catalogue: Any, lang: Language, as_json: bool, out: TextIO) -> int:
    if as_json:
        return _dump(
            [{"id": c.id, "title": c.text(lang)[0], "heading": c.heading} for c in catalogue],
            out,
        )
    current = None
    for clause in catalogue:
        section = (clause.document, clause.section_path[0])
        if section != current:
            current = section
            title = catalogue.sections.get(section, {}).get(lang, "")
            print(f"\n{clause.document} {section[1]}  {title}".rstrip(), file=out)
        indent = "  " * (len(clause.section_path) - 1)
        print(f"{indent}{clause.number:<8} {clause.text(lang)[0]}", file=out)
    return 0


def _indent(block: str, distance: int) -> str:
    return "\n".join("    " * max(distance - 1, 0) + line for line in block.splitlines())


def _as_dict(clause: Clause, lang: Language) -> dict[str, Any]:
    from referee.rules.editions import later_numbers

    title, summary = clause.text(lang)
    return {
        "id": clause.id,
        "edition": clause.edition,
        "section_path": list(clause.section_path),
        "heading": clause.heading,
        "title": title,
        "summary": summary,
        "refs": list(clause.refs),
        "kinds": list(clause.kinds),
        "sources": list(clause.sources),
        "notes": clause.notes,
        "file": clause.file,
        "numbers": later_numbers(clause.id),
    }


def _dump(data: Any, out: TextIO) -> int:
    json.dump(data, out, ensure_ascii=False, indent=2)
    out.write("\n")
    return 0
