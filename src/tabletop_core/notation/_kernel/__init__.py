"""The kernel of dice notation: what every dialect shares, and nothing that belongs to one.

Results and their records, the dice-term engine (one loop every dialect's terms run
through), plans and their caches, the dice budget, the exact-odds algebra, the walk
over every path of draws, and the pieces of rendering that do not depend on a grammar.
The kernel imports no dialect: a wing (``_default``, ``_d20``, ``_rdr``) lowers its
tree into the kernel's steps, and the kernel reaches a wing only through
:mod:`.registry`, which the front fills.
"""

__all__: list[str] = []  # a package of modules: each module has its own __all__
