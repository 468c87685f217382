"""The API against its own OpenAPI schema (schemathesis): no generated request gets a 500.

Every operation of ``/openapi.json`` is driven with the cases schemathesis generates from the
schema (hypothesis); the check is schemathesis' ``not_a_server_error``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

schemathesis = pytest.importorskip("schemathesis", reason="schemathesis is not installed")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from schemathesis.checks import not_a_server_error  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent))
from webtools import serve  # noqa: E402

EXAMPLES = 25


def test_no_server_error_on_any_operation(tmp_path: Path) -> None:
    with serve(tmp_path, solve_timeout=5.0, max_queued=50) as served:
        schema = schemathesis.openapi.from_url(f"{served.url}/openapi.json")
        operations = [result.ok() for result in schema.get_all_operations()]
        assert len(operations) >= 12
        for operation in operations:

            @given(case=operation.as_strategy())
            @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck),
                      derandomize=True, database=None)
            def run(case) -> None:  # type: ignore[no-untyped-def]
                case.call_and_validate(checks=[not_a_server_error], timeout=60)

            run()
