"""Ironsworn: Delve: sites built from a theme and a domain, and the moves that explore them.

From the Delve rulebook's moves (Datasworn's Delve data gives their text and tables):

* **Discover a Site**: choose a theme and a domain, give the site a rank; marking
  progress fills 3 boxes (troublesome) .. 1 tick (epic), as any track. Returning to
  a site already explored: "roll both challenge dice, take the lowest value, and
  clear that number of progress boxes" (:meth:`DelveSite.return_to`).
* **Delve the Depths** (+edge, +shadow or +wits): a strong hit marks progress and
  Finds an Opportunity; a weak hit rolls on the move's table for the stat used (its
  rows mark progress, once or twice, find an opportunity or reveal a danger); a miss
  Reveals a Danger (:func:`delve_the_depths`).
* **Find an Opportunity** rolls on its table; **Reveal a Danger** rolls on the
  site's dangers: the theme's danger rows, the domain's, and the move's table for
  the rest (its "check the theme / domain card" rows are the cards' rows).
* **Locate Your Objective** is a progress roll on the site's track; on a miss, if
  you go on, "clear all but one filled progress and raise the site's rank by one".
* A site's **features** are its theme's feature rows and its domain's, one d100
  table; its **denizens** are its denizen matrix.

Everything rolled here is a table of rows on ranges of a d100, built from the
data: the exact odds of each row come from :meth:`OracleTable.odds`.

Examples:
    >>> from tabletop_core.action_roll import Rank
    >>> from tabletop_core.action_roll.datasworn.delve_data import read_site_part
    >>> from tabletop_core.action_roll.delve import DelveSite
    >>> theme = read_site_part({"_id": "t", "name": "Old", "features": [{"min": 1, "max": 20, "text": "Dust"}],
    ...     "dangers": [{"min": 1, "max": 30, "text": "A collapse"}]}, "$", kind="theme")
    >>> domain = read_site_part({"_id": "d", "name": "Cave", "features": [{"min": 21, "max": 100, "text": "Drips"}],
    ...     "dangers": [{"min": 31, "max": 45, "text": "Bats"}]}, "$", kind="domain")
    >>> site = DelveSite.discover("The Hollow", theme, domain, Rank.DANGEROUS)
    >>> [str(row) for row in site.features().rows]
    ['1-20 Dust', '21-100 Drips']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from tabletop_core._frozen import frozen
from tabletop_core._record import Record
from tabletop_core._validate import check_int, check_type, clip, of_type, one_line, tuple_of
from tabletop_core.action_roll.action import ActionResult, action_roll
from tabletop_core.action_roll.challenge import challenge_pair
from tabletop_core.action_roll.datasworn import _data
from tabletop_core.action_roll.datasworn.delve_data import DelveSiteData, Denizen, SiteDomain, SiteTheme
from tabletop_core.action_roll.datasworn.ruleset import Ruleset
from tabletop_core.action_roll.datasworn.table_rolls import TableRoll, roll_table
from tabletop_core.action_roll.datasworn.tables import OracleRow, OracleTable
from tabletop_core.action_roll.momentum import Momentum
from tabletop_core.action_roll.odds import action_odds
from tabletop_core.action_roll.outcome import Outcome
from tabletop_core.action_roll.progress import TICKS_PER_BOX, ProgressResult, ProgressTrack, Rank, progress_roll
from tabletop_core.action_roll.rarities import (
    RARITY_DIE_SIDES,
    RarityRoll,
    rarity_odds,
    resolve_rarity_roll,
    wield_a_rarity,
)
from tabletop_core.action_roll.threats import (
    Threat,
    ThreatAdvance,
    advance_a_threat,
    menace_marks,
    resolve_threat_advance,
    threat_advance_odds,
)
from tabletop_core.batch import Batch
from tabletop_core.errors import InvalidInput, RuleError
from tabletop_core.odds import Distribution
from tabletop_core.rng import dice_source

if TYPE_CHECKING:
    import numpy as np  # the batch's arrays: numpy is imported where they are drawn
    import numpy.typing as npt

    from tabletop_core.rng import RngLike  # the alias imports numpy at run time: annotations only

__all__ = [
    "DELVE_STATS",
    "RARITY_DIE_SIDES",
    "DelveBatch",
    "DelveMoves",
    "DelveResult",
    "DelveSite",
    "RarityRoll",
    "Threat",
    "ThreatAdvance",
    "advance_a_threat",
    "delve_the_depths",
    "delve_the_depths_odds",
    "menace_marks",
    "overlay_rows",
    "rarity_odds",
    "resolve_rarity_roll",
    "resolve_threat_advance",
    "simulate_delve",
    "threat_advance_odds",
    "wield_a_rarity",
]

DELVE_STATS = ("edge", "shadow", "wits")
"""The stats Delve the Depths rolls: with haste (+edge), stealth or trickery (+shadow), observation (+wits)."""
_RANKS = tuple(Rank)


def overlay_rows(over: Sequence[OracleRow], under: Sequence[OracleRow]) -> tuple[OracleRow, ...]:
    """Rows *over* on top of the rows *under*: each roll goes to an *over* row where one claims it.

    An *under* row keeps the rolls no *over* row claims (split in pieces where
    needed) and goes where it has none left. The result is sorted by range.

    Examples:
        >>> card = [OracleRow(1, 30, "A collapse")]
        >>> move = [OracleRow(1, 30, "Check the theme card."), OracleRow(31, 100, "A trap")]
        >>> [str(row) for row in overlay_rows(card, move)]
        ['1-30 A collapse', '31-100 A trap']
    """
    over = tuple_of("over", over, OracleRow)
    under = tuple_of("under", under, OracleRow)
    claimed = sorted((row.low, row.high) for row in over if row.low is not None and row.high is not None)
    rows = [row for row in over if row.is_rollable]
    for row in under:
        if row.low is None or row.high is None:
            continue
        pieces = [(row.low, row.high)]
        for low, high in claimed:
            pieces = [
                part for a, b in pieces for part in ((a, min(b, low - 1)), (max(a, high + 1), b)) if part[0] <= part[1]
            ]
        for low, high in pieces:
            rows.append(row if (low, high) == (row.low, row.high) else attrs.evolve(row, low=low, high=high))
    return tuple(sorted(rows, key=lambda row: (row.low or 0, row.high or 0)))


def _named(denizen: Denizen, ruleset: Ruleset) -> Denizen:
    """*denizen* with the name of its NPC in *ruleset* (one the ruleset lacks keeps its id)."""
    if denizen.npc is None or denizen.npc not in ruleset.npcs:
        return denizen
    kind = ruleset.npcs[denizen.npc].name
    return attrs.evolve(denizen, name=f"{denizen.name} ({kind})" if denizen.name else kind)


def _theme_of(value: Any) -> SiteTheme:
    return check_type("theme", value, SiteTheme)


@frozen
class DelveSite(Record):
    """A perilous site: its theme, its domain, its progress track (the rank), its denizens.

    Attributes:
        name: The site's name (its track's name too).
        theme: Its theme card.
        domain: Its domain card.
        track: Its progress track (the site's rank and progress).
        denizens: Its denizen matrix (none for a site of your own until you fill it).
        id: The Datasworn id of a ready-made site, if it is one.

    Raises:
        TypeError: a part has the wrong type.
    """

    name: str = attrs.field(validator=one_line())
    theme: SiteTheme = attrs.field(validator=of_type(SiteTheme))
    domain: SiteDomain = attrs.field(validator=of_type(SiteDomain))
    track: ProgressTrack = attrs.field(validator=of_type(ProgressTrack))
    denizens: tuple[Denizen, ...] = _data.tuple_field(Denizen, default=())
    id: str | None = attrs.field(default=None, validator=_data.optional_str)

    @classmethod
    def discover(
        cls, name: str, theme: SiteTheme, domain: SiteDomain, rank: Rank, *, denizens: Sequence[Denizen] = ()
    ) -> DelveSite:
        """Discover a Site: a new site of *theme* and *domain*, at *rank*, with no progress."""
        check_type("name", name, str)
        check_type("rank", rank, Rank)
        return cls(name, theme, domain, ProgressTrack(rank, name=name), tuple(denizens))

    @classmethod
    def from_data(cls, site: DelveSiteData, ruleset: Any) -> DelveSite:
        """A ready-made site of the data, with its theme and domain from *ruleset*, at no progress.

        Its denizens are named as the players see them: the NPC's name from *ruleset*
        ("Raider", not ``classic/npcs/ironlanders/raider``), and a named denizen with
        what it is ("Alva (Wight)"); the NPC's id stays in :attr:`Denizen.npc`.

        Raises:
            InvalidInput: the ruleset has not the site's theme or domain.
        """
        check_type("site", site, DelveSiteData)
        check_type("ruleset", ruleset, Ruleset)
        theme = ruleset.site_theme(site.theme)
        domain = ruleset.site_domain(site.domain)
        denizens = tuple(_named(denizen, ruleset) for denizen in site.denizens)
        return cls(site.name, theme, domain, ProgressTrack(site.rank, name=site.name), denizens, site.id)

    @property
    def rank(self) -> Rank:
        """The site's rank."""
        return self.track.rank

    def features(self) -> OracleTable:
        """The site's features: its theme's feature rows and its domain's, one d100 table."""
        rows = overlay_rows(self.theme.features, self.domain.features)
        return OracleTable(f"{self.name}: features", f"{self.name} features", rows)

    def dangers(self, reveal_a_danger: OracleTable) -> OracleTable:
        """The site's dangers: the theme's and the domain's danger rows over the Reveal a Danger table's.

        The cards' rows claim the rolls they cover (the move's "check the theme
        card" and "check the domain card" rows); the move's other rows keep the rest.
        """
        check_type("reveal_a_danger", reveal_a_danger, OracleTable)
        cards = overlay_rows(self.theme.dangers, self.domain.dangers)
        rows = overlay_rows(cards, reveal_a_danger.rows)
        return OracleTable(f"{self.name}: dangers", f"{self.name} dangers", rows, dice=reveal_a_danger.dice)

    def denizen_table(self) -> OracleTable:
        """The denizen matrix as a d100 table (an empty slot reads as its frequency, for the player to fill).

        Raises:
            RuleError: the site has no denizens.
        """
        if not self.denizens:
            raise RuleError(f"{self.name} has no denizen matrix: give the site its denizens")
        rows = tuple(OracleRow(d.low, d.high, d.text) for d in self.denizens)
        return OracleTable(f"{self.name}: denizens", f"{self.name} denizens", rows)

    def mark_progress(self, *, times: int = 1) -> DelveSite:
        """Mark progress on the site's track, *times* times, by its rank."""
        return attrs.evolve(self, track=self.track.mark(times=times))

    def return_to(self, challenge_dice: Sequence[int]) -> DelveSite:
        """Return to a site already explored: clear as many boxes as the lower challenge die (pure).

        Examples:
            >>> from tabletop_core.action_roll.datasworn import SiteDomain, SiteTheme
            >>> site = DelveSite.discover("Barrow", SiteTheme("t", "Old"), SiteDomain("d", "Barrow"), Rank.FORMIDABLE)
            >>> site.mark_progress(times=6).return_to((4, 9)).track.score
            2
        """
        first, second = challenge_pair(challenge_dice)
        boxes = min(first, second)
        return attrs.evolve(
            self, track=attrs.evolve(self.track, ticks=max(0, self.track.ticks - boxes * TICKS_PER_BOX))
        )

    def return_to_site(self, *, rng: RngLike = None) -> tuple[DelveSite, tuple[int, int]]:
        """Roll both challenge dice and :meth:`return_to` the site; the dice are returned too."""
        dice = dice_source(rng).roll_each((10, 10))
        return self.return_to(dice), (dice[0], dice[1])

    def locate_objective(self, *, rng: RngLike = None) -> ProgressResult:
        """Locate Your Objective: a progress roll on the site's track (momentum is ignored)."""
        return progress_roll(self.track, rng=rng)

    def after_miss(self) -> DelveSite:
        """After Locate Your Objective misses and you go on: one filled box stays, the rank rises by one."""
        index = _RANKS.index(self.rank)
        rank = _RANKS[min(index + 1, len(_RANKS) - 1)]
        ticks = TICKS_PER_BOX if self.track.score >= 1 else 0
        return attrs.evolve(self, track=attrs.evolve(self.track, rank=rank, ticks=ticks))

    def __str__(self) -> str:
        return f"{self.name} ({self.theme.name} {self.domain.name}): {self.track}"


@frozen
class DelveMoves:
    """The tables Delve's moves roll on, as a ruleset's data gives them.

    Attributes:
        depths: Delve the Depths' weak-hit table for each stat (``edge``, ``shadow``, ``wits``).
        opportunity: Find an Opportunity's table.
        danger: Reveal a Danger's table (the site's cards go over it).
        advance: Advance a Threat's table (:mod:`~tabletop_core.action_roll.threats`), when the
            ruleset has the move.
    """

    depths: dict[str, OracleTable]
    opportunity: OracleTable
    danger: OracleTable
    advance: OracleTable | None = None

    @classmethod
    def from_ruleset(cls, ruleset: Any) -> DelveMoves:
        """The tables of the moves Delve the Depths, Find an Opportunity and Reveal a Danger in *ruleset*.

        Each move names its tables (Datasworn's ``oracles``); Delve the Depths' are
        told apart by their names (Edge, Shadow, Wits).

        Raises:
            InvalidInput: a move or one of its tables is missing (load Delve with its base).
        """
        check_type("ruleset", ruleset, Ruleset)
        depths_move = ruleset.move("Delve the Depths")
        depths: dict[str, OracleTable] = {}
        for table_id in depths_move.oracles:
            table = ruleset.table(table_id)
            stat = table.name.strip().lower()
            if stat in DELVE_STATS:
                depths[stat] = table
        missing = [stat for stat in DELVE_STATS if stat not in depths]
        if missing:
            raise InvalidInput(f"Delve the Depths names no table for {', '.join(missing)} in this ruleset")

        def only(name: str) -> OracleTable:
            move = ruleset.move(name)
            if not move.oracles:
                raise InvalidInput(f"{name} names no table in this ruleset")
            return ruleset.table(move.oracles[0])  # type: ignore[no-any-return]

        advance = None
        if any(move.name == "Advance a Threat" for move in ruleset.moves.values()):
            advance = only("Advance a Threat")
        return cls(depths, only("Find an Opportunity"), only("Reveal a Danger"), advance)


@frozen
class DelveResult(Record):
    """Delve the Depths made: the action roll and what its outcome led to.

    Attributes:
        stat: The stat rolled (``edge``, ``shadow`` or ``wits``).
        action: The action roll.
        depths: On a weak hit, the roll on that stat's table.
        opportunity: The roll on Find an Opportunity, when the outcome or the row asks for one.
        danger: The roll on the site's dangers, when the outcome or the row asks for one.
        marks: How many times progress was marked.
        to_choose: Whether the row lets the player choose (mark progress or find an
            opportunity) and no choice was given: nothing of it was applied.
        site: The site after the move (progress marked).
    """

    _derived: ClassVar[tuple[str, ...]] = ("outcome",)

    stat: str = attrs.field(validator=of_type(str))
    action: ActionResult = attrs.field(validator=of_type(ActionResult))
    depths: TableRoll | None = attrs.field(default=None)
    opportunity: TableRoll | None = attrs.field(default=None)
    danger: TableRoll | None = attrs.field(default=None)
    marks: int = attrs.field(default=0, validator=lambda _i, _a, v: check_int("marks", v, low=0, high=2))
    to_choose: bool = attrs.field(default=False, validator=of_type(bool))
    site: DelveSite | None = attrs.field(default=None)

    @property
    def outcome(self) -> Outcome:
        """The action roll's outcome."""
        return self.action.outcome

    def __str__(self) -> str:
        parts = [f"Delve the Depths (+{self.stat}): {self.action}"]
        for roll in (self.depths, self.opportunity, self.danger):
            if roll is not None:
                parts.append(str(roll))
        if self.marks:
            parts.append("mark progress" + (" twice" if self.marks == 2 else ""))
        if self.to_choose:
            parts.append("choose: mark progress or find an opportunity")
        return "; ".join(parts)


def _row_effects(row: OracleRow | None) -> tuple[int, bool, bool, bool]:
    """What a Delve the Depths row asks, from its text and links: (marks, opportunity, danger, a choice)."""
    if row is None:
        return 0, False, False, False
    text = row.text.lower()
    marks = 2 if "mark progress twice" in text else 1 if "mark progress" in text else 0
    opportunity = "find_an_opportunity" in text or "find an opportunity" in text
    danger = "reveal_a_danger" in text or "reveal a danger" in text
    choice = text.lstrip().startswith("choose one")
    return marks, opportunity, danger, choice


def _check_stat(stat: object) -> str:
    check_type("stat", stat, str)
    if stat not in DELVE_STATS:
        raise InvalidInput(f"stat must be one of {', '.join(DELVE_STATS)} for Delve the Depths, got {clip(stat)}")
    return str(stat)


def delve_the_depths(
    site: DelveSite,
    moves: DelveMoves,
    *,
    stat: str,
    value: int,
    adds: int = 0,
    momentum: Momentum | int = 0,
    choose: str | None = None,
    rng: RngLike = None,
    tables: Any = None,
) -> DelveResult:
    """Delve the Depths: the action roll, then what the outcome says, rolled on the site and the move's tables.

    A strong hit marks progress and finds an opportunity; a weak hit rolls on the
    table for *stat* and does what its row says (marks progress once or twice,
    finds an opportunity, reveals a danger; a row that says "choose one" takes
    *choose*: ``"progress"`` or ``"opportunity"``); a miss reveals a danger on the
    site's dangers. The dice: the action roll's, then each table's, in that order.

    Args:
        site: The site explored.
        moves: The moves' tables (:meth:`DelveMoves.from_ruleset`).
        stat: ``edge``, ``shadow`` or ``wits``: the approach.
        value: The stat's value (0..10).
        adds: Adds.
        momentum: Momentum (negative momentum may cancel the action die).
        choose: The choice a "choose one" row offers, if the player has made it.
        rng: Where the dice come from.
        tables: What finds tables a row refers to (a ruleset).

    Raises:
        InvalidInput: *stat* is not one Delve the Depths rolls, or *choose* is not a choice.
        TypeError: an argument has the wrong type.
    """
    check_type("site", site, DelveSite)
    check_type("moves", moves, DelveMoves)
    _check_stat(stat)
    if choose is not None:
        check_type("choose", choose, str)
    if choose not in (None, "progress", "opportunity"):
        raise InvalidInput(f"choose must be 'progress', 'opportunity' or None, got {choose!r}")
    source = dice_source(rng)
    with source.atomic():
        action = action_roll(stat=value, adds=adds, momentum=momentum, rng=source)
        depths = opportunity = danger = None
        to_choose = False
        if action.outcome is Outcome.STRONG_HIT:
            marks, find, reveal = 1, True, False
        elif action.outcome is Outcome.WEAK_HIT:
            depths = roll_table(moves.depths[stat], rng=source, tables=tables)
            marks, find, reveal, choice = _row_effects(depths.row)
            if choice:
                to_choose = choose is None
                marks, find = (1, False) if choose == "progress" else (0, choose == "opportunity")
        else:
            marks, find, reveal = 0, False, True
        if find:
            opportunity = roll_table(moves.opportunity, rng=source, tables=tables)
        if reveal:
            dangers = site.dangers(moves.danger)
            danger = roll_table(dangers, rng=source, tables=tables)
    after = site.mark_progress(times=marks) if marks else site
    return DelveResult(stat, action, depths, opportunity, danger, marks, to_choose, after)


def delve_the_depths_odds(
    site: DelveSite, moves: DelveMoves, *, stat: str, value: int, adds: int = 0, momentum: int = 0
) -> Distribution[tuple[Outcome, OracleRow | None]]:
    """The exact odds of Delve the Depths' outcome and the row it leads to first.

    The row is Find an Opportunity's on a strong hit, the stat's table's on a weak
    hit, the site's dangers' on a miss (a row's own further rolls are not counted).

    Raises:
        InvalidInput: *stat* is not edge, shadow or wits.
    """
    check_type("site", site, DelveSite)
    check_type("moves", moves, DelveMoves)
    _check_stat(stat)
    outcomes = action_odds(stat=value, adds=adds, momentum=momentum)
    follow = {
        Outcome.STRONG_HIT: moves.opportunity,
        Outcome.WEAK_HIT: moves.depths[stat],
        Outcome.MISS: site.dangers(moves.danger),
    }
    weights: dict[tuple[Outcome, OracleRow | None], Any] = {}
    for outcome, chance in outcomes.items():
        for row, row_chance in follow[outcome].odds().items():
            weights[(outcome, row)] = chance * row_chance
    return Distribution(weights)


@frozen(eq=False, repr=False)  # Batch.__repr__: a batch says what it holds
class DelveBatch(Batch[Outcome]):
    """Many Delve the Depths rolls, as arrays: the action roll's dice, its outcome, and the table roll it led to.

    Attributes:
        action_dice: Each action die.
        challenge_dice: Each pair of challenge dice, shape ``(n, 2)``.
        outcomes: Outcome codes: 0 strong hit, 1 weak hit, 2 miss.
        follow_rolls: Each roll on the table the outcome leads to (1..100).
        stat: The stat rolled.
    """

    _parameters: ClassVar[tuple[str, ...]] = ("stat",)

    action_dice: npt.NDArray[np.int64]
    challenge_dice: npt.NDArray[np.int64]
    outcomes: npt.NDArray[np.int8]
    follow_rolls: npt.NDArray[np.int64]
    stat: str

    @property
    def outcome_codes(self) -> npt.NDArray[np.int8]:
        """The outcome codes."""
        return self.outcomes

    @property
    def labels(self) -> tuple[Outcome, ...]:
        """Strong hit, weak hit, miss."""
        return tuple(Outcome)

    def _describe(self) -> str:
        return f"Delve the Depths rolls at +{self.stat}"


def simulate_delve(
    n: int, *, stat: str, value: int, adds: int = 0, momentum: int = 0, rng: RngLike = None
) -> DelveBatch:
    """*n* Delve the Depths rolls, drawn as arrays: the action rolls, then one d100 each.

    The action rolls are drawn as :func:`~tabletop_core.action_roll.simulate_action` draws them. Read a roll's
    row with the table its outcome leads to (see :func:`delve_the_depths_odds`).
    """
    from tabletop_core.action_roll.batch import simulate_action  # numpy's arrays: loaded to simulate

    _check_stat(stat)
    source = dice_source(rng)
    batch = simulate_action(n, stat=value, adds=adds, momentum=momentum, rng=source)
    follow = source.roll_many(100, len(batch))
    return DelveBatch(batch.action_dice, batch.challenge_dice, batch.outcomes, follow, stat)
