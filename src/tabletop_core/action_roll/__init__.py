"""The Ironsworn: Starforged action roll, momentum, progress tracks and oracle: not built yet."""

__all__: list[str] = []
