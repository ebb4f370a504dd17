"""Settings of the whole suite."""

from hypothesis import HealthCheck, settings

# A loaded machine makes the suite slower, never red (issue 25): no example has a deadline
# and slow data generation is no failure, whatever else a test's own settings say. The example
# database (.hypothesis/) is shared by pytest-xdist's workers, which is safe: each test runs in
# one worker, and the database writes every entry to a temporary file renamed into place.
settings.register_profile("dealer", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("dealer")
