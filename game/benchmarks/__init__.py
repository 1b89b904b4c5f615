"""Figures for ``python -m game bench``: every module here defines ``measure() -> dict``
whose keys are added to the one JSON object the command prints."""
