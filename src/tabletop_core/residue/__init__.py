"""RESIDUE: the Success Table, step dice, inventory, luck, endurance: not built yet."""

__all__: list[str] = []
