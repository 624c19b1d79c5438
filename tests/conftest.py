"""Test-wide settings.

Hypothesis: under CI (``CI`` set, as ``.ci/run`` runs) examples are drawn
derandomized, so a red CI run is reproducible by running the same commit again;
on a developer's machine they stay random, to keep exploring new cases. Either
way a failure prints the example and the seed to replay it.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("dev", deadline=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))
