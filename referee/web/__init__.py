"""The referee console: server-rendered pages over the same services as the API."""
