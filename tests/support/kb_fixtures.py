"""Helpers for the rules_kb tests: a small valid catalogue, written into a directory."""

from __future__ import annotations

from pathlib import Path

import yaml

from referee.rules import catalogue as kb


def clause(cid: str, **extra: object) -> dict:
    """A valid clause entry with three-language title and summary."""
    entry: dict = {
        "id": cid,
        "title": {"en": f"Title {cid}", "de": f"Titel {cid}", "es": f"Título {cid}"},
        "summary": {"en": f"About {cid}.", "de": f"Über {cid}.", "es": f"Sobre {cid}."},
    }
    entry.update(extra)
    return entry


def section_file(document: str, section: str, clauses: list[dict], **top: object) -> dict:
    """A valid section file body."""
    data = {
        "document": document,
        "edition": kb.EDITIONS[document],
        "section": section,
        "title": {"en": "Play", "de": "Spiel", "es": "Juego"},
        "clauses": clauses,
    }
    data.update(top)
    return data


def mini_kb() -> dict[str, dict]:
    """A small but valid catalogue: ISkO 4.1 with 4.1.3-4.1.10, 4.2.3 and SkWO 5.1."""
    isko = [clause("ISkO 4.1", heading=True)]
    isko += [clause(f"ISkO 4.1.{n}", kinds=["false_lead"]) for n in range(3, 11)]
    isko += [
        clause("ISkO 4.2", heading=True),
        clause(
            "ISkO 4.2.3",
            title={
                "en": "Revoke ends the game",
                "de": "Nichtbedienen beendet das Spiel",
                "es": "Servicio falso termina el juego",
            },
            refs=["ISkO 4.1.3", "ISkO 4.1.4", "ISkO 4.1.5", "ISkO 4.1.6"],
            kinds=["revoke"],
        ),
        clause(
            "ISkO 4.2.8",
            title={
                "en": "Skat viewed during play",
                "de": "Skat im Spiel angesehen",
                "es": "Skat visto en el juego",
            },
            summary={
                "en": "Looking at the skat ends the game.",
                "de": "Wer in den Skat schaut, beendet das Spiel.",
                "es": "Mirar el Skat termina el juego; decisión del árbitro.",
            },
            refs=["ISkO 4.2.3"],
            kinds=["skat_viewed"],
        ),
    ]
    skwo = [clause("SkWO 5.1", refs=["ISkO 4.2.8"], sources=["es"], notes="Spanish only.")]
    return {
        "isko-4.yaml": section_file("ISkO", "4", isko),
        "skwo-5.yaml": section_file("SkWO", "5", skwo),
    }


def write_kb(root: Path, files: dict[str, dict | str]) -> Path:
    """Write ``files`` (YAML data or raw text) into ``root``; return ``root``."""
    root.mkdir(parents=True, exist_ok=True)
    for name, body in files.items():
        text = body if isinstance(body, str) else yaml.safe_dump(body, allow_unicode=True)
        (root / name).write_text(text, encoding="utf-8")
    return root
