"""A crew: allies who share one supply meter ("If you are playing with allies, you share the same supply value").

"If any of you make a move to increase supply, or suffer the result of an outcome
that forces you to Sacrifice Resources, each of you adjust your supply meter
accordingly." A :class:`Crew` keeps its members' :class:`~tabletop_core.action_roll.Party`
one: a change of supply made through the crew, or on one member (:meth:`Crew.update`),
reaches every member, and so does *unprepared* ("shared with allies").

Examples:
    >>> from tabletop_core.action_roll import Crew, PlayerCharacter, Stats
    >>> kira = PlayerCharacter(Stats(3, 2, 2, 1, 1))
    >>> jax = PlayerCharacter(Stats(1, 3, 2, 2, 1))
    >>> crew = Crew.of(kira, jax, names=("Kira", "Jax")).sacrifice_resources(2)
    >>> [member.party.supply.value for member in crew.members]
    [3, 3]
    >>> print(crew)
    crew of 2 (supply 3/5): Kira; Jax
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_type, of_type
from tabletop_core.action_roll.character import PlayerCharacter
from tabletop_core.action_roll.datasworn import _data
from tabletop_core.action_roll.meters import Party
from tabletop_core.errors import InvalidInput

__all__ = ["Crew"]


@frozen
class Crew(Record):
    """Allies who share one supply meter.

    Attributes:
        party: The shared supply (and *unprepared*).
        members: The characters; each holds the same :attr:`party`, and a name.

    Raises:
        InvalidInput: no members, a member without a name or two with the same,
            or a member whose supply is not the crew's.
    """

    party: Party = attrs.field(validator=of_type(Party))
    members: tuple[PlayerCharacter, ...] = _data.tuple_field(PlayerCharacter)

    def __attrs_post_init__(self) -> None:
        if not self.members:
            raise InvalidInput("a crew needs at least one member")
        names = [member.name for member in self.members]
        if not all(name.strip() for name in names) or len(set(names)) != len(names):
            raise InvalidInput(f"members of a crew need different names, got {names!r}")
        for member in self.members:
            if member.party != self.party:
                raise InvalidInput(f"{member.name} must share the crew's supply ({self.party}), has {member.party}")

    @classmethod
    def of(cls, *members: PlayerCharacter, names: Sequence[str] | None = None) -> Crew:
        """A crew of *members*, sharing the first member's supply (*names* name them, when given).

        Raises:
            InvalidInput: *names* does not name every member, or two members share a name.
        """
        found = [check_type("member", member, PlayerCharacter) for member in members]
        if names is not None:
            if len(names) != len(found):
                raise InvalidInput(f"names must name each of the {len(found)} members, got {len(names)}")
            found = [attrs.evolve(m, sheet=attrs.evolve(m.sheet, name=n)) for m, n in zip(found, names, strict=True)]
        if not found:
            raise InvalidInput("a crew needs at least one member")
        return cls(found[0].party, tuple(found)).with_party(found[0].party)

    def with_party(self, party: Party) -> Crew:
        """The crew with *party* as everyone's supply (and *unprepared* shared with every member)."""
        check_type("party", party, Party)
        members = tuple(
            attrs.evolve(member, party=party, sheet=party.share_with(member.sheet)) for member in self.members
        )
        return Crew(party, members)

    def member(self, name: str) -> PlayerCharacter:
        """The member named *name*.

        Raises:
            InvalidInput: there is none.
        """
        check_type("name", name, str)
        for member in self.members:
            if member.name == name:
                return member
        raise InvalidInput(f"no member named {name!r} (the crew: {', '.join(m.name for m in self.members)})")

    def update(self, member: PlayerCharacter) -> Crew:
        """The crew with *member* (by name) replaced; a change of its supply reaches every member.

        Raises:
            InvalidInput: no member has that name.
        """
        check_type("member", member, PlayerCharacter)
        self.member(member.name)
        others = tuple(member if m.name == member.name else m for m in self.members)
        return Crew(self.party, tuple(attrs.evolve(m, party=self.party) for m in others)).with_party(member.party)

    def sacrifice_resources(self, n: int) -> Crew:
        """Sacrifice Resources (-n supply) for everyone; reaching 0 marks unprepared for everyone."""
        return self.with_party(self.party.sacrifice_resources(n))

    def resupply(self, n: int) -> Crew:
        """Raise everyone's supply by *n* (refused while unprepared is marked)."""
        return self.with_party(self.party.resupply(n))

    def __str__(self) -> str:
        unprepared = ", unprepared" if self.party.unprepared else ""
        return f"crew of {len(self.members)} (supply {self.party.supply.value}/5{unprepared}): " + "; ".join(
            member.name for member in self.members
        )
