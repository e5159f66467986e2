"""Dice notation for bots and apps (``4d6kh3``, ``1d20+5 [attack]``): not built yet."""

__all__: list[str] = []
