"""Settings of the whole suite."""

import pytest
from hypothesis import HealthCheck, settings

# A loaded machine makes the suite slower, never red (issue 25): no example has a deadline
# and slow data generation is no failure, whatever else a test's own settings say. The example
# database (.hypothesis/) is shared by pytest-xdist's workers, which is safe: each test runs in
# one worker, and the database writes every entry to a temporary file renamed into place.
settings.register_profile("dealer", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("dealer")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A test marked `sqlite_only` (it reads the SQLite file or its writer itself) keeps its
    SQLite variant only."""
    kept, dropped = [], []
    for item in items:
        params = getattr(item, "callspec", None)
        on_postgres = params is not None and params.params.get("store") == "postgres"
        (dropped if on_postgres and item.get_closest_marker("sqlite_only") else kept).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept
