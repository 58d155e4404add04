"""The ceiling: a bare Flask endpoint that decodes a JSON body and answers small JSON.

Served by gunicorn with the same settings as the referee, it shows what the web stack
alone costs (``bench.ceiling:app``).
"""

from __future__ import annotations

from flask import Flask, jsonify, request

app = Flask("ceiling")


@app.post("/echo")
def echo():  # type: ignore[no-untyped-def]
    """Decode the body and answer how many events it held."""
    doc = request.get_json(force=True)
    return jsonify({"ok": True, "events": len(doc.get("events", []))})
