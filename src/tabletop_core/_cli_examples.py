"""The examples every ``tabletop`` command shows at the end of its ``--help``: one table, one place.

Keyed by the command as typed after ``tabletop`` (``"odds roll"``, ``"residue stars"``); the
parser builder (:func:`tabletop_core.cli.build_parser`) hands each command its lines. A
system adding a command adds a line here; ``tests/core/test_cli_examples.py`` fails for a
command without one and runs every example in a scratch folder (a file named in
:data:`SAMPLE_FILES`, such as ``starforged.json``, is a copy of the sample of that kind in
``docs/examples/``, so an example may change it; any other file an example writes stays there).
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["EXAMPLES", "SAMPLE_FILES"]

EXAMPLES: Mapping[str, tuple[str, ...]] = {
    "demo": ("tabletop demo", "tabletop demo --seed 7"),
    "odds": ("tabletop odds die d8", "tabletop odds roll 2d6+3", "tabletop odds action --stat 2"),
    "odds die": ("tabletop odds die d8", "tabletop odds die d% --json"),
    "odds roll": ('tabletop odds roll "4d6kh3"', 'tabletop odds roll "1d20+@str" --var str=3'),
    "odds action": ("tabletop odds action --stat 2", "tabletop odds action --stat 2 --momentum 6 --burn"),
    "odds progress": ("tabletop odds progress --score 7", "tabletop odds progress --rank dangerous --ticks 20"),
    "odds test": ("tabletop odds test --stakes high --modifier 5 --fortune",),
    "odds contest": ("tabletop odds contest --actor-trait 1 --target-trait 1",),
    "odds residue": ("tabletop odds residue d10", "tabletop odds residue d8 --slot attack --luck d6"),
    "roll": (
        'tabletop roll "4d6kh3"',
        'tabletop roll "2d20kh1+3 [advantage]" --seed 7',
        'tabletop roll "1d20+@str vs 15" --var str=3 --dice 12',
    ),
    "action": ("tabletop action --stat 2 --seed 7", "tabletop action --stat 2 --momentum 6 --burn --dice 4,3,8"),
    "progress": ("tabletop progress --score 7 --seed 7", "tabletop progress --rank dangerous --ticks 20"),
    "oracle": (
        "tabletop oracle --odds likely --seed 7",
        "tabletop oracle table --data starforged.json",
    ),
    "move": ("tabletop move --data starforged.json",),
    "test": (
        "tabletop test --stakes mid --modifier 3 --fortune --seed 7",
        "tabletop test --stakes high --kind save --dice 14",
    ),
    "contest": ("tabletop contest --actor-trait 2 --target-trait 1 --actor-modifier 3 --seed 7",),
    "condition": ("tabletop condition staggered", 'tabletop condition "off guard" --json'),
    "encounter": ("tabletop encounter fight.json --seed 7",),
    "residue": ("tabletop residue stars d8 --seed 7", "tabletop residue luck d6 --seed 7"),
    "residue journey": ("tabletop residue journey --seed 7", "tabletop residue journey --policy greedy --days 5"),
    "residue simulate": ("tabletop residue simulate --runs 50 --seed 7",),
    "residue stars": ("tabletop residue stars d8 --seed 7", "tabletop residue stars d8 --slot attack --luck d6"),
    "residue luck": ("tabletop residue luck d6 --seed 7", "tabletop residue luck d6 --action --dice 5"),
    "residue inventory": ("tabletop residue inventory food d8 --seed 7",),
    "character": ("tabletop character show kira.json", "tabletop character new ana.json --stats 3,2,2,1,1 --name Ana"),
    "character new": ("tabletop character new ana.json --stats 3,2,2,1,1 --name Ana",),
    "character show": ("tabletop character show kira.json", "tabletop character show kira.json --json"),
    "character add-asset": ("tabletop character add-asset kira.json Skiff --data starforged.json",),
    "character refresh": ("tabletop character refresh kira.json --data starforged.json",),
    "character mark": ('tabletop character mark kira.json "Ember Fox" 3',),
    "character attach": ('tabletop character attach kira.json "Sensor Mast" Longboat',),
    "character set": ("tabletop character set kira.json momentum 5", "tabletop character set kira.json health 3"),
    "character vow": ('tabletop character vow kira.json "Reach the Forge" --rank formidable',),
    "character progress": ('tabletop character progress kira.json "Find the fleet" --times 2',),
    "classic": ("tabletop classic show ash.json", "tabletop classic new kai.json --stats 3,2,2,1,1 --name Kai"),
    "classic new": ("tabletop classic new kai.json --stats 3,2,2,1,1 --name Kai",),
    "classic show": ("tabletop classic show ash.json", "tabletop classic show ash.json --json"),
    "classic vow": (
        'tabletop classic vow ash.json "Slay the wyrm" --rank extreme',
        'tabletop classic vow ash.json "The Sunken Halls" --rank formidable --kind delve',
    ),
    "classic progress": ('tabletop classic progress ash.json "Avenge my kin" --times 2',),
    "classic move": (
        'tabletop classic move ash.json "Face Danger" --data classic.json --option edge --seed 7',
        'tabletop classic move ash.json "Fulfill Your Vow" --data classic.json --track "Avenge my kin" --dice 3,4',
    ),
    "classic hold": (
        'tabletop classic hold ash.json "Find an Opportunity" --data classic.json --data delve.json --outcome strong',
    ),
    "classic debility": ("tabletop classic debility ash.json shaken", "tabletop classic debility ash.json wounded"),
    "classic set": ("tabletop classic set ash.json supply 3", "tabletop classic set ash.json momentum 6"),
    "classic bond": ("tabletop classic bond ash.json Orla",),
    "classic advance": ("tabletop classic advance ash.json --upgrade", "tabletop classic advance ash.json --asset"),
}
"""Each command's examples, as a player types them."""

SAMPLE_FILES: Mapping[str, str] = {
    "starforged.json": "docs/examples/mini-starforged.json",
    "fight.json": "docs/examples/fight.json",
    "kira.json": "docs/examples/kira.json",  # a character file (made with `tabletop character new` and add-asset)
    "ash.json": "docs/examples/ash.json",  # a Classic character (made with `tabletop classic new`, vow, progress, move)
    "classic.json": "docs/examples/mini-classic.json",
    "delve.json": "docs/examples/mini-delve.json",
}
"""The file an example names -> the sample in the repository its test runs on."""
