"""The rules-checker framework: named checks in registries, run after the schema passes."""

from generator.checks.registry import Check, Registry, Reporter, run_checks

__all__ = ["Check", "Registry", "Reporter", "run_checks"]
