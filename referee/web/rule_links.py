"""Clause numbers inside a rule text as links to their clause, titled with its title.

>>> titles = {"ISkO 4.1.3": "Lead", "ISkO 3.3.9": "See"}
>>> str(linked("nach 4.1.3 bis 4.9.9 <b>", "ISkO", titles.get, lambda i: "/r/" + i))
'nach <a class="ref" href="/r/ISkO 4.1.3" title="Lead">4.1.3</a> bis 4.9.9 &lt;b&gt;'
>>> str(linked("(ISkO 3.3.9, 4.1.3)", "SkWO", titles.get, lambda i: ""))
'(<a class="ref" href="" title="See">ISkO 3.3.9</a>, <a class="ref" href="" title="Lead">4.1.3</a>)'
"""

from __future__ import annotations

import re
from collections.abc import Callable

from markupsafe import Markup, escape

_REF = re.compile(r"\b(?:(ISkO|SkWO)\s+)?(\d+\.\d+(?:\.\d+)*)\b")


def linked(
    text: str,
    document: str,
    title_of: Callable[[str], str | None],
    href: Callable[[str], str],
) -> Markup:
    """``text`` escaped, each clause number that names a clause made a link.

    A bare number belongs to the document last named before it in the text, else to
    ``document`` (the clause's own): "SkWO 9.10 und ISkO 4.5.10", "(ISkO 3.3.9, 4.2.8)".
    """
    out: list[str] = []
    last, current = 0, document
    for m in _REF.finditer(text):
        current = m.group(1) or current
        clause_id = f"{current} {m.group(2)}"
        title = title_of(clause_id)
        if title is None:
            continue
        out.append(str(escape(text[last : m.start()])))
        out.append(
            f'<a class="ref" href="{escape(href(clause_id))}" title="{escape(title)}">'
            f"{escape(m.group(0))}</a>"
        )
        last = m.end()
    out.append(str(escape(text[last:])))
    return Markup("".join(out))
