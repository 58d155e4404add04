"""SQLAlchemy storage for the service: typed models, repositories, Alembic migrations."""
