"""The d20 Stakes system: Stakes tests, Fortune/Misfortune, Conditions: not built yet."""

__all__: list[str] = []
