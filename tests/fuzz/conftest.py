"""Print what the fuzzer did (steps, games, speed) at the end of the run."""

from __future__ import annotations


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    from .test_fuzz import FIGURES

    if FIGURES:
        terminalreporter.section("rules fuzzing")
        for line in FIGURES:
            terminalreporter.write_line(line)
