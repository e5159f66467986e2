"""The Journey's tagged-union base: the library's one, :class:`tabletop_core._tagged_union.TaggedUnion`.

The Journey's stages, choices and events derive from it; it lives in the core, shared with
the d20 encounter's actions and events.
"""

from tabletop_core._tagged_union import TaggedUnion

__all__ = ["TaggedUnion"]
