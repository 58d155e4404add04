# The referee REST service: gunicorn on port 8000, SQLite in /app/var unless DATABASE_URL.
# Mirrors `make run`: `referee serve` migrates, creates a first admin key when the
# database has none (stored in var/dev-admin-key, mode 0600; the log names only the
# file), then execs gunicorn with gunicorn.conf.py.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    REFEREE_BIND=0.0.0.0:8000 \
    REFEREE_RULES_KB=/app/rules_kb

WORKDIR /app
COPY pyproject.toml setup.py README.md gunicorn.conf.py ./
COPY referee ./referee
COPY rules_kb ./rules_kb
# gcc builds the compiled search engine (referee/rulings/search/_engine.c), then goes
RUN apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev \
    && pip install --no-compile . \
    && apt-get purge -y gcc libc6-dev && apt-get autoremove -y && rm -rf /var/lib/apt/lists/* \
    && useradd --create-home --uid 10001 referee \
    && mkdir -p /app/var && chown referee:referee /app/var

USER referee
EXPOSE 8000
VOLUME ["/app/var"]
HEALTHCHECK --interval=30s --timeout=3s --start-period=20s --retries=3 \
    CMD python -c "import urllib.request,sys; sys.exit(urllib.request.urlopen('http://127.0.0.1:8000/health', timeout=2).status != 200)"

CMD ["referee", "serve", "--bind", "0.0.0.0:8000"]
