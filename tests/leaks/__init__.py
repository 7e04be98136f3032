"""The adversarial leak suite: random games over HTTP, everything each viewer can reach, and an
attacker that tries to recover hidden facts from it (see tests/leaks/test_leaks.py)."""
