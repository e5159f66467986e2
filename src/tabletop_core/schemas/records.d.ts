/* eslint-disable */
/**
 * Every tabletop_core record type, as TypeScript declarations: generated from the JSON
 * Schemas beside this file by json-schema-to-typescript 16.0.0. Do not edit by hand:
 * regenerate with `bash .ci/stages/60-typescript.sh --write` (see CONTRIBUTING.md).
 */

/**
 * Any result or state of tabletop_core, as records.load reads it: one of the record types.
 */
export type Record =
  | ActionRollAbilityEffect
  | ActionRollAbilityReading
  | ActionRollActionResult
  | ActionRollAsset
  | ActionRollAssetAbility
  | ActionRollAssetControl
  | ActionRollAssetCounter
  | ActionRollAssetEnhancement
  | ActionRollAssetMeter
  | ActionRollAssetOption
  | ActionRollAssetState
  | ActionRollBonds
  | ActionRollChallenge
  | ActionRollCharacter
  | ActionRollClassicChallenge
  | ActionRollClassicCharacter
  | ActionRollClassicOracleAnswer
  | ActionRollClock
  | ActionRollConditionMeter
  | ActionRollCoverage
  | ActionRollCrew
  | ActionRollCursedDie
  | ActionRollCursedRoll
  | ActionRollCursedVersion
  | ActionRollDebilities
  | ActionRollDelveResult
  | ActionRollDelveSite
  | ActionRollDelveSiteData
  | ActionRollDenizen
  | ActionRollExperience
  | ActionRollFailureTrack
  | ActionRollImpacts
  | ActionRollLegacyTrack
  | ActionRollMomentum
  | ActionRollMove
  | ActionRollMoveEnhancement
  | ActionRollMoveOption
  | ActionRollMoveOutcome
  | ActionRollMoveResult
  | ActionRollNextMoveAdd
  | ActionRollNpc
  | ActionRollNpcVariant
  | ActionRollOracleAnswer
  | ActionRollOracleCollection
  | ActionRollOracleResults
  | ActionRollOracleRoll
  | ActionRollOracleRow
  | ActionRollOracleTable
  | ActionRollPackageInfo
  | ActionRollParty
  | ActionRollPlayerCharacter
  | ActionRollProgressResult
  | ActionRollProgressTrack
  | ActionRollRarity
  | ActionRollRarityRoll
  | ActionRollRollChange
  | ActionRollRollOption
  | ActionRollRuleImpact
  | ActionRollRuleMeter
  | ActionRollRuleStat
  | ActionRollRules
  | ActionRollSiteDomain
  | ActionRollSiteTheme
  | ActionRollSpecialTrack
  | ActionRollStats
  | ActionRollTableRoll
  | ActionRollThreat
  | ActionRollThreatAdvance
  | ActionRollTriggerCondition
  | ActionRollTruth
  | ActionRollTruthOption
  | ActionRollTruthRoll
  | CoreDie
  | CoreDieRoll
  | D20APSpent
  | D20ActiveEffect
  | D20AddCombatant
  | D20Attack
  | D20AttackProfile
  | D20AttackWith
  | D20Combatant
  | D20CombatantAdded
  | D20CombatantRemoved
  | D20ConditionImplications
  | D20ConditionInstance
  | D20Conditions
  | D20ConditionsChanged
  | D20ContestResult
  | D20ContestRoll
  | D20CountDownDoomed
  | D20Creature
  | D20Damage
  | D20DamageTaken
  | D20DetectionChanged
  | D20Dismiss
  | D20Dispatch
  | D20DoomedCountedDown
  | D20DoomedRolled
  | D20Duration
  | D20Effect
  | D20EffectApplied
  | D20EffectEnded
  | D20Encounter
  | D20EncounterSimulation
  | D20EncounterStep
  | D20EndAttempt
  | D20EndCondition
  | D20EndEncounter
  | D20EndTurn
  | D20EscapeGrapple
  | D20Heal
  | D20Healed
  | D20HeldAP
  | D20Hide
  | D20InitiativeEntry
  | D20InitiativeRolled
  | D20KeepFocus
  | D20LongRest
  | D20LongRestFinished
  | D20Modifier
  | D20Move
  | D20Moved
  | D20PassTime
  | D20Place
  | D20RemoveCombatant
  | D20Response
  | D20Revive
  | D20Rise
  | D20RollCheck
  | D20RollInitiative
  | D20RollSave
  | D20RollToEnd
  | D20RolledTotal
  | D20RoundEnded
  | D20RoundStarted
  | D20RoundsEnded
  | D20Search
  | D20SetDetection
  | D20Shatter
  | D20Sighting
  | D20Sneak
  | D20Space
  | D20Suppression
  | D20TakeAction
  | D20TemporaryHPGained
  | D20TestContext
  | D20TestEffects
  | D20TestMade
  | D20TestRoll
  | D20Thing
  | D20ThingDamaged
  | D20TimePassed
  | D20TurnEnd
  | D20TurnEnded
  | D20TurnSkipped
  | D20TurnStart
  | D20TurnStarted
  | D20Unaffected
  | D20UseAbility
  | D20UseEffect
  | D20UseMedicsKit
  | NotationDiceMarks
  | NotationDiceRoll
  | NotationGroupRoll
  | NotationRollResult
  | NotationRolledDie
  | NotationTermLabel
  | ResidueActionResult
  | ResidueAreaDraw
  | ResidueAreaEntry
  | ResidueAttackResult
  | ResidueBanishChoice
  | ResidueBarterResult
  | ResidueCardGained
  | ResidueCheckStrainPhase
  | ResidueChoiceGroup
  | ResidueChoiceMade
  | ResidueCombatBegan
  | ResidueCombatPhase
  | ResidueCommitChoice
  | ResidueCommitPhase
  | ResidueCommitResult
  | ResidueCommittedDie
  | ResidueConditionRoll
  | ResidueConditions
  | ResidueCreature
  | ResidueDamageResult
  | ResidueDeck
  | ResidueDeckDraw
  | ResidueDefeat
  | ResidueDefeated
  | ResidueDicePlan
  | ResidueDieRolled
  | ResidueEncounter
  | ResidueEndedPhase
  | ResidueEndurance
  | ResidueEnduranceDie
  | ResidueEnduranceStep
  | ResidueEntry
  | ResidueEntryCheck
  | ResidueEntryEffect
  | ResidueEntryEffectResult
  | ResidueEntryOption
  | ResidueEntryOutcome
  | ResidueEntryPhase
  | ResidueEntryTest
  | ResidueEscapePhase
  | ResidueHPChanged
  | ResidueHPRecovered
  | ResidueHealing
  | ResidueHealth
  | ResidueHex
  | ResidueHexMap
  | ResidueHumPlacement
  | ResidueInventory
  | ResidueInventoryChoice
  | ResidueInventoryRoll
  | ResidueInventoryUse
  | ResidueItem
  | ResidueItemGain
  | ResidueItemUseResult
  | ResidueJourney
  | ResidueJourneyEnded
  | ResidueJourneyPlay
  | ResidueJourneySetup
  | ResidueJourneySimulation
  | ResidueJourneyStep
  | ResidueLoadout
  | ResidueLuckCheck
  | ResidueLuckForAction
  | ResidueLuckPhase
  | ResidueLuckTest
  | ResidueMeetPhase
  | ResidueMoveChoice
  | ResidueMovePhase
  | ResidueMoved
  | ResidueMovementStep
  | ResidueMutation
  | ResidueNewDay
  | ResidueNote
  | ResiduePayoffPhase
  | ResiduePhaseBegan
  | ResiduePickChoice
  | ResiduePlacePhase
  | ResiduePlainChoice
  | ResiduePortalRules
  | ResidueReachedHum
  | ResidueRecoverAlternative
  | ResidueRecoverPhase
  | ResidueRegion
  | ResidueRegionRules
  | ResidueRequirement
  | ResidueRestChoices
  | ResidueRestNote
  | ResidueRestResult
  | ResidueRestStep
  | ResidueRetaliation
  | ResidueRuleApplied
  | ResidueRunResult
  | ResidueSetupRef
  | ResidueSlotChoice
  | ResidueStarModifier
  | ResidueStarsRoll
  | ResidueStrainChecked
  | ResidueStrainChoice
  | ResidueStrainGained
  | ResidueStrainPaid
  | ResidueSwitchChoice
  | ResidueTakeRestChoice
  | ResidueTile
  | ResidueToken
  | ResidueTokenFound
  | ResidueTokenMove
  | ResidueTokenMovement
  | ResidueTradePhase
  | ResidueTravelPhase
  | ResidueTrip
  | ResidueUsesRoll
  | ResidueVendor
  | ResidueWanderer;

/**
 * One thing an asset ability does to a roll, read from its text.
 */
export interface ActionRollAbilityEffect {
  /**
   * The record type.
   */
  type: "action_roll.AbilityEffect";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * An add, an add after the roll, a reroll, an outcome counted as another, a momentum reset raised.
   */
  kind: "add" | "add_after" | "reroll" | "count_as" | "momentum_reset";
  /**
   * The number: +N to add, +N to the momentum reset. For an add of a value (*value_of*) it is that value for the character once the ability is used on a roll (0 as read from the data).
   */
  amount?: number;
  /**
   * What an add adds when the text names no number: a stat ("add +heart"), a meter of the asset ("add +its health"), of its vehicle, of the character, or a stat written on the card.
   */
  value_of?: ActionRollRollOption | null;
  /**
   * For a reroll, the dice it lets you reroll (`action`, `challenge_1`, `challenge_2`).
   */
  dice?: string[];
  /**
   * For a reroll: `any` of *dice* (the player picks), `all` of them, or `one` of them.
   */
  choose?: string;
  /**
   * For a reroll of the action die, a value it must be below ("if its value is less than the glowcat's health").
   */
  below?: ActionRollRollOption | null;
  /**
   * *below*'s value for the character, once the ability is used on a roll.
   */
  limit?: number | null;
  /**
   * For a reroll, the faces a die must show ("roll a 1 on your action die ... you may reroll that die"); empty: any face.
   */
  faces?: number[];
  /**
   * The outcomes after which it applies ("On a miss, ..."); empty: always.
   */
  on?: ("strong_hit" | "weak_hit" | "miss")[];
  /**
   * For an add or an outcome counted as another: it comes with the reroll the same sentence grants, not before the roll.
   */
  with_reroll?: boolean;
  /**
   * For an add with a reroll: it replaces the ability's earlier adds ("add +2 (instead of +1)").
   */
  instead?: boolean;
  /**
   * For an outcome counted as another, the outcome rolled.
   */
  count_from?: ("strong_hit" | "weak_hit" | "miss") | null;
  /**
   * For an outcome counted as another, the outcome it counts as.
   */
  count_to?: ("strong_hit" | "weak_hit" | "miss") | null;
  /**
   * The part of the ability's text it was read from (plain text).
   */
  text?: string;
  /**
   * For an effect not tied to a move (a momentum reset raised), the ability's index on its asset.
   */
  ability?: number | null;
}
/**
 * What a roll adds to the die: a stat, a condition meter, an asset control, a fixed value or a track.
 */
export interface ActionRollRollOption {
  /**
   * The record type.
   */
  type: "action_roll.RollOption";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Datasworn's `using`: `stat`, `condition_meter`, `asset_control`, `attached_asset_control` (the vehicle a module is attached to), `asset_option` (a stat written on the card), `custom`, `progress_track`, `quests_legacy`, `bonds_legacy`, `discoveries_legacy`, or another kind a newer version adds (kept, and refused when rolled).
   */
  using: string;
  /**
   * The stat, meter, control or option key (`edge`, `health`, `integrity`, `linked_stat`); for `custom`, its label.
   */
  key: string | null;
  /**
   * The fixed value of a `custom` option.
   */
  value: number | null;
  /**
   * For `asset_control`: the asset ids (`*` wildcards) that may provide the control.
   */
  assets: string[];
}
/**
 * What the library applies of one asset ability, and what it leaves to the player.
 */
export interface ActionRollAbilityReading {
  /**
   * The record type.
   */
  type: "action_roll.AbilityReading";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The asset's id.
   */
  asset_id: string;
  /**
   * Its name.
   */
  asset_name: string;
  /**
   * The ability's number on the card, 1..3 (as the card shows it).
   */
  ability: number;
  /**
   * What the library applies, one item each.
   */
  applied: string[];
  /**
   * What the ability says that the library leaves to the player's reading.
   */
  left: string[];
}
/**
 * An action roll, every die kept, judged by the rules.
 */
export interface ActionRollActionResult {
  /**
   * The record type.
   */
  type: "action_roll.ActionResult";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The d6 as rolled (kept even when cancelled).
   */
  action_die: number;
  /**
   * The two d10 challenge dice.
   *
   * @minItems 2
   */
  challenge_dice: never[];
  /**
   * The stat, or the condition meter used in its place.
   */
  stat: number;
  /**
   * The total of adds.
   */
  adds: number;
  /**
   * Momentum when the roll was made (negative momentum may cancel the action die).
   */
  momentum: number;
  /**
   * Whether negative momentum equal to the action die cancelled it (it then counts 0).
   */
  action_die_cancelled: boolean;
  /**
   * The score judged against the challenge dice, never above 10; after a burn it is the momentum value burned.
   */
  action_score: number;
  /**
   * Strong hit, weak hit or miss.
   */
  outcome: "strong_hit" | "weak_hit" | "miss";
  /**
   * Whether both challenge dice show the same number.
   */
  is_match: boolean;
  /**
   * The momentum value that replaced the score, or `None` when momentum was not burned.
   */
  burned_momentum: number | null;
  /**
   * The display text of outcome.
   */
  outcome_label: "strong hit" | "weak hit" | "miss";
  /**
   * The outcome burning the momentum this roll was made with would give, if better; else `None`.
   */
  burn_outcome: ("strong_hit" | "weak_hit" | "miss") | null;
  /**
   * The display text of burn_outcome.
   */
  burn_outcome_label?: "strong hit" | "weak hit" | "miss";
}
/**
 * An asset from Datasworn data.
 */
export interface ActionRollAsset {
  /**
   * The record type.
   */
  type: "action_roll.Asset";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Its Datasworn `_id`.
   */
  id: string;
  /**
   * Its name.
   */
  name: string;
  /**
   * Its category ("Command Vehicle", "Companion", "Path", ...).
   */
  category: string;
  /**
   * Its abilities, in order.
   */
  abilities: ActionRollAssetAbility[];
  /**
   * Its controls (meters, checkboxes, card flips).
   */
  controls: ActionRollAssetControl[];
  /**
   * Keys of its options (a name to write in, a linked stat).
   */
  options: string[];
  /**
   * What a character needs to take it, if anything.
   */
  requirement: string | null;
  /**
   * Whether having it counts as an impact.
   */
  count_as_impact: boolean;
  /**
   * Whether allies share it.
   */
  shared: boolean;
  /**
   * Its options in full (label, kind, choices), the abilities' too.
   */
  option_fields?: ActionRollAssetOption[];
  /**
   * Asset ids (`*` wildcards) that may be attached to it (the Starship takes modules).
   */
  attachments?: string[];
  /**
   * How many may be attached (`None`: no limit).
   */
  attachments_max?: number | null;
}
/**
 * One ability of an asset.
 */
export interface ActionRollAssetAbility {
  /**
   * The record type.
   */
  type: "action_roll.AssetAbility";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Its Datasworn `_id`.
   */
  id: string;
  /**
   * Its text (Datasworn Markdown).
   */
  text: string;
  /**
   * Whether it is marked when the asset is taken.
   */
  enabled: boolean;
  /**
   * Ids of moves the ability adds (in moves too).
   */
  moves: string[];
  /**
   * Controls the ability adds (a clock, a meter).
   */
  controls: ActionRollAssetControl[];
  /**
   * How it changes existing moves (extra roll options, automatic outcomes, adds, rerolls).
   */
  enhancements?: ActionRollMoveEnhancement[];
  /**
   * What it changes on its own asset once marked, if anything.
   */
  asset_enhancement?: ActionRollAssetEnhancement | null;
  /**
   * Fields the ability adds to the card (a blade's name).
   */
  options?: ActionRollAssetOption[];
  /**
   * What it does that no move enhancement holds: a momentum reset raised ("increase your momentum reset by 1").
   */
  effects?: ActionRollAbilityEffect[];
}
/**
 * A control on an asset card: a meter (integrity, health), a checkbox (battered), a clock, ...
 */
export interface ActionRollAssetControl {
  /**
   * The record type.
   */
  type: "action_roll.AssetControl";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Its key (`integrity`, `battered`).
   */
  key: string;
  /**
   * Datasworn's `field_type`: `condition_meter`, `checkbox`, `card_flip`, `clock`, `counter`, ...
   */
  field_type: string;
  /**
   * Its label.
   */
  label: string;
  /**
   * Its starting value; a checkbox or card flip reads 1 when checked, 0 when not.
   */
  value: number;
  /**
   * The lowest value of a meter, clock or counter (`None` for a checkbox).
   */
  minimum: number | null;
  /**
   * The highest value, if any.
   */
  maximum: number | null;
  /**
   * Whether a move can roll it (`roll +integrity`).
   */
  rollable: boolean;
  /**
   * Whether checking it marks an impact (battered, cursed).
   */
  is_impact: boolean;
  /**
   * Controls nested in this one (a meter's impacts).
   */
  controls: ActionRollAssetControl[];
  /**
   * Whether checking it puts the asset out of use (a companion out of action, a broken module).
   */
  disables_asset?: boolean;
}
/**
 * One way an asset ability changes moves.
 */
export interface ActionRollMoveEnhancement {
  /**
   * The record type.
   */
  type: "action_roll.MoveEnhancement";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The asset's id.
   */
  asset: string;
  /**
   * The ability's index on the asset (it applies only while marked).
   */
  ability: number;
  /**
   * The kind of move it changes.
   */
  roll_type: "action_roll" | "progress_roll" | "no_roll" | "special_track";
  /**
   * Ids of the moves it changes (`*` wildcards); empty: every move of its roll type.
   */
  moves: string[];
  /**
   * Trigger conditions it adds: roll options (`roll +health` of this asset), an automatic outcome, or only a circumstance.
   */
  conditions: ActionRollTriggerCondition[];
  /**
   * What it adds to the roll as it is made ("add +1"): the fixed adds among effects that need no outcome and no reroll.
   */
  adds: number;
  /**
   * The widest reroll it grants with no outcome asked for (a key of REROLLS), or `None`; effects tells the whole of it.
   */
  reroll: string | null;
  /**
   * The circumstance, as the data words it ("Aided by your combat bot").
   */
  when: string;
  /**
   * Everything read from the ability's text about this enhancement's moves (see effects): adds (of a number, or of a value such as "+its health"), rerolls (with the die's limit and the outcome they follow), outcomes counted as others, adds after the roll.
   */
  effects?: ActionRollAbilityEffect[];
  /**
   * For one choice of a "choose one" list, its label ("Strafing run"): each choice is its own enhancement.
   */
  choice?: string;
}
/**
 * One condition of a move's trigger, with the roll options it allows.
 */
export interface ActionRollTriggerCondition {
  /**
   * The record type.
   */
  type: "action_roll.TriggerCondition";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * How an option is picked: `player_choice`, `highest`, `lowest`, `all`, `progress_roll`, or an automatic outcome (`strong_hit`, `weak_hit`, `miss`); `None` when the data gives none.
   */
  method: string | null;
  /**
   * The roll options.
   */
  options: ActionRollRollOption[];
  /**
   * The condition's text ("With speed, mobility, or agility"), if any.
   */
  text: string | null;
}
/**
 * What an ability changes on its own asset once marked (Datasworn's `enhance_asset`).
 */
export interface ActionRollAssetEnhancement {
  /**
   * The record type.
   */
  type: "action_roll.AssetEnhancement";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The ability's index on the asset.
   */
  ability: number;
  /**
   * Controls changed: a meter's new maximum (Symbiote: health 3).
   */
  controls: ActionRollAssetControl[];
  /**
   * Asset ids (`*` wildcards) that may now be attached (the Rover takes a module); empty when it changes no attachments.
   */
  attachments: string[];
  /**
   * How many may be attached (`None`: no limit).
   */
  attachments_max: number | null;
}
/**
 * A field of an asset card the player fills in: a name, or a choice such as Devotant's linked stat.
 */
export interface ActionRollAssetOption {
  /**
   * The record type.
   */
  type: "action_roll.AssetOption";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Its key (`name`, `linked_stat`).
   */
  key: string;
  /**
   * Its label.
   */
  label: string;
  /**
   * Datasworn's `field_type`: `text`, `select_value`, ...
   */
  field_type: string;
  /**
   * What is written in (for a choice, the key of the choice made); `None` while blank.
   */
  value: string | null;
  /**
   * For a choice, what each choice means for a roll (`linked_stat`: a stat); a choice is named by its label (the stat's name).
   */
  choices: ActionRollRollOption[];
}
/**
 * A tally on an asset card (the Snub Fighter's victory marks).
 */
export interface ActionRollAssetCounter {
  /**
   * The record type.
   */
  type: "action_roll.AssetCounter";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The control's key.
   */
  key: string;
  /**
   * Its label.
   */
  label: string;
  /**
   * The tally, minimum.. (maximum, when it has one).
   */
  value: number;
  /**
   * Its bottom.
   */
  minimum: number;
  /**
   * Its top, `None` for none.
   */
  maximum: number | null;
}
/**
 * The current value of an asset's meter (a vehicle's integrity, a companion's health).
 */
export interface ActionRollAssetMeter {
  /**
   * The record type.
   */
  type: "action_roll.AssetMeter";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The control's key (`integrity`, `health`).
   */
  key: string;
  /**
   * Its value, minimum..maximum.
   */
  value: number;
  /**
   * Its top.
   */
  maximum: number;
  /**
   * Its bottom (0 for every Starforged meter).
   */
  minimum: number;
}
/**
 * An asset a character has, as its card stands.
 */
export interface ActionRollAssetState {
  /**
   * The record type.
   */
  type: "action_roll.AssetState";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The asset's Datasworn id.
   */
  id: string;
  /**
   * Its name.
   */
  name: string;
  /**
   * Whether each ability is marked, in order.
   */
  abilities: boolean[];
  /**
   * Its meters' current values.
   */
  meters: ActionRollAssetMeter[];
  /**
   * Keys of its checked boxes (battered, cursed, out of action, broken, ...).
   */
  marked: string[];
  /**
   * How its abilities change moves (each applies while its ability is marked; see move_enhancements).
   */
  enhancements?: ActionRollMoveEnhancement[];
  /**
   * Its options (a name, a linked stat) with what is written in.
   */
  options?: ActionRollAssetOption[];
  /**
   * Its clocks (Fugitive's, Marked's).
   */
  clocks?: ActionRollClock[];
  /**
   * Its counters (the Snub Fighter's victory marks).
   */
  counters?: ActionRollAssetCounter[];
  /**
   * Every box the card has (checked or not), with what checking it does (an impact: battered, cursed; out of use: out of action, broken). Empty in saves made before boxes were kept: any key may then be marked.
   */
  boxes?: ActionRollAssetControl[];
  /**
   * What each ability changes on the card once marked.
   */
  asset_enhancements?: ActionRollAssetEnhancement[];
  /**
   * Asset ids (`*` wildcards) that may be attached to this one.
   */
  attachments?: string[];
  /**
   * How many may be attached (`None`: no limit).
   */
  attachments_max?: number | null;
  /**
   * For a module, the id of the vehicle it is attached to.
   */
  attached_to?: string | null;
  /**
   * The asset's category ("Command Vehicle", "Module", ...).
   */
  category?: string;
  /**
   * What its abilities do that no move enhancement holds (a momentum reset raised), each naming its ability; it applies while that ability is marked.
   */
  ability_effects?: ActionRollAbilityEffect[];
}
/**
 * A clock: *filled* of *segments* segments.
 */
export interface ActionRollClock {
  /**
   * The record type.
   */
  type: "action_roll.Clock";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * What it counts down to ("notable foe or force tracks you down").
   */
  name: string;
  /**
   * Its segments, 1..12.
   */
  segments: number;
  /**
   * The segments filled, 0..segments.
   */
  filled: number;
  /**
   * Whether every segment is filled.
   */
  is_full: boolean;
}
/**
 * The bonds progress track: ten boxes, no rank; a tick for each bond.
 */
export interface ActionRollBonds {
  /**
   * The record type.
   */
  type: "action_roll.Bonds";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Ticks filled, 0..40.
   */
  ticks: number;
  /**
   * Whom (or what community) each bond is with, as noted.
   */
  names: string[];
  /**
   * The progress score: fully filled boxes, 0..10.
   */
  score: number;
  /**
   * Whether all ten boxes are filled.
   */
  is_complete: boolean;
}
/**
 * A progress track of a kind: a vow, a connection, an expedition, a fight, a scene challenge.
 */
export interface ActionRollChallenge {
  /**
   * The record type.
   */
  type: "action_roll.Challenge";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The TrackKind.
   */
  kind: "vow" | "connection" | "expedition" | "combat" | "scene_challenge";
  track: ActionRollProgressTrack;
  /**
   * A clock kept beside the track, if any (a scene challenge's tension clock; foundry-ironsworn lets any progress track have one).
   */
  clock?: ActionRollClock | null;
}
/**
 * A ranked progress track (a quest, an expedition, a connection, a fight).
 */
export interface ActionRollProgressTrack {
  /**
   * The record type.
   */
  type: "action_roll.ProgressTrack";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The challenge's Rank.
   */
  rank: "troublesome" | "dangerous" | "formidable" | "extreme" | "epic";
  /**
   * Ticks filled, 0..40.
   */
  ticks: number;
  /**
   * What the track is for (optional, shown in chat).
   */
  name: string;
  /**
   * The progress score: fully filled boxes, 0..10.
   */
  score: number;
  /**
   * Whether all ten boxes are filled.
   */
  is_complete: boolean;
}
/**
 * A character's own meters: health, spirit, momentum and impacts.
 */
export interface ActionRollCharacter {
  /**
   * The record type.
   */
  type: "action_roll.Character";
  /**
   * The format version of the type.
   */
  version: 1;
  health: ActionRollConditionMeter;
  spirit: ActionRollConditionMeter;
  momentum: ActionRollMomentum;
  impacts: ActionRollImpacts;
  /**
   * Optional, for chat.
   */
  name: string;
}
/**
 * One condition meter, 0..maximum.
 */
export interface ActionRollConditionMeter {
  /**
   * The record type.
   */
  type: "action_roll.ConditionMeter";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Which meter (Meter); decides which impact blocks it.
   */
  kind: "health" | "spirit" | "supply" | "integrity" | "asset";
  /**
   * The current value, 0..maximum (full makes a full one).
   */
  value: number;
  /**
   * The top of the meter: always 5 for health, spirit and supply; a vehicle's integrity or another asset meter has its own (1..10).
   */
  maximum: number;
  /**
   * What the last suffer could not take because the meter hit 0 (reported, not dropped); not part of equality.
   */
  shortfall: number;
}
/**
 * A character's momentum meter.
 */
export interface ActionRollMomentum {
  /**
   * The record type.
   */
  type: "action_roll.Momentum";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Current momentum, -6..max momentum. Defaults to the starting +2.
   */
  value: number;
  /**
   * How many impacts count against momentum now (0..10); each lowers max momentum by 1 and they lower the reset value.
   */
  impacts: number;
  /**
   * Momentum that the last lose could not take because the meter was already at -6. It is reported so an app can apply whatever the move says instead (it is never silently dropped). It does not take part in equality.
   */
  shortfall: number;
  /**
   * Max momentum: 10 minus one per impact.
   */
  max_value: number;
  /**
   * Momentum after a burn: +2, +1 with one impact, 0 with more.
   */
  reset_value: number;
}
/**
 * The impacts marked on a character, and whether they are aboard their vehicle.
 */
export interface ActionRollImpacts {
  /**
   * The record type.
   */
  type: "action_roll.Impacts";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The marked impacts (any iterable; kept in rules order).
   */
  marked: (
    | "wounded"
    | "shaken"
    | "unprepared"
    | "battered"
    | "cursed"
    | "doomed"
    | "tormented"
    | "indebted"
    | "permanently_harmed"
    | "traumatized"
  )[];
  /**
   * Whether the character is piloting or aboard the vehicle its vehicle troubles belong to. Defaults to `False`: an app sets it when the character boards (see board).
   */
  aboard: boolean;
  /**
   * How many impacts count against momentum now.
   */
  count: number;
  /**
   * Max momentum: 10 minus one per counted impact.
   */
  max_momentum: number;
  /**
   * Momentum reset: +2, +1 with one counted impact, 0 with more.
   */
  momentum_reset: number;
}
/**
 * A ranked track of a Classic kind: a vow, a journey, a fight, a delve site.
 */
export interface ActionRollClassicChallenge {
  /**
   * The record type.
   */
  type: "action_roll.ClassicChallenge";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Its ClassicTrackKind.
   */
  kind: "vow" | "journey" | "combat" | "delve";
  track: ActionRollProgressTrack;
}
/**
 * A full Ironsworn (Classic) character.
 */
export interface ActionRollClassicCharacter {
  /**
   * The record type.
   */
  type: "action_roll.ClassicCharacter";
  /**
   * The format version of the type.
   */
  version: 1;
  stats: ActionRollStats;
  health: ActionRollConditionMeter;
  spirit: ActionRollConditionMeter;
  supply: ActionRollConditionMeter;
  momentum: ActionRollMomentum;
  debilities: ActionRollDebilities;
  experience: ActionRollExperience;
  bonds: ActionRollBonds;
  failure: ActionRollFailureTrack;
  /**
   * The assets taken, with their meters.
   */
  assets: ActionRollAssetState[];
  /**
   * Vows, journeys, fights and delve sites, each on a named ranked track.
   */
  challenges: ActionRollClassicChallenge[];
  /**
   * Optional, for chat.
   */
  name: string;
  /**
   * A one-shot add held for the next action roll ("make another move now (not a progress move), and add +1"; Find an Opportunity's "add +1 and take +1 momentum on a hit"), if any: make_classic_move gives it to the roll, after_move spends it.
   */
  next_move: ActionRollNextMoveAdd | null;
  /**
   * Max momentum: 10 minus one per debility.
   */
  max_momentum: number;
  /**
   * Momentum reset: +2, +1 with one debility, 0 with more.
   */
  momentum_reset: number;
}
/**
 * Edge, heart, iron, shadow and wits (Starforged starts them at 3, 2, 2, 1, 1 in an order you pick).
 */
export interface ActionRollStats {
  /**
   * The record type.
   */
  type: "action_roll.Stats";
  /**
   * The format version of the type.
   */
  version: 1;
  edge: number;
  heart: number;
  iron: number;
  shadow: number;
  wits: number;
}
/**
 * The debilities marked on a character.
 */
export interface ActionRollDebilities {
  /**
   * The record type.
   */
  type: "action_roll.Debilities";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The marked debilities (any iterable; kept in rules order).
   */
  marked: ("wounded" | "shaken" | "unprepared" | "encumbered" | "maimed" | "corrupted" | "cursed" | "tormented")[];
  /**
   * How many debilities are marked.
   */
  count: number;
  /**
   * Max momentum: 10 minus one per marked debility.
   */
  max_momentum: number;
  /**
   * Momentum reset: +2, +1 with one debility, 0 with more.
   */
  momentum_reset: number;
}
/**
 * Experience earned and spent.
 */
export interface ActionRollExperience {
  /**
   * The record type.
   */
  type: "action_roll.Experience";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Experience marked so far (never lowered by spending).
   */
  earned: number;
  /**
   * Experience spent, 0..earned.
   */
  spent: number;
  /**
   * The most experience that can be marked, when the table keeps one (the rules give none; `None`: no limit).
   */
  limit: number | null;
  /**
   * Experience that can still be spent.
   */
  available: number;
}
/**
 * Delve's failure track: ten boxes, no rank, marked on misses.
 */
export interface ActionRollFailureTrack {
  /**
   * The record type.
   */
  type: "action_roll.FailureTrack";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Ticks filled, 0..40.
   */
  ticks: number;
  /**
   * The progress score: fully filled boxes, 0..10.
   */
  score: number;
  /**
   * Whether all ten boxes are filled.
   */
  is_complete: boolean;
  /**
   * Whether Learn From Your Failures may be made: the track is +6 or greater.
   */
  is_ready: boolean;
}
/**
 * An add held for the next action roll (not a progress roll), taken once.
 */
export interface ActionRollNextMoveAdd {
  /**
   * The record type.
   */
  type: "action_roll.NextMoveAdd";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The add, 1..10.
   */
  adds: number;
  /**
   * The move that gave it ("Find an Opportunity").
   */
  source: string;
  /**
   * Momentum the move that takes it gains on a hit (Find an Opportunity, Turn the Tide: +1), 0..10.
   */
  momentum_on_hit: number;
  /**
   * Only this move takes it (its name or id: Fulfill Your Vow's weak hit gives it to Swear an Iron Vow); `None`: the next action roll, whichever.
   */
  move: string | null;
}
/**
 * The answer of the Classic Ask the Oracle to a yes/no question.
 */
export interface ActionRollClassicOracleAnswer {
  /**
   * The record type.
   */
  type: "action_roll.ClassicOracleAnswer";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The odds chosen before rolling.
   */
  odds: "almost_certain" | "likely" | "fifty_fifty" | "unlikely" | "small_chance";
  /**
   * The oracle roll, 1..100.
   */
  roll: number;
  /**
   * `True` for yes (the roll is at or over yes_from).
   */
  answer: boolean;
  /**
   * Whether the roll is a match (an extreme result or twist).
   */
  is_match: boolean;
}
/**
 * Which rolls of a table's dice land on no row, or on more than one.
 */
export interface ActionRollCoverage {
  /**
   * The record type.
   */
  type: "action_roll.Coverage";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The table checked.
   */
  table_id: string;
  /**
   * Ranges `(low, high)` of rolls that give no row.
   */
  gaps: never[][];
  /**
   * Rolls that more than one row claims.
   */
  overlaps: number[];
  /**
   * Indexes of rows whose range lies outside what the dice can roll.
   */
  unreachable: number[];
  /**
   * Whether every roll gives exactly one row and every row can be rolled.
   */
  is_complete: boolean;
}
/**
 * Allies who share one supply meter.
 */
export interface ActionRollCrew {
  /**
   * The record type.
   */
  type: "action_roll.Crew";
  /**
   * The format version of the type.
   */
  version: 1;
  party: ActionRollParty;
  /**
   * The characters; each holds the same party, and a name.
   */
  members: ActionRollPlayerCharacter[];
}
/**
 * What allies share: one supply meter and the *unprepared* impact that goes with it.
 */
export interface ActionRollParty {
  /**
   * The record type.
   */
  type: "action_roll.Party";
  /**
   * The format version of the type.
   */
  version: 1;
  supply: ActionRollConditionMeter;
  /**
   * Whether unprepared is marked (for every ally).
   */
  unprepared: boolean;
}
/**
 * A full Starforged character.
 */
export interface ActionRollPlayerCharacter {
  /**
   * The record type.
   */
  type: "action_roll.PlayerCharacter";
  /**
   * The format version of the type.
   */
  version: 1;
  stats: ActionRollStats;
  sheet: ActionRollCharacter;
  party: ActionRollParty;
  /**
   * The assets taken, with their meters.
   */
  assets: ActionRollAssetState[];
  quests: ActionRollLegacyTrack;
  bonds: ActionRollLegacyTrack;
  discoveries: ActionRollLegacyTrack;
  /**
   * Vows, connections, expeditions, fights and scene challenges, each on a named track.
   */
  challenges: ActionRollChallenge[];
  /**
   * Experience earned on the three legacy tracks (2 per filled box).
   */
  experience: number;
}
/**
 * A legacy track: unranked, ten boxes of four ticks, 2 XP per filled box.
 */
export interface ActionRollLegacyTrack {
  /**
   * The record type.
   */
  type: "action_roll.LegacyTrack";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Which legacy (Legacy).
   */
  legacy: "quests" | "bonds" | "discoveries";
  /**
   * Ticks filled, 0..40.
   */
  ticks: number;
  /**
   * The progress score: fully filled boxes, 0..10.
   */
  score: number;
  /**
   * Experience earned on this track: 2 per filled box.
   */
  xp: number;
  /**
   * Whether all ten boxes are filled.
   */
  is_complete: boolean;
}
/**
 * The cursed die: how many sides it has, and which faces call the curse.
 */
export interface ActionRollCursedDie {
  /**
   * The record type.
   */
  type: "action_roll.CursedDie";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Its sides (default 10: a d10).
   */
  sides: number;
  /**
   * The faces that call the curse (default the 10, the skull).
   */
  faces: number[];
  /**
   * The chance that one roll of the die calls the curse (1/10 by default).
   */
  chance: string;
}
/**
 * An oracle roll with the cursed die: the roll, the die, and the cursed result when it calls the curse.
 */
export interface ActionRollCursedRoll {
  /**
   * The record type.
   */
  type: "action_roll.CursedRoll";
  /**
   * The format version of the type.
   */
  version: 1;
  roll: ActionRollTableRoll;
  /**
   * The cursed die's face; `None` when the table has no cursed version (then no cursed die is rolled).
   */
  cursed_die: number | null;
  die: ActionRollCursedDie;
  /**
   * The table's cursed version (`None` when it has none).
   */
  curse: ActionRollCursedVersion | null;
  /**
   * The cursed table's result, when the die called the curse: for `replace_result` the same roll read on the cursed table, for `add_result` a roll of its own.
   */
  cursed: ActionRollTableRoll | null;
  /**
   * Whether the cursed die called the curse.
   */
  is_cursed: boolean;
}
/**
 * A roll on an oracle table: the dice, the row, and every roll the row led to.
 */
export interface ActionRollTableRoll {
  /**
   * The record type.
   */
  type: "action_roll.TableRoll";
  /**
   * The format version of the type.
   */
  version: 2;
  /**
   * The table rolled on.
   */
  table_id: string;
  /**
   * Its name.
   */
  table_name: string;
  /**
   * The table's dice (`1d100`).
   */
  dice_expression: string;
  /**
   * Every die rolled, as rolled (none for a row chosen by hand).
   */
  dice: number[];
  /**
   * Their sum plus the modifier: the roll looked up (flipped when flipped_from says so); `None` for a row chosen by hand.
   */
  total: number | null;
  /**
   * The row it landed on (`None` for a gap in the table).
   */
  row: ActionRollOracleRow | null;
  /**
   * On a 1d100 table, whether the roll is a match (11, 22, ..., 99, 100: both d10 alike); always False for other dice and for a chosen row.
   */
  is_match: boolean;
  /**
   * The table's text for a match, when it is one and the table gives one.
   */
  match_text: string | null;
  /**
   * The rolls the row asked for, in order ("roll twice": two rolls on the same table, each followed in turn; a reference: a roll on that table).
   */
  followups: ActionRollTableRoll[];
  /**
   * Rolls thrown away while following: a duplicate that the row said to reroll, or "roll twice" landed on again.
   */
  discarded: ActionRollTableRoll[];
  /**
   * The table's names for its result columns (see column_labels), for display.
   */
  column_labels?: string[];
  /**
   * Whether the player picked the row by hand instead of rolling (choose_row).
   */
  chosen?: boolean;
  /**
   * For a flipped roll (tens and units swapped, see flip_roll), the roll as the dice gave it; `None` otherwise.
   */
  flipped_from?: number | null;
  /**
   * The result as plain text: the row's first column, its template filled by its rolls ("" in a gap).
   */
  text: string;
  /**
   * Every result column as plain text: text, then the row's `text2` and `text3` where given.
   */
  columns: string[];
}
/**
 * One row of an oracle table.
 */
export interface ActionRollOracleRow {
  /**
   * The record type.
   */
  type: "action_roll.OracleRow";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The lowest roll that gives this row; `None` for a row shown but never rolled (Datasworn's `min: null`).
   */
  low: number | null;
  /**
   * The highest roll that gives it (`None` with *low*).
   */
  high: number | null;
  /**
   * The result, as Datasworn Markdown.
   */
  text: string;
  /**
   * A second result column, if the table has one.
   */
  text2: string | null;
  /**
   * A third result column, if the table has one.
   */
  text3: string | null;
  /**
   * Further rolls the row asks for.
   */
  rolls: ActionRollOracleRoll[];
  /**
   * How the row's result reads once its rolls are made (Datasworn's `template.text`: `{{text:<table id>}}` marks where a roll's text goes), if it gives one.
   */
  template?: string | null;
}
/**
 * A further roll a table row asks for: "roll twice", or a roll on another table.
 */
export interface ActionRollOracleRoll {
  /**
   * The record type.
   */
  type: "action_roll.OracleRoll";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The id of the table to roll on; `None` for the same table.
   */
  oracle: string | null;
  /**
   * How many results to take, 1..10.
   */
  times: number;
  /**
   * Whether the roll is part of the result (Datasworn's `auto`); roll_table follows only these, the others are offered to the player in rolls.
   */
  auto: boolean;
  /**
   * What to do with a result already taken: `"reroll"`, `"keep"` or `"make_it_worse"` (kept; they compound).
   */
  duplicates: string;
}
/**
 * A table's cursed version: which table it is, and what it does to the result.
 */
export interface ActionRollCursedVersion {
  /**
   * The record type.
   */
  type: "action_roll.CursedVersion";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The id of the table that has a cursed version.
   */
  table: string;
  /**
   * The id of the cursed table.
   */
  cursed: string;
  /**
   * Replace the result, or add to it.
   */
  behavior: "replace_result" | "add_result";
}
/**
 * Delve the Depths made: the action roll and what its outcome led to.
 */
export interface ActionRollDelveResult {
  /**
   * The record type.
   */
  type: "action_roll.DelveResult";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The stat rolled (`edge`, `shadow` or `wits`).
   */
  stat: string;
  action: ActionRollActionResult;
  /**
   * On a weak hit, the roll on that stat's table.
   */
  depths: ActionRollTableRoll | null;
  /**
   * The roll on Find an Opportunity, when the outcome or the row asks for one.
   */
  opportunity: ActionRollTableRoll | null;
  /**
   * The roll on the site's dangers, when the outcome or the row asks for one.
   */
  danger: ActionRollTableRoll | null;
  /**
   * How many times progress was marked.
   */
  marks: number;
  /**
   * Whether the row lets the player choose (mark progress or find an opportunity) and no choice was given: nothing of it was applied.
   */
  to_choose: boolean;
  /**
   * The site after the move (progress marked).
   */
  site: ActionRollDelveSite | null;
  /**
   * The action roll's outcome.
   */
  outcome: "strong_hit" | "weak_hit" | "miss";
  /**
   * The display text of outcome.
   */
  outcome_label: "strong hit" | "weak hit" | "miss";
}
/**
 * A perilous site: its theme, its domain, its progress track (the rank), its denizens.
 */
export interface ActionRollDelveSite {
  /**
   * The record type.
   */
  type: "action_roll.DelveSite";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The site's name (its track's name too).
   */
  name: string;
  theme: ActionRollSiteTheme;
  domain: ActionRollSiteDomain;
  track: ActionRollProgressTrack;
  /**
   * Its denizen matrix (none for a site of your own until you fill it).
   */
  denizens: ActionRollDenizen[];
  /**
   * The Datasworn id of a ready-made site, if it is one.
   */
  id: string | null;
}
/**
 * A site theme card: its features and dangers, each a row on a range of the site's d100.
 */
export interface ActionRollSiteTheme {
  /**
   * The record type.
   */
  type: "action_roll.SiteTheme";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Its Datasworn `_id`.
   */
  id: string;
  /**
   * Its name ("Ancient").
   */
  name: string;
  /**
   * Its one-line summary.
   */
  summary: string;
  /**
   * Its feature rows.
   */
  features: ActionRollOracleRow[];
  /**
   * Its danger rows.
   */
  dangers: ActionRollOracleRow[];
  /**
   * Its text.
   */
  description: string;
}
/**
 * A site domain card: its features and dangers, and the table that names a site of it.
 */
export interface ActionRollSiteDomain {
  /**
   * The record type.
   */
  type: "action_roll.SiteDomain";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Its Datasworn `_id`.
   */
  id: string;
  /**
   * Its name ("Barrow").
   */
  name: string;
  /**
   * Its one-line summary.
   */
  summary: string;
  /**
   * Its feature rows.
   */
  features: ActionRollOracleRow[];
  /**
   * Its danger rows.
   */
  dangers: ActionRollOracleRow[];
  /**
   * Its text.
   */
  description: string;
  /**
   * The id of the oracle table for a place name of this domain, if any.
   */
  name_oracle: string | null;
}
/**
 * A slot of a site's denizen matrix: a range of a d100 roll, its frequency, and who is there.
 */
export interface ActionRollDenizen {
  /**
   * The record type.
   */
  type: "action_roll.Denizen";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The lowest roll of the slot.
   */
  low: number;
  /**
   * The highest roll of the slot.
   */
  high: number;
  /**
   * How common the slot is.
   */
  frequency: "very_common" | "common" | "uncommon" | "rare" | "unforeseen";
  /**
   * The id of the NPC there, if the data names one (empty slots are the player's to fill).
   */
  npc: string | null;
  /**
   * A name for this denizen ("Alva"), if any.
   */
  name: string | null;
}
/**
 * A delve site as the data describes it: a theme, a domain, a rank and its denizens.
 */
export interface ActionRollDelveSiteData {
  /**
   * The record type.
   */
  type: "action_roll.DelveSiteData";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Its Datasworn `_id`.
   */
  id: string;
  /**
   * Its name ("Alva's Rest").
   */
  name: string;
  /**
   * The id of its theme.
   */
  theme: string;
  /**
   * The id of its domain.
   */
  domain: string;
  /**
   * Its rank.
   */
  rank: "troublesome" | "dangerous" | "formidable" | "extreme" | "epic";
  /**
   * Its denizen matrix.
   */
  denizens: ActionRollDenizen[];
  /**
   * The atlas id of its region, if any.
   */
  region: string | null;
  /**
   * Its text.
   */
  description: string;
}
/**
 * A move from Datasworn data.
 */
export interface ActionRollMove {
  /**
   * The record type.
   */
  type: "action_roll.Move";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Its Datasworn `_id`.
   */
  id: string;
  /**
   * Its name ("Face Danger").
   */
  name: string;
  /**
   * What it rolls.
   */
  roll_type: "action_roll" | "progress_roll" | "no_roll" | "special_track";
  /**
   * The trigger text ("When you attempt something risky...").
   */
  trigger: string;
  /**
   * The trigger conditions, each with its roll options.
   */
  conditions: ActionRollTriggerCondition[];
  /**
   * Strong hit, weak hit and miss, in that order (empty for a move without a roll).
   */
  outcomes: ActionRollMoveOutcome[];
  /**
   * The whole move text (Datasworn Markdown).
   */
  text: string;
  /**
   * For a progress move, the kind of track it rolls against ("Vow", "Connection", "Expedition", "Combat", ...).
   */
  track_category: string | null;
  /**
   * Ids of oracle tables the move points to.
   */
  oracles: string[];
}
/**
 * What a move says for one outcome.
 */
export interface ActionRollMoveOutcome {
  /**
   * The record type.
   */
  type: "action_roll.MoveOutcome";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Strong hit, weak hit or miss.
   */
  outcome: "strong_hit" | "weak_hit" | "miss";
  /**
   * The outcome's text (Datasworn Markdown).
   */
  text: string;
  /**
   * A different text for the same outcome on a match, when the data gives one.
   */
  match_text: string | null;
}
/**
 * One way to make a move: a trigger condition and the roll option it uses.
 */
export interface ActionRollMoveOption {
  /**
   * The record type.
   */
  type: "action_roll.MoveOption";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Index of the trigger condition in conditions.
   */
  condition: number;
  /**
   * Index of the roll option in that condition; `None` when the condition takes the highest or lowest of its options, or gives an automatic outcome.
   */
  option: number | null;
  /**
   * What the option rolls: `edge`, `health`, `highest of iron, health`, `progress track`, `automatic strong hit`.
   */
  label: string;
  /**
   * What it adds for this character (`None`: a progress roll, an automatic outcome, or not available to this character).
   */
  value: number | null;
  /**
   * Why it is not available, when it is not.
   */
  reason: string;
  /**
   * For an option an asset ability adds: the index of that ability's enhancement in move_enhancements (*condition* then indexes its conditions); `None` for the move's own options.
   */
  source?: number | null;
  /**
   * For an option read from an asset (its meter, the meter of the vehicle it is attached to, an option written on it), that asset's id: each vehicle and each companion that can roll is its own option.
   */
  asset?: string | null;
}
/**
 * A move made: the roll (or automatic outcome) and what the move says for it.
 */
export interface ActionRollMoveResult {
  /**
   * The record type.
   */
  type: "action_roll.MoveResult";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The move's id.
   */
  move_id: string;
  /**
   * Its name.
   */
  move_name: string;
  /**
   * The option rolled (its label).
   */
  option: string;
  /**
   * The action roll, for an action-roll move.
   */
  action: ActionRollActionResult | null;
  /**
   * The progress roll, for a progress or special-track move.
   */
  progress: ActionRollProgressResult | null;
  /**
   * The outcome given without a roll, for an automatic option.
   */
  automatic: ("strong_hit" | "weak_hit" | "miss") | null;
  /**
   * For a condition that rolls every option in turn (Continue a Legacy: one roll per legacy track), one result per option.
   */
  parts?: ActionRollMoveResult[];
  /**
   * Strong hit, weak hit or miss (from the roll or the automatic outcome; with *parts*, the best of theirs: read each part for its own).
   */
  outcome: "strong_hit" | "weak_hit" | "miss";
  /**
   * Whether the challenge dice matched (with *parts*: in any part).
   */
  is_match: boolean;
  /**
   * What the move says for this outcome (its match variant on a match, when it has one).
   */
  outcome_text: string;
  /**
   * The asset abilities' enhancements used on this move, with the values their effects read for the character filled in ("add +its health": that health); their adds are in the roll (see rerolls).
   */
  used?: ActionRollMoveEnhancement[];
  /**
   * The changes made to the action roll after it was rolled, in order (a reroll an ability grants, the adds that come with it); the roll is then the last change's result (see reroll_move).
   */
  changes?: ActionRollRollChange[];
  /**
   * Which of used granted the reroll in changes.
   */
  rerolled_with?: number | null;
  /**
   * The display text of outcome.
   */
  outcome_label: "strong hit" | "weak hit" | "miss";
}
/**
 * A progress roll: the progress score against the two challenge dice.
 */
export interface ActionRollProgressResult {
  /**
   * The record type.
   */
  type: "action_roll.ProgressResult";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Filled boxes, 0..10.
   */
  progress_score: number;
  /**
   * The two d10.
   *
   * @minItems 2
   */
  challenge_dice: never[];
  /**
   * Strong hit, weak hit or miss.
   */
  outcome: "strong_hit" | "weak_hit" | "miss";
  /**
   * Whether the challenge dice are equal (matches count on progress rolls too).
   */
  is_match: boolean;
  /**
   * The display text of outcome.
   */
  outcome_label: "strong hit" | "weak hit" | "miss";
}
/**
 * An action roll before and after a change: dice rerolled, or adds after the roll.
 */
export interface ActionRollRollChange {
  /**
   * The record type.
   */
  type: "action_roll.RollChange";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * `"reroll"` or `"add"`.
   */
  kind: string;
  before: ActionRollActionResult;
  after: ActionRollActionResult;
  /**
   * For a reroll, which dice (names from DIE_NAMES).
   */
  rerolled: string[];
  /**
   * The outcome after the change.
   */
  outcome: "strong_hit" | "weak_hit" | "miss";
  /**
   * The display text of outcome.
   */
  outcome_label: "strong hit" | "weak hit" | "miss";
  /**
   * Whether the change gave a better outcome.
   */
  improved: boolean;
}
/**
 * A foe or person from a package's NPC section.
 */
export interface ActionRollNpc {
  /**
   * The record type.
   */
  type: "action_roll.Npc";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Its Datasworn `_id`.
   */
  id: string;
  /**
   * Its name.
   */
  name: string;
  /**
   * Its rank as a foe (troublesome .. epic), if the data gives one.
   */
  rank: ("troublesome" | "dangerous" | "formidable" | "extreme" | "epic") | null;
  /**
   * Its nature ("Ironlander", "Monster").
   */
  nature: string | null;
  /**
   * A short description, if any.
   */
  summary: string | null;
  /**
   * Its features, as listed.
   */
  features: string[];
  /**
   * Its drives.
   */
  drives: string[];
  /**
   * Its tactics.
   */
  tactics: string[];
  /**
   * Its variants.
   */
  variants: ActionRollNpcVariant[];
  /**
   * Its quest starter, if any.
   */
  quest_starter: string | null;
  /**
   * Its full text.
   */
  description: string;
  /**
   * Ids of oracle tables it holds (in tables).
   */
  tables: string[];
}
/**
 * A variant of an NPC ("Chiton queen").
 */
export interface ActionRollNpcVariant {
  /**
   * The record type.
   */
  type: "action_roll.NpcVariant";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Its Datasworn `_id`.
   */
  id: string;
  /**
   * Its name.
   */
  name: string;
  /**
   * Its rank, if the data gives one.
   */
  rank: ("troublesome" | "dangerous" | "formidable" | "extreme" | "epic") | null;
  /**
   * Its nature, if given.
   */
  nature: string | null;
  /**
   * Its text.
   */
  description: string;
}
/**
 * The answer to a yes/no question asked of the oracle.
 */
export interface ActionRollOracleAnswer {
  /**
   * The record type.
   */
  type: "action_roll.OracleAnswer";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The odds chosen before rolling.
   */
  odds: "almost_certain" | "likely" | "fifty_fifty" | "unlikely" | "small_chance";
  /**
   * The oracle roll, 1..100.
   */
  roll: number;
  /**
   * `True` for yes (the roll is at or under the odds' threshold).
   */
  answer: boolean;
  /**
   * Whether the roll is a match (an extreme result or a twist).
   */
  is_match: boolean;
}
/**
 * A group of oracle tables, as the data nests them.
 */
export interface ActionRollOracleCollection {
  /**
   * The record type.
   */
  type: "action_roll.OracleCollection";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Its Datasworn `_id`.
   */
  id: string;
  /**
   * Its name.
   */
  name: string;
  /**
   * Datasworn's `oracle_type`: `tables` (a folder of tables), `table_shared_rolls` or `table_shared_text` (one printed table whose columns are rolled separately).
   */
  kind: string;
  /**
   * Ids of the tables directly in it (in tables).
   */
  tables: string[];
  /**
   * The collections nested in it.
   */
  collections: ActionRollOracleCollection[];
}
/**
 * Several oracle rolls taken as one result: a table rolled more than once, or every table of a collection.
 */
export interface ActionRollOracleResults {
  /**
   * The record type.
   */
  type: "action_roll.OracleResults";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * What was rolled: the table's name, or the collection's.
   */
  name: string;
  /**
   * The table's or the collection's id.
   */
  source: string;
  /**
   * Each roll, in the order made.
   */
  rolls: ActionRollTableRoll[];
  /**
   * Rolls thrown away because they repeated a result already taken (rolling one table several times asks for different results).
   */
  discarded: ActionRollTableRoll[];
}
/**
 * A rollable oracle table: dice and the rows they select.
 */
export interface ActionRollOracleTable {
  /**
   * The record type.
   */
  type: "action_roll.OracleTable";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The table's id (its Datasworn `_id`, or a name of your own).
   */
  id: string;
  /**
   * The name shown in results.
   */
  name: string;
  /**
   * The rows, in order.
   */
  rows: ActionRollOracleRow[];
  /**
   * The dice rolled, as Datasworn writes them: `1d100` (the default), `1d10`, `2d6`, `1d6+2`.
   */
  dice: string;
  /**
   * What a match means on this table (Datasworn's `match`), for 1d100 tables that give one.
   */
  match_text: string | null;
  /**
   * The names of the result columns (`text`, `text2`, `text3`) where the data gives them: Starship Type's `("Class", "Typical Role")`.
   */
  column_labels?: string[];
  /**
   * How many times the table asks to be rolled, as `(least, most)` (Datasworn's `recommended_rolls`: First Look is rolled once or twice), if it says.
   */
  recommended_rolls?: never[] | null;
}
/**
 * One Datasworn package of a ruleset: what it is and which format it is written in.
 */
export interface ActionRollPackageInfo {
  /**
   * The record type.
   */
  type: "action_roll.PackageInfo";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The package's id (`starforged`, `sundered_isles`).
   */
  id: string;
  /**
   * `ruleset` (a base) or `expansion`.
   */
  kind: string;
  /**
   * For an expansion, the id of the ruleset it expands.
   */
  ruleset: string | null;
  /**
   * The Datasworn format version the package declares.
   */
  datasworn_version: string;
  /**
   * Its title.
   */
  title: string;
  /**
   * The license URL it declares.
   */
  license: string | null;
}
/**
 * A rarity: a relic that augments an asset, bought with experience.
 */
export interface ActionRollRarity {
  /**
   * The record type.
   */
  type: "action_roll.Rarity";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Its Datasworn `_id`.
   */
  id: string;
  /**
   * Its name.
   */
  name: string;
  /**
   * The id of the asset it augments.
   */
  asset: string;
  /**
   * The experience it costs.
   */
  xp_cost: number;
  /**
   * Its text.
   */
  description: string;
}
/**
 * Wield a Rarity made: the action roll with the rarity die as its action die, and what the die's face adds.
 */
export interface ActionRollRarityRoll {
  /**
   * The record type.
   */
  type: "action_roll.RarityRoll";
  /**
   * The format version of the type.
   */
  version: 1;
  action: ActionRollActionResult;
  /**
   * The rarity die's face.
   */
  rarity_die: number;
  /**
   * With 6 showing, "an automatic strong hit" (on any result); else the roll's outcome.
   */
  outcome: "strong_hit" | "weak_hit" | "miss";
  /**
   * The display text of outcome.
   */
  outcome_label: "strong hit" | "weak hit" | "miss";
  /**
   * Momentum the rarity gives: +1 with a 6 showing, +1 on a hit with a 5 showing, else 0.
   */
  momentum: number;
  /**
   * Whether "on a miss with 1 showing on the rarity die, the rarity's power fails or works against you".
   */
  backfires: boolean;
}
/**
 * An impact (Starforged) or debility (Classic) the rules name.
 */
export interface ActionRollRuleImpact {
  /**
   * The record type.
   */
  type: "action_roll.RuleImpact";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Its key (`wounded`).
   */
  key: string;
  /**
   * Its label.
   */
  label: string;
  /**
   * The key of its group (`misfortunes`, `conditions`, `banes`, `burdens`).
   */
  category: string;
  /**
   * The meters that cannot be raised while it is marked.
   */
  prevents_recovery: string[];
  /**
   * Whether it can never be cleared.
   */
  permanent: boolean;
  /**
   * Whether allies share it.
   */
  shared: boolean;
  /**
   * Its text.
   */
  description: string;
}
/**
 * A condition meter the rules name, with its range and starting value.
 */
export interface ActionRollRuleMeter {
  /**
   * The record type.
   */
  type: "action_roll.RuleMeter";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Its key (`health`).
   */
  key: string;
  /**
   * Its label.
   */
  label: string;
  /**
   * Its lowest value.
   */
  minimum: number;
  /**
   * Its highest value.
   */
  maximum: number;
  /**
   * Its starting value.
   */
  value: number;
  /**
   * Whether a move may roll it.
   */
  rollable: boolean;
  /**
   * Whether allies share it (supply).
   */
  shared: boolean;
  /**
   * Its text.
   */
  description: string;
}
/**
 * A stat the rules name (edge, heart, ...).
 */
export interface ActionRollRuleStat {
  /**
   * The record type.
   */
  type: "action_roll.RuleStat";
  /**
   * The format version of the type.
   */
  version: 1;
  key: string;
  label: string;
  description: string;
}
/**
 * A ruleset's rules section: stats, condition meters, impacts, special tracks and tags, by key.
 */
export interface ActionRollRules {
  /**
   * The record type.
   */
  type: "action_roll.Rules";
  /**
   * The format version of the type.
   */
  version: 1;
  stats: ActionRollRuleStat[];
  condition_meters: ActionRollRuleMeter[];
  impacts: ActionRollRuleImpact[];
  special_tracks: ActionRollSpecialTrack[];
  tags: string[];
}
/**
 * A special track the rules name: Classic's bonds, Starforged's legacies, Delve's failure track.
 */
export interface ActionRollSpecialTrack {
  /**
   * The record type.
   */
  type: "action_roll.SpecialTrack";
  /**
   * The format version of the type.
   */
  version: 1;
  key: string;
  label: string;
  optional: boolean;
  shared: boolean;
  description: string;
}
/**
 * A threat and its menace track, set against a vow.
 */
export interface ActionRollThreat {
  /**
   * The record type.
   */
  type: "action_roll.Threat";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The threat ("The blight").
   */
  name: string;
  /**
   * The vow it stands against (its name on the character's sheet).
   */
  vow: string;
  /**
   * How much one mark of menace fills: the vow's rank (the reading: see the module).
   */
  rank: "troublesome" | "dangerous" | "formidable" | "extreme" | "epic";
  /**
   * Ticks of menace marked, 0..40 (ten boxes of four).
   */
  menace: number;
  /**
   * Whether the last box is marked: "the threat achieves its goal ... You must Forsake Your Vow".
   */
  is_realized: boolean;
}
/**
 * Advance a Threat made: the roll, what its row did, and the threat after it.
 */
export interface ActionRollThreatAdvance {
  /**
   * The record type.
   */
  type: "action_roll.ThreatAdvance";
  /**
   * The format version of the type.
   */
  version: 1;
  threat: ActionRollThreat;
  roll: ActionRollTableRoll;
  /**
   * How many times menace was marked (0, 1 or 2).
   */
  marks: number;
  /**
   * Whether the row let the player try to prevent it ("If you succeed, Reach a Milestone. Otherwise, mark menace").
   */
  may_prevent: boolean;
  /**
   * Whether the player did (no menace then: Reach a Milestone instead).
   */
  prevented: boolean;
  /**
   * Whether the roll is a match: "this development also exposes a surprising aspect of the threat".
   */
  is_match: boolean;
  /**
   * Whether this advance fills the menace track: the player must Forsake Your Vow.
   */
  is_realized: boolean;
}
/**
 * A setting truth: a question with options on ranges of a roll.
 */
export interface ActionRollTruth {
  /**
   * The record type.
   */
  type: "action_roll.Truth";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Its Datasworn `_id`.
   */
  id: string;
  /**
   * Its name ("Cataclysm").
   */
  name: string;
  /**
   * The dice its options are rolled with (`1d100`).
   */
  dice: string;
  /**
   * Its options, in order.
   */
  options: ActionRollTruthOption[];
}
/**
 * One option of a truth, on a range of the truth's roll.
 */
export interface ActionRollTruthOption {
  /**
   * The record type.
   */
  type: "action_roll.TruthOption";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The lowest roll that gives it (`None` for an option that is chosen, never rolled).
   */
  low: number | null;
  /**
   * The highest roll that gives it.
   */
  high: number | null;
  /**
   * Its one-line summary (Datasworn Markdown; empty when the data gives none).
   */
  summary: string;
  /**
   * Its full text.
   */
  description: string;
  /**
   * Its quest starter, if any.
   */
  quest_starter: string | null;
  /**
   * Ids of the oracle tables the option holds (in tables).
   */
  tables: string[];
}
/**
 * A truth rolled: the roll on its options, the option it chose, and the rolls on that option's tables.
 */
export interface ActionRollTruthRoll {
  /**
   * The record type.
   */
  type: "action_roll.TruthRoll";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The truth's id.
   */
  truth_id: string;
  /**
   * Its name.
   */
  truth_name: string;
  roll: ActionRollTableRoll;
  /**
   * The option the roll landed on (`None` in a gap).
   */
  option: ActionRollTruthOption | null;
  /**
   * The rolls on the option's own tables, in order.
   */
  tables: ActionRollTableRoll[];
}
/**
 * A fair die with faces 1..sides.
 */
export interface CoreDie {
  /**
   * The record type.
   */
  type: "core.Die";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Number of faces, at least 1.
   */
  sides: number;
}
/**
 * One die that was rolled: its size and the face it showed.
 */
export interface CoreDieRoll {
  /**
   * The record type.
   */
  type: "core.DieRoll";
  /**
   * The format version of the type.
   */
  version: 1;
  sides: number;
  value: number;
}
/**
 * A creature spends Action Points on an Action.
 */
export interface D20APSpent {
  /**
   * The record type.
   */
  type: "d20.APSpent";
  /**
   * The format version of the type.
   */
  version: 1;
  creature: string;
  ap: number;
  left: number;
  action: string;
}
/**
 * An ongoing Effect on one of its Targets.
 */
export interface D20ActiveEffect {
  /**
   * The record type.
   */
  type: "d20.ActiveEffect";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The Effect's id in the encounter (the same on every Target).
   */
  id: string;
  effect: D20Effect;
  /**
   * The Target's name.
   */
  target: string;
  left: D20Duration;
  /**
   * Conditions of the Effect that ended on this Target by their own "ends when" (Prone after rising, Charmed after the charmer harms you); the rest of the Effect goes on.
   */
  ended: (
    | "blinded"
    | "charmed"
    | "clumsy"
    | "deafened"
    | "defeated"
    | "doomed"
    | "fatigue"
    | "frightened"
    | "hasted"
    | "helpless"
    | "hidden"
    | "immobilized"
    | "impaired"
    | "incapacitated"
    | "invisible"
    | "off_guard"
    | "paralyzed"
    | "persistent_damage"
    | "petrified"
    | "prone"
    | "restrained"
    | "sickened"
    | "silenced"
    | "slowed"
    | "stable"
    | "staggered"
    | "stunned"
    | "surprised"
    | "unconscious"
    | "unfocused"
  )[];
  /**
   * The creature at the start of whose Turn the Duration counts down: the Turn the Effect was applied in (an N-Round Effect ends at the start of that creature's Turn N Rounds later). `None`: it counts down at the end of each Round (it was applied outside Rounds, before Initiative).
   */
  anchor?: string | null;
}
/**
 * One Effect: what it imposes, its creator, its Trigger and its Duration.
 */
export interface D20Effect {
  /**
   * The record type.
   */
  type: "d20.Effect";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The Effect's name; Effects with the same name are "the same Effect" for Stacking.
   */
  name: string;
  /**
   * Who created it (a creature's name in the encounter, or `"GM"`, `"environment"`...); only the creator can Dismiss it.
   */
  creator: string;
  /**
   * Conditions it imposes (names or members; see ONGOING_CONDITIONS).
   */
  conditions: (
    | "blinded"
    | "charmed"
    | "clumsy"
    | "deafened"
    | "defeated"
    | "doomed"
    | "fatigue"
    | "frightened"
    | "hasted"
    | "helpless"
    | "hidden"
    | "immobilized"
    | "impaired"
    | "incapacitated"
    | "invisible"
    | "off_guard"
    | "paralyzed"
    | "persistent_damage"
    | "petrified"
    | "prone"
    | "restrained"
    | "sickened"
    | "silenced"
    | "slowed"
    | "stable"
    | "staggered"
    | "stunned"
    | "surprised"
    | "unconscious"
    | "unfocused"
  )[];
  /**
   * A bonus (or penalty) on the Tests it covers.
   */
  modifiers: number;
  /**
   * Fortune on the Tests it covers.
   */
  fortune: boolean;
  /**
   * Misfortune on the Tests it covers.
   */
  misfortune: boolean;
  /**
   * The kinds of Test the Modifier, Fortune and Misfortune cover; empty: every Test.
   */
  tests: ("test" | "check" | "save" | "attack" | "spell" | "initiative" | "flat_roll")[];
  /**
   * `"actor"`: Tests the Target makes; `"target"`: Tests made against the Target.
   */
  side: "actor" | "target";
  /**
   * Damage dealt to each Target when it resolves (caused: it stays).
   */
  damage: number;
  /**
   * The Energy of that Damage (see Energy).
   */
  energy: string | null;
  /**
   * HP each Target regains when it resolves.
   */
  healing: number;
  /**
   * Temporary HP each Target gains (the higher amount is kept).
   */
  temporary_hp: number;
  /**
   * Persistent Damage it inflicts (needs *persistent_energy*).
   */
  persistent_damage: number;
  /**
   * The Energy of the Persistent Damage.
   */
  persistent_energy: string | null;
  /**
   * Fatigue each Target gains ("An Effect says so").
   */
  fatigue: number;
  /**
   * A Doomed value it gives each Target, tracked apart under the Effect's name and creator (Core Rule "Doomed": each Effect's Doomed separately). The Effect says its unit, when it counts down and what happens at 0: count it down with `Conditions.reduce("doomed", source=effect.label)`.
   */
  doomed: number;
  /**
   * How strong it is, for "use the strongest" when the same Effect applies more than once (higher is stronger); the Effect's author says.
   */
  strength: number;
  /**
   * What Triggers it; `None` or `"—"`: On Use.
   */
  trigger: string | null;
  /**
   * How long it lasts; `None`: Instant. `Duration.UNTIL_REMOVED` lasts until Dismissed or ended.
   */
  duration: D20Duration | null;
  /**
   * It needs a Willing Target.
   */
  needs_willing: boolean;
  /**
   * Its creator can Dismiss it (default: yes, "unless it says otherwise").
   */
  dismissable: boolean;
  /**
   * It harms its Targets (Charmed: you can't Target your charmer with harmful Effects, and the charmer harming you ends Charmed). Damage makes an Effect harmful whatever this says.
   */
  harmful: boolean;
  /**
   * Action Points spent to use it (On Use: it happens the moment the Cost is spent).
   */
  cost: number;
  /**
   * What it can target: any Target, Creatures only (a Defeated or Petrified creature is treated as an Object, except for restoration), Objects only, or Locations only.
   */
  target_kind: "any" | "creature" | "object" | "location";
  /**
   * The Range it Reaches to, in Spaces (Core Rule "Reach"): a Spell's or a Ranged or Thrown Weapon's listed Range; TOUCH_RANGE (1) for Touch Range. `None`: not measured (a Melee Attack then Reaches to Touch Range). Its Origin and its Targets lie within it.
   */
  reach?: number | null;
  /**
   * An Effect Area: the Range, in Spaces, of the sphere it fills around its Origin (its Targets lie within it). `None`: it Reaches along an Effect Line, which must be unobstructed.
   */
  area?: number | null;
  /**
   * It is a Grapple: the Restrained it imposes is escaped (the Effect ends on that Target) with EscapeGrapple.
   */
  grapple?: boolean;
  /**
   * A creature it makes Restrained or Sickened can roll to end that Condition (1 AP, Core Rules "Restrained" and "Sickened"); `False`: the Effect says you can't.
   */
  end_roll?: boolean;
  /**
   * The Senses it works through (`["visual"]`, `["auditory"]`; see Sense): Blinded creatures are Immune to visual Effects, Deafened ones to auditory Effects, Petrified ones to any of them.
   */
  senses?: ("sight" | "hearing" | "smell" | "taste" | "touch")[];
  /**
   * It needs its creator's Focus, "a sustained state of concentration you keep up by spending Action Points on each of your Turns": it ends when that Focus ends (Unfocused, a Turn without it kept up, another Focus started).
   */
  focus?: boolean;
  /**
   * The AP a Turn of Focus costs (the text gives none: default 1, an assumption).
   */
  focus_cost?: number;
  /**
   * Whether the Effect is Instant (no listed Duration): it ends as soon as it resolves.
   */
  is_instant: boolean;
  /**
   * Whether the Effect is On Use (no listed Trigger).
   */
  on_use: boolean;
  /**
   * Whether the Effect harms its Targets (marked harmful, or deals Damage or Persistent Damage).
   */
  is_harmful: boolean;
}
/**
 * How long an Effect lasts, counted in Rounds; `None` lasts until removed.
 */
export interface D20Duration {
  /**
   * The record type.
   */
  type: "d20.Duration";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Rounds left (0..10**12), or `None` for no time limit.
   */
  rounds: number | null;
}
/**
 * A creature joins the encounter (reinforcements, a summoned creature, a late arrival).
 */
export interface D20AddCombatant {
  /**
   * The record type.
   */
  type: "d20.AddCombatant";
  /**
   * The format version of the type.
   */
  version: 1;
  combatant: D20Combatant;
  /**
   * Its Initiative total, when the GM gives it; `None`: rolled.
   */
  initiative: number | null;
}
/**
 * One creature in an encounter.
 */
export interface D20Combatant {
  /**
   * The record type.
   */
  type: "d20.Combatant";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Its unique name in the encounter.
   */
  name: string;
  creature: D20Creature;
  /**
   * Its Initiative Modifier (added to the Initiative Test).
   */
  initiative: number;
  /**
   * The governing Trait that breaks Initiative ties.
   */
  trait: number;
  /**
   * Its side (allies share one); the encounter is over when every creature still standing is on one side.
   */
  side: string;
  /**
   * The Space it stands in, when the encounter has a map (every creature has one, or none does).
   */
  position?: D20Space | null;
  /**
   * Its Size in Spaces across (1: one tile); a creature at least as large as an assembly of Objects can manipulate it as one Object.
   */
  size?: number;
  /**
   * The most Spaces one Move Action takes it (`None`: the caller checks).
   */
  speed?: number | null;
  /**
   * How many Creatures this swarm is made of (0: not a swarm); a swarm is treated as a single Creature.
   */
  swarm?: number;
  /**
   * Large enough to function as terrain: it also counts as a Location.
   */
  terrain?: boolean;
  /**
   * Its Body Trait (Body Saves, Melee Attacks).
   */
  body?: number;
  /**
   * Its Mind Trait (Mind Saves, Ranged and Thrown Attacks). Its Soul is the creature's soul.
   */
  mind?: number;
  /**
   * The Attacks it holds (AttackProfile), each named once, its own (created by it): AttackWith names one.
   */
  attacks?: D20AttackProfile[];
  /**
   * The Effects it holds (its Spells, Feats, reactions), each named once and created by it: UseAbility names one.
   */
  effects?: D20Effect[];
}
/**
 * One creature's HP, Temporary HP, Soul, Conditions and base Action Points.
 */
export interface D20Creature {
  /**
   * The record type.
   */
  type: "d20.Creature";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Maximum Hit Points, at least 1.
   */
  max_hp: number;
  /**
   * Current Hit Points, 0..max_hp (defaults to max_hp).
   */
  hp: number;
  /**
   * Temporary HP, absorbed before HP.
   */
  temp_hp: number;
  /**
   * The Soul Trait (for the Doomed roll at 0 HP).
   */
  soul: number;
  conditions: D20Conditions;
  /**
   * AP per Turn before Conditions; default 3 (an assumption, see the module).
   */
  base_action_points: number;
  /**
   * AP gained at the start of a Turn with the current Conditions.
   */
  action_points: number;
  /**
   * Whether the creature is Defeated.
   */
  is_defeated: boolean;
}
/**
 * The Conditions on one creature: a frozen state; every change returns a new one.
 */
export interface D20Conditions {
  /**
   * The record type.
   */
  type: "d20.Conditions";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The Condition instances the creature has been given.
   */
  instances: D20ConditionInstance[];
  /**
   * Which Conditions suppress which.
   */
  suppressions: D20Suppression[];
}
/**
 * One instance of a Condition on a creature.
 */
export interface D20ConditionInstance {
  /**
   * The record type.
   */
  type: "d20.ConditionInstance";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The Condition.
   */
  condition:
    | "blinded"
    | "charmed"
    | "clumsy"
    | "deafened"
    | "defeated"
    | "doomed"
    | "fatigue"
    | "frightened"
    | "hasted"
    | "helpless"
    | "hidden"
    | "immobilized"
    | "impaired"
    | "incapacitated"
    | "invisible"
    | "off_guard"
    | "paralyzed"
    | "persistent_damage"
    | "petrified"
    | "prone"
    | "restrained"
    | "sickened"
    | "silenced"
    | "slowed"
    | "stable"
    | "staggered"
    | "stunned"
    | "surprised"
    | "unconscious"
    | "unfocused";
  duration: D20Duration;
  /**
   * Fatigue and Persistent Damage values; the Doomed value (`None` while still to be rolled, as at 0 HP before your next Turn). Other Conditions take no value.
   */
  value: number | null;
  /**
   * What imposed it (Doomed is tracked per source).
   */
  source: string;
  /**
   * The Energy of Persistent Damage (required for it, refused for others).
   */
  energy: string | null;
  /**
   * After a Setback on a roll to end it (Persistent Damage, Sickened), the next roll to end it is Low Stakes.
   */
  easier_end: boolean;
  /**
   * The id of the ongoing Effect that imposes this instance (it ends when that Effect ends or is Dismissed); `None` for a Condition caused and left behind. Instances of different Effects are tracked apart, so ending one leaves the other.
   */
  effect: string | null;
  /**
   * In an encounter, the creature at the start of whose Turn this instance's own Duration counts down: the Turn it was gained in (Persistent Damage's minute, Stable's hours count from then). `None`: it counts down at the end of each Round (gained outside Rounds), or it has no Duration of its own.
   */
  anchor?: string | null;
}
/**
 * One Condition suppressing another: the suppressed one has no effect while *by* is present.
 */
export interface D20Suppression {
  /**
   * The record type.
   */
  type: "d20.Suppression";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The suppressed Condition.
   */
  condition:
    | "blinded"
    | "charmed"
    | "clumsy"
    | "deafened"
    | "defeated"
    | "doomed"
    | "fatigue"
    | "frightened"
    | "hasted"
    | "helpless"
    | "hidden"
    | "immobilized"
    | "impaired"
    | "incapacitated"
    | "invisible"
    | "off_guard"
    | "paralyzed"
    | "persistent_damage"
    | "petrified"
    | "prone"
    | "restrained"
    | "sickened"
    | "silenced"
    | "slowed"
    | "stable"
    | "staggered"
    | "stunned"
    | "surprised"
    | "unconscious"
    | "unfocused";
  /**
   * The Condition suppressing it.
   */
  by:
    | "blinded"
    | "charmed"
    | "clumsy"
    | "deafened"
    | "defeated"
    | "doomed"
    | "fatigue"
    | "frightened"
    | "hasted"
    | "helpless"
    | "hidden"
    | "immobilized"
    | "impaired"
    | "incapacitated"
    | "invisible"
    | "off_guard"
    | "paralyzed"
    | "persistent_damage"
    | "petrified"
    | "prone"
    | "restrained"
    | "sickened"
    | "silenced"
    | "slowed"
    | "stable"
    | "staggered"
    | "stunned"
    | "surprised"
    | "unconscious"
    | "unfocused";
}
/**
 * One grid tile: a position in Spaces.
 */
export interface D20Space {
  /**
   * The record type.
   */
  type: "d20.Space";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Across.
   */
  x: number;
  /**
   * Along.
   */
  y: number;
  /**
   * Up (0 on the ground; a fall drops 1 or more Spaces).
   */
  z: number;
}
/**
 * An Attack a creature holds: what a hit does, what it is made with, its Modifier and Stakes.
 */
export interface D20AttackProfile {
  /**
   * The record type.
   */
  type: "d20.AttackProfile";
  /**
   * The format version of the type.
   */
  version: 1;
  effect: D20Effect;
  /**
   * What it is made with: melee, ranged, thrown or spell (the Trait it adds).
   */
  attack: string;
  /**
   * Modifiers beyond the Trait (Proficiency, a magic weapon).
   */
  modifier: number;
  /**
   * The Attack's Stakes.
   */
  stakes: "low" | "mid" | "high";
  /**
   * Whether a Setback hits (the GM's call: "achieve your goal but face a complication, or fail your goal but avoid a complication").
   */
  hit_on_setback: boolean;
  /**
   * The attack's name: its Effect's.
   */
  name: string;
}
/**
 * The current creature Attacks: a Check against the Target, and on a hit the Effect resolves on it.
 */
export interface D20Attack {
  /**
   * The record type.
   */
  type: "d20.Attack";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The creature attacked.
   */
  target: string;
  effect: D20Effect;
  /**
   * The Attack's Stakes.
   */
  stakes: "low" | "mid" | "high";
  /**
   * The Trait and other Modifiers of the Attack.
   */
  modifier: number;
  /**
   * What it is made with (melee, ranged, thrown...), for the Trait rules.
   */
  attack: string;
  /**
   * Whether a Setback hits.
   */
  hit_on_setback: boolean;
}
/**
 * The current creature Attacks with an Attack it holds (see AttackProfile).
 */
export interface D20AttackWith {
  /**
   * The record type.
   */
  type: "d20.AttackWith";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The Attack's name.
   */
  attack: string;
  /**
   * The creature attacked.
   */
  target: string;
  /**
   * A Modifier of the situation (cover, a height).
   */
  modifier: number;
}
/**
 * A creature joins the encounter: its Initiative (rolled or given) and the new Turn order.
 */
export interface D20CombatantAdded {
  /**
   * The record type.
   */
  type: "d20.CombatantAdded";
  /**
   * The format version of the type.
   */
  version: 1;
  name: string;
  roll: D20RolledTotal | null;
  total: number | null;
  order: string[];
}
/**
 * The dice and Modifiers of one Test, and its Test Total (no Stakes: a Contest reads totals).
 */
export interface D20RolledTotal {
  /**
   * The record type.
   */
  type: "d20.RolledTotal";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The kind of Test (Check, Save, ...); names it in the result.
   */
  kind: "test" | "check" | "save" | "attack" | "spell" | "initiative" | "flat_roll";
  /**
   * The d20, 1..20.
   */
  flat_roll: number;
  /**
   * Every Modifier applied, each with its source.
   */
  modifiers: D20Modifier[];
  /**
   * One reason per instance of Fortune (`True` means one, the GM's call).
   */
  fortune: string[];
  /**
   * One reason per instance of Misfortune.
   */
  misfortune: string[];
  /**
   * The extra d6, 1..6: given exactly when Fortune and Misfortune do not cancel (one side has instances, the other none).
   */
  fortune_die: number | null;
  /**
   * The creature's Fatigue, 0..10, subtracted from the Test Total.
   */
  fatigue: number;
  /**
   * Reasons the Test fails whatever the dice show (Blinded on a Test that needs Sight, Helpless on a Body Save).
   */
  automatic_failure: string[];
  /**
   * The sum of the Modifiers (not the d6, not Fatigue).
   */
  modifier: number;
  /**
   * The Test Total: Flat Roll + Modifiers +/- the d6 - Fatigue.
   */
  total: number;
}
/**
 * One bonus (positive) or penalty (negative) and the rule or source it comes from.
 */
export interface D20Modifier {
  /**
   * The record type.
   */
  type: "d20.Modifier";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The bonus or penalty.
   */
  value: number;
  /**
   * What produced it, for example `"Skill: Brawn"` or `"Trait: Body"`.
   */
  source: string;
}
/**
 * A creature leaves the encounter (flees, is dismissed, the GM removes it).
 */
export interface D20CombatantRemoved {
  /**
   * The record type.
   */
  type: "d20.CombatantRemoved";
  /**
   * The format version of the type.
   */
  version: 1;
  name: string;
  reason: string;
}
/**
 * What a Condition brings with it: the record `tabletop condition NAME --json` prints.
 */
export interface D20ConditionImplications {
  /**
   * The record type.
   */
  type: "d20.ConditionImplications";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The Condition.
   */
  condition:
    | "blinded"
    | "charmed"
    | "clumsy"
    | "deafened"
    | "defeated"
    | "doomed"
    | "fatigue"
    | "frightened"
    | "hasted"
    | "helpless"
    | "hidden"
    | "immobilized"
    | "impaired"
    | "incapacitated"
    | "invisible"
    | "off_guard"
    | "paralyzed"
    | "persistent_damage"
    | "petrified"
    | "prone"
    | "restrained"
    | "sickened"
    | "silenced"
    | "slowed"
    | "stable"
    | "staggered"
    | "stunned"
    | "surprised"
    | "unconscious"
    | "unfocused";
  /**
   * The Conditions its own rule gives (one step), by name.
   */
  gives: (
    | "blinded"
    | "charmed"
    | "clumsy"
    | "deafened"
    | "defeated"
    | "doomed"
    | "fatigue"
    | "frightened"
    | "hasted"
    | "helpless"
    | "hidden"
    | "immobilized"
    | "impaired"
    | "incapacitated"
    | "invisible"
    | "off_guard"
    | "paralyzed"
    | "persistent_damage"
    | "petrified"
    | "prone"
    | "restrained"
    | "sickened"
    | "silenced"
    | "slowed"
    | "stable"
    | "staggered"
    | "stunned"
    | "surprised"
    | "unconscious"
    | "unfocused"
  )[];
  /**
   * Every Condition it brings with it, transitively, by name.
   */
  implied: (
    | "blinded"
    | "charmed"
    | "clumsy"
    | "deafened"
    | "defeated"
    | "doomed"
    | "fatigue"
    | "frightened"
    | "hasted"
    | "helpless"
    | "hidden"
    | "immobilized"
    | "impaired"
    | "incapacitated"
    | "invisible"
    | "off_guard"
    | "paralyzed"
    | "persistent_damage"
    | "petrified"
    | "prone"
    | "restrained"
    | "sickened"
    | "silenced"
    | "slowed"
    | "stable"
    | "staggered"
    | "stunned"
    | "surprised"
    | "unconscious"
    | "unfocused"
  )[];
}
/**
 * Conditions a creature gained and lost (given or implied), and why.
 */
export interface D20ConditionsChanged {
  /**
   * The record type.
   */
  type: "d20.ConditionsChanged";
  /**
   * The format version of the type.
   */
  version: 1;
  creature: string;
  gained: (
    | "blinded"
    | "charmed"
    | "clumsy"
    | "deafened"
    | "defeated"
    | "doomed"
    | "fatigue"
    | "frightened"
    | "hasted"
    | "helpless"
    | "hidden"
    | "immobilized"
    | "impaired"
    | "incapacitated"
    | "invisible"
    | "off_guard"
    | "paralyzed"
    | "persistent_damage"
    | "petrified"
    | "prone"
    | "restrained"
    | "sickened"
    | "silenced"
    | "slowed"
    | "stable"
    | "staggered"
    | "stunned"
    | "surprised"
    | "unconscious"
    | "unfocused"
  )[];
  ended: (
    | "blinded"
    | "charmed"
    | "clumsy"
    | "deafened"
    | "defeated"
    | "doomed"
    | "fatigue"
    | "frightened"
    | "hasted"
    | "helpless"
    | "hidden"
    | "immobilized"
    | "impaired"
    | "incapacitated"
    | "invisible"
    | "off_guard"
    | "paralyzed"
    | "persistent_damage"
    | "petrified"
    | "prone"
    | "restrained"
    | "sickened"
    | "silenced"
    | "slowed"
    | "stable"
    | "staggered"
    | "stunned"
    | "surprised"
    | "unconscious"
    | "unfocused"
  )[];
  reason: string;
}
/**
 * Who won a Contest, and which step of the rule decided it.
 */
export interface D20ContestResult {
  /**
   * The record type.
   */
  type: "d20.ContestResult";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The actor's Test Total.
   */
  actor_total: number;
  /**
   * The Target's Test Total.
   */
  target_total: number;
  /**
   * The actor's governing Trait value (used only on a tie).
   */
  actor_trait: number;
  /**
   * The Target's governing Trait value.
   */
  target_trait: number;
  /**
   * Whether the actor failed its Test automatically (then the Target wins).
   */
  actor_fails: boolean;
  /**
   * Whether the Target failed automatically (then the actor wins, unless it failed too).
   */
  target_fails: boolean;
  /**
   * The step of the rule that picked the winner.
   */
  decided_by: "total" | "trait" | "target_wins_ties" | "automatic_failure";
  /**
   * The display text of decided_by.
   */
  decided_by_label: "total" | "trait" | "target wins ties" | "automatic failure";
  /**
   * ACTOR or TARGET.
   */
  winner: "actor" | "target";
  /**
   * The display text of winner.
   */
  winner_label: "actor" | "target";
  /**
   * Success or Failure for the actor (a Contest has no Setback).
   */
  outcome: "success" | "setback" | "failure";
  /**
   * The display text of outcome.
   */
  outcome_label: "success" | "setback" | "failure";
}
/**
 * A rolled Contest: both sides' dice and Modifiers, and the result.
 */
export interface D20ContestRoll {
  /**
   * The record type.
   */
  type: "d20.ContestRoll";
  /**
   * The format version of the type.
   */
  version: 1;
  actor: D20RolledTotal;
  target: D20RolledTotal;
  /**
   * The actor's governing Trait value.
   */
  actor_trait: number;
  /**
   * The Target's governing Trait value.
   */
  target_trait: number;
  /**
   * The side that won.
   */
  winner: "actor" | "target";
  /**
   * The display text of winner.
   */
  winner_label: "actor" | "target";
  /**
   * Success or Failure for the actor.
   */
  outcome: "success" | "setback" | "failure";
  /**
   * The display text of outcome.
   */
  outcome_label: "success" | "setback" | "failure";
}
/**
 * The GM counts a Doomed value down, when the Effect that made it says it does (at 0 it ends).
 */
export interface D20CountDownDoomed {
  /**
   * The record type.
   */
  type: "d20.CountDownDoomed";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The creature.
   */
  target: string;
  /**
   * Which Doomed (`None`: the only one it has).
   */
  source: string | null;
  /**
   * How much.
   */
  by: number;
}
/**
 * Damage a creature (an Attack's Damage, a fall, the GM's ruling).
 */
export interface D20Damage {
  /**
   * The record type.
   */
  type: "d20.Damage";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The creature damaged.
   */
  target: string;
  /**
   * The Damage.
   */
  amount: number;
  /**
   * Its Energy, if any.
   */
  energy: string | null;
  /**
   * The creature dealing it (a charmer harming you ends Charmed; an Undetected attacker Surprises you).
   */
  by: string | null;
  /**
   * What dealt it, for the events.
   */
  source: string;
}
/**
 * A creature takes Damage (Temporary HP absorbs first).
 */
export interface D20DamageTaken {
  /**
   * The record type.
   */
  type: "d20.DamageTaken";
  /**
   * The format version of the type.
   */
  version: 1;
  creature: string;
  amount: number;
  hp: number;
  temp_hp: number;
  energy: string | null;
  source: string;
}
/**
 * How one creature detects another changed.
 */
export interface D20DetectionChanged {
  /**
   * The record type.
   */
  type: "d20.DetectionChanged";
  /**
   * The format version of the type.
   */
  version: 1;
  observer: string;
  subject: string;
  before: "observed" | "hidden" | "undetected";
  after: "observed" | "hidden" | "undetected";
  reason: string;
}
/**
 * The creator Dismisses its ongoing Effect (0 AP): it ends on every Target.
 */
export interface D20Dismiss {
  /**
   * The record type.
   */
  type: "d20.Dismiss";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The Effect's id (from its EffectApplied).
   */
  effect: string;
  /**
   * Who Dismisses it (must be its creator).
   */
  by: string;
}
/**
 * The current creature's Dispatch succeeds against a Helpless creature at 0 HP: it is Defeated.
 */
export interface D20Dispatch {
  /**
   * The record type.
   */
  type: "d20.Dispatch";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The creature dispatched.
   */
  target: string;
  /**
   * The Action's Cost.
   */
  ap: number;
}
/**
 * A Doomed value counts down (the GM, when its Effect says so); at 0 it ends.
 */
export interface D20DoomedCountedDown {
  /**
   * The record type.
   */
  type: "d20.DoomedCountedDown";
  /**
   * The format version of the type.
   */
  version: 1;
  creature: string;
  source: string;
  before: number;
  after: number;
}
/**
 * The Doomed value of Staggered at 0 HP rolled while time passes outside Rounds (1d4 + Soul, minimum 1).
 */
export interface D20DoomedRolled {
  /**
   * The record type.
   */
  type: "d20.DoomedRolled";
  /**
   * The format version of the type.
   */
  version: 1;
  creature: string;
  d4: number;
  soul: number;
  value: number;
}
/**
 * An Effect resolves on its Targets (an ongoing one gets an id for Dismiss).
 */
export interface D20EffectApplied {
  /**
   * The record type.
   */
  type: "d20.EffectApplied";
  /**
   * The format version of the type.
   */
  version: 1;
  id: string;
  effect: D20Effect;
  targets: string[];
}
/**
 * An ongoing Effect ends on one Target.
 */
export interface D20EffectEnded {
  /**
   * The record type.
   */
  type: "d20.EffectEnded";
  /**
   * The format version of the type.
   */
  version: 1;
  id: string;
  name: string;
  target: string;
  reason: string;
}
/**
 * A frozen encounter: its creatures, ongoing Effects, detection, Turn order, Round and AP.
 */
export interface D20Encounter {
  /**
   * The record type.
   */
  type: "d20.Encounter";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The creatures, in the order listed (which breaks final Initiative ties).
   */
  combatants: D20Combatant[];
  /**
   * Ongoing Effects, one record per Target.
   */
  effects: D20ActiveEffect[];
  /**
   * Detection states that differ from what Conditions give.
   */
  sightings: D20Sighting[];
  /**
   * The Turn order (set by Initiative; empty before).
   */
  order: string[];
  /**
   * The Round (0 before Initiative).
   */
  round: number;
  /**
   * The index in *order* of the creature whose Turn it is.
   */
  turn: number;
  /**
   * AP left in the current Turn.
   */
  ap: number;
  /**
   * The number of the next ongoing Effect's id (`e1`, `e2`...).
   */
  next_id: number;
  /**
   * The responses to Triggers made this Round (one Action per Trigger).
   */
  responses: D20Response[];
  /**
   * The Objects in the encounter (Thing), Targets of Effects.
   */
  things?: D20Thing[];
  /**
   * Spaces of terrain: nothing moves into them and they obstruct Effect Lines.
   */
  blocked?: D20Space[];
  /**
   * How distances are counted in Spaces (see Metric).
   */
  metric?: "chebyshev" | "euclidean";
  /**
   * The AP other creatures kept from their last Turn (for Triggered Effects).
   */
  held?: D20HeldAP[];
  /**
   * The Focus Effects the current creature has kept up this Turn.
   */
  focus_kept?: string[];
  /**
   * The Initiative total of each place in *order* (where a newcomer joins).
   */
  totals?: number[];
  /**
   * The name of the creature whose Turn it is (`None` before Initiative).
   */
  current: string | null;
  /**
   * Whether every creature still standing (not Defeated) is on one side.
   */
  is_over: boolean;
}
/**
 * How *observer* detects *subject*.
 */
export interface D20Sighting {
  /**
   * The record type.
   */
  type: "d20.Sighting";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The creature looking.
   */
  observer: string;
  /**
   * The creature looked for.
   */
  subject: string;
  /**
   * Observed, Hidden or Undetected.
   */
  state: "observed" | "hidden" | "undetected";
}
/**
 * A creature has used its one Action in response to one occurrence of a Trigger this Round.
 */
export interface D20Response {
  /**
   * The record type.
   */
  type: "d20.Response";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Who responded.
   */
  creature: string;
  /**
   * The occurrence it answered.
   */
  trigger: string;
}
/**
 * An Object in an encounter: an inanimate, discrete Target (named so as not to shadow Python's `object`).
 */
export interface D20Thing {
  /**
   * The record type.
   */
  type: "d20.Thing";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Its unique name in the encounter (no creature or other Object has it).
   */
  name: string;
  /**
   * The Space it lies in, when the encounter has a map.
   */
  position: D20Space | null;
  /**
   * Its Size in Spaces across.
   */
  size: number;
  /**
   * Its Hit Points, if the GM tracks them (Damage lowers them to 0: broken); `None`: Damage is reported and the GM rules what it does.
   */
  hp: number | null;
  /**
   * The Objects of the encounter it is an assembly of.
   */
  parts: string[];
  /**
   * Large enough to function as terrain: it also counts as a Location, and it obstructs Effect Lines.
   */
  terrain: boolean;
}
/**
 * The AP a creature kept when its Turn ended, for Triggered Effects until its next Turn starts.
 */
export interface D20HeldAP {
  /**
   * The record type.
   */
  type: "d20.HeldAP";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Who holds them.
   */
  creature: string;
  /**
   * How many (at least 1).
   */
  ap: number;
}
/**
 * What simulate_encounter found: how many fights each side won, and at what cost.
 */
export interface D20EncounterSimulation {
  /**
   * The record type.
   */
  type: "d20.EncounterSimulation";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Fights played.
   */
  runs: number;
  /**
   * Who played each side (`"heroes: focus fire; monsters: weakest"`).
   */
  policies: string;
  /**
   * Fights each side won (the only side with a creature not Defeated).
   */
  wins: {
    [k: string]: number;
  };
  /**
   * Fights that ended with every creature Defeated.
   */
  draws: number;
  /**
   * Fights still going when the Round limit was reached.
   */
  timeouts: number;
  /**
   * How many Rounds each fight took (Rounds -> fights): the Round it was decided in (a defeat at a Round's end counts in that Round), or the limit.
   */
  rounds: {
    [k: string]: number;
  };
  /**
   * Each creature's HP at the end, added over the fights.
   */
  hp_left: {
    [k: string]: number;
  };
  /**
   * In how many fights each creature ended Defeated.
   */
  defeated: {
    [k: string]: number;
  };
  /**
   * Each creature's side.
   */
  sides: {
    [k: string]: string;
  };
}
/**
 * One applied action: the encounter after it and what happened, in order.
 */
export interface D20EncounterStep {
  /**
   * The record type.
   */
  type: "d20.EncounterStep";
  /**
   * The format version of the type.
   */
  version: 1;
  encounter: D20Encounter;
  /**
   * The typed events, each with `str()` and `to_dict()`.
   */
  events: (
    | D20APSpent
    | D20CombatantAdded
    | D20CombatantRemoved
    | D20ConditionsChanged
    | D20DamageTaken
    | D20DetectionChanged
    | D20DoomedCountedDown
    | D20DoomedRolled
    | D20EffectApplied
    | D20EffectEnded
    | D20Healed
    | D20InitiativeRolled
    | D20LongRestFinished
    | D20Moved
    | D20RoundEnded
    | D20RoundStarted
    | D20RoundsEnded
    | D20TemporaryHPGained
    | D20TestMade
    | D20ThingDamaged
    | D20TimePassed
    | D20TurnEnded
    | D20TurnSkipped
    | D20TurnStarted
    | D20Unaffected
  )[];
}
/**
 * A creature regains HP.
 */
export interface D20Healed {
  /**
   * The record type.
   */
  type: "d20.Healed";
  /**
   * The format version of the type.
   */
  version: 1;
  creature: string;
  amount: number;
  hp: number;
  source: string;
}
/**
 * Every creature's Initiative Test and the Turn order they give.
 */
export interface D20InitiativeRolled {
  /**
   * The record type.
   */
  type: "d20.InitiativeRolled";
  /**
   * The format version of the type.
   */
  version: 1;
  entries: D20InitiativeEntry[];
  order: string[];
}
/**
 * One creature's Initiative Test and the Trait that breaks ties.
 */
export interface D20InitiativeEntry {
  /**
   * The record type.
   */
  type: "d20.InitiativeEntry";
  /**
   * The format version of the type.
   */
  version: 1;
  creature: string;
  roll: D20RolledTotal;
  trait: number;
}
/**
 * Creatures finish a Long Rest (each removes 1 Fatigue).
 */
export interface D20LongRestFinished {
  /**
   * The record type.
   */
  type: "d20.LongRestFinished";
  /**
   * The format version of the type.
   */
  version: 1;
  creatures: string[];
  hours: number;
}
/**
 * A creature or an Object changed Space (a Move Action, a Crawl, or the GM placing it).
 */
export interface D20Moved {
  /**
   * The record type.
   */
  type: "d20.Moved";
  /**
   * The format version of the type.
   */
  version: 1;
  name: string;
  from_space: D20Space | null;
  to: D20Space;
  how: string;
}
/**
 * A Round ends: Doomed values count down, and Durations applied outside a Turn run 1 Round.
 */
export interface D20RoundEnded {
  /**
   * The record type.
   */
  type: "d20.RoundEnded";
  /**
   * The format version of the type.
   */
  version: 1;
  round: number;
}
/**
 * A Round begins.
 */
export interface D20RoundStarted {
  /**
   * The record type.
   */
  type: "d20.RoundStarted";
  /**
   * The format version of the type.
   */
  version: 1;
  round: number;
}
/**
 * The GM stops tracking Rounds (the fight is over): time now passes in minutes, hours and days.
 */
export interface D20RoundsEnded {
  /**
   * The record type.
   */
  type: "d20.RoundsEnded";
  /**
   * The format version of the type.
   */
  version: 1;
  round: number;
  reason: string;
}
/**
 * A creature gains Temporary HP (the higher amount is kept).
 */
export interface D20TemporaryHPGained {
  /**
   * The record type.
   */
  type: "d20.TemporaryHPGained";
  /**
   * The format version of the type.
   */
  version: 1;
  creature: string;
  amount: number;
  temp_hp: number;
}
/**
 * A creature makes a Test for the encounter (Hide, Sneak, Search, a roll to end a Condition).
 */
export interface D20TestMade {
  /**
   * The record type.
   */
  type: "d20.TestMade";
  /**
   * The format version of the type.
   */
  version: 1;
  creature: string;
  purpose: string;
  roll: D20TestRoll;
}
/**
 * A Test read against its Stakes: every die, every Modifier, the Test Total and the Test Result.
 */
export interface D20TestRoll {
  /**
   * The record type.
   */
  type: "d20.TestRoll";
  /**
   * The format version of the type.
   */
  version: 1;
  kind: "test" | "check" | "save" | "attack" | "spell" | "initiative" | "flat_roll";
  flat_roll: number;
  modifiers: D20Modifier[];
  fortune: string[];
  misfortune: string[];
  fortune_die: number | null;
  fatigue: number;
  automatic_failure: string[];
  /**
   * The Stakes the Test Total is read against.
   */
  stakes: "low" | "mid" | "high";
  /**
   * The sum of the Modifiers (not the d6, not Fatigue).
   */
  modifier: number;
  /**
   * The Test Total: Flat Roll + Modifiers +/- the d6 - Fatigue.
   */
  total: number;
  /**
   * The Test Result: the total read against the Stakes, or Failure if the Test fails automatically.
   */
  outcome: "success" | "setback" | "failure";
  /**
   * The display text of outcome.
   */
  outcome_label: "success" | "setback" | "failure";
}
/**
 * An Object takes Damage: its HP when the GM tracks them (0: broken).
 */
export interface D20ThingDamaged {
  /**
   * The record type.
   */
  type: "d20.ThingDamaged";
  /**
   * The format version of the type.
   */
  version: 1;
  thing: string;
  amount: number;
  hp: number | null;
  energy: string | null;
  source: string;
}
/**
 * Time passes outside Rounds (counted in Rounds: 1 minute is 10).
 */
export interface D20TimePassed {
  /**
   * The record type.
   */
  type: "d20.TimePassed";
  /**
   * The format version of the type.
   */
  version: 1;
  rounds: number;
}
/**
 * A creature's Turn ends: Persistent Damage taken and its Flat Rolls.
 */
export interface D20TurnEnded {
  /**
   * The record type.
   */
  type: "d20.TurnEnded";
  /**
   * The format version of the type.
   */
  version: 1;
  creature: string;
  damage: number;
  energies: string[];
  rolls: D20TestRoll[];
}
/**
 * A creature's Turn passes without it acting (it is Defeated).
 */
export interface D20TurnSkipped {
  /**
   * The record type.
   */
  type: "d20.TurnSkipped";
  /**
   * The format version of the type.
   */
  version: 1;
  creature: string;
  reason: string;
}
/**
 * A creature's Turn starts: its AP, and the Doomed roll when one was due.
 */
export interface D20TurnStarted {
  /**
   * The record type.
   */
  type: "d20.TurnStarted";
  /**
   * The format version of the type.
   */
  version: 1;
  creature: string;
  ap: number;
  doomed_d4: number | null;
  doomed: number | null;
}
/**
 * Something did not reach a creature, and why: Immune through a Sense, Petrified HP, Defeated.
 */
export interface D20Unaffected {
  /**
   * The record type.
   */
  type: "d20.Unaffected";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The creature.
   */
  target: string;
  /**
   * The Effect (or what dealt the Damage) that did not reach it.
   */
  source: string;
  /**
   * Why (the Condition and its rule).
   */
  reason: string;
  /**
   * What did not happen: `""` (all of it), `"ongoing"` (the ongoing Effect does not stay: a Defeated creature), or a part such as `"5 Damage"`.
   */
  part: string;
}
/**
 * A roll to end a Condition (Sickened, Restrained) and the creature after it.
 */
export interface D20EndAttempt {
  /**
   * The record type.
   */
  type: "d20.EndAttempt";
  /**
   * The format version of the type.
   */
  version: 1;
  condition:
    | "blinded"
    | "charmed"
    | "clumsy"
    | "deafened"
    | "defeated"
    | "doomed"
    | "fatigue"
    | "frightened"
    | "hasted"
    | "helpless"
    | "hidden"
    | "immobilized"
    | "impaired"
    | "incapacitated"
    | "invisible"
    | "off_guard"
    | "paralyzed"
    | "persistent_damage"
    | "petrified"
    | "prone"
    | "restrained"
    | "sickened"
    | "silenced"
    | "slowed"
    | "stable"
    | "staggered"
    | "stunned"
    | "surprised"
    | "unconscious"
    | "unfocused";
  roll: D20TestRoll;
  creature: D20Creature;
  /**
   * Whether the Condition ended.
   */
  ended: boolean;
}
/**
 * The GM ends a Condition on a creature ("Your GM ends it"; every instance ends).
 */
export interface D20EndCondition {
  /**
   * The record type.
   */
  type: "d20.EndCondition";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The creature.
   */
  target: string;
  /**
   * The Condition.
   */
  condition:
    | "blinded"
    | "charmed"
    | "clumsy"
    | "deafened"
    | "defeated"
    | "doomed"
    | "fatigue"
    | "frightened"
    | "hasted"
    | "helpless"
    | "hidden"
    | "immobilized"
    | "impaired"
    | "incapacitated"
    | "invisible"
    | "off_guard"
    | "paralyzed"
    | "persistent_damage"
    | "petrified"
    | "prone"
    | "restrained"
    | "sickened"
    | "silenced"
    | "slowed"
    | "stable"
    | "staggered"
    | "stunned"
    | "surprised"
    | "unconscious"
    | "unfocused";
}
/**
 * The GM stops tracking Rounds: the Turn order and AP are gone, and time passes in minutes, hours and days.
 */
export interface D20EndEncounter {
  /**
   * The record type.
   */
  type: "d20.EndEncounter";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Why (shown in the events).
   */
  reason: string;
}
/**
 * End the current creature's Turn (Persistent Damage), then the next Turn starts.
 */
export interface D20EndTurn {
  /**
   * The record type.
   */
  type: "d20.EndTurn";
  /**
   * The format version of the type.
   */
  version: 1;
}
/**
 * The current creature, Restrained by a Grapple, tries to escape it (Core Rule "Restrained").
 */
export interface D20EscapeGrapple {
  /**
   * The record type.
   */
  type: "d20.EscapeGrapple";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The Grapple's Effect id, when more than one Grapple holds the creature.
   */
  grapple: string | null;
  /**
   * Its Brawn and other Modifiers.
   */
  modifier: number;
}
/**
 * A creature regains HP.
 */
export interface D20Heal {
  /**
   * The record type.
   */
  type: "d20.Heal";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The creature healed.
   */
  target: string;
  /**
   * HP regained.
   */
  amount: number;
  /**
   * What healed it.
   */
  source: string;
}
/**
 * The current creature tries to Hide from some creatures (a Check).
 */
export interface D20Hide {
  /**
   * The record type.
   */
  type: "d20.Hide";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The creatures it hides from.
   */
  observers: string[];
  /**
   * The Check's Stakes.
   */
  stakes: "low" | "mid" | "high";
  /**
   * The Check's Skill and Modifiers.
   */
  modifier: number;
  /**
   * The Action's Cost.
   */
  ap: number;
}
/**
 * The current creature keeps up its Focus this Turn, spending the Effect's `focus_cost` AP.
 */
export interface D20KeepFocus {
  /**
   * The record type.
   */
  type: "d20.KeepFocus";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The Effect's id, when the creature sustains more than one (it never does: one Focus at a time); `None`: its Focus.
   */
  effect: string | null;
}
/**
 * Creatures finish a Long Rest (outside Rounds): the time passes, then each removes 1 Fatigue.
 */
export interface D20LongRest {
  /**
   * The record type.
   */
  type: "d20.LongRest";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Who rests (empty: every creature not Defeated).
   */
  creatures: string[];
  /**
   * How long the rest takes.
   */
  hours: number;
}
/**
 * The current creature uses the Move Action to change its position (the encounter needs a map).
 */
export interface D20Move {
  /**
   * The record type.
   */
  type: "d20.Move";
  /**
   * The format version of the type.
   */
  version: 1;
  to: D20Space;
  /**
   * The Move Action's Cost.
   */
  ap: number;
}
/**
 * Time passes outside Rounds (before Initiative, or after the encounter ends): Core Rule "Time".
 */
export interface D20PassTime {
  /**
   * The record type.
   */
  type: "d20.PassTime";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Rounds.
   */
  rounds: number;
  /**
   * Minutes.
   */
  minutes: number;
  /**
   * Hours.
   */
  hours: number;
  /**
   * Days.
   */
  days: number;
}
/**
 * The GM puts a creature or an Object in a Space (setting up, a shove, a fall): no Action, no AP.
 */
export interface D20Place {
  /**
   * The record type.
   */
  type: "d20.Place";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The creature or Object.
   */
  target: string;
  at: D20Space;
}
/**
 * A creature leaves the encounter: the ongoing Effects on it, and the Focus it kept, end.
 */
export interface D20RemoveCombatant {
  /**
   * The record type.
   */
  type: "d20.RemoveCombatant";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The creature.
   */
  name: string;
  /**
   * Why (shown in the events).
   */
  reason: string;
}
/**
 * A Defeated creature is revived with at least 1 HP: Defeated ends (the GM or an Effect says how).
 */
export interface D20Revive {
  /**
   * The record type.
   */
  type: "d20.Revive";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The creature revived.
   */
  target: string;
  /**
   * Its HP after (at least 1).
   */
  hp: number;
}
/**
 * The current creature uses the Move Action to rise: Prone ends.
 */
export interface D20Rise {
  /**
   * The record type.
   */
  type: "d20.Rise";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The Move Action's Cost (not in the text: default 1, an assumption).
   */
  ap: number;
}
/**
 * A creature makes a Check (or a plain Test), then the Effect for its result resolves.
 */
export interface D20RollCheck {
  /**
   * The record type.
   */
  type: "d20.RollCheck";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Who makes it (`None`: the creature whose Turn it is).
   */
  creature: string | null;
  /**
   * The Skill it uses (`"Brawn"`), named in the roll.
   */
  skill: string | null;
  /**
   * The Skill's value and other Modifiers.
   */
  modifier: number;
  /**
   * Its Stakes.
   */
  stakes: "low" | "mid" | "high";
  /**
   * `"check"` or `"test"` (a Test the GM calls for that is no Check).
   */
  kind: "test" | "check" | "save" | "attack" | "spell" | "initiative" | "flat_roll";
  /**
   * Whom it is made against, if anyone.
   */
  target: string | null;
  /**
   * Where the result's Effect resolves.
   */
  targets: string[];
  /**
   * A Check to interact socially with *target* (Charmed by you: Fortune).
   */
  social: boolean;
  /**
   * What it is for (shown in the events).
   */
  purpose: string;
  /**
   * Its Action's Cost (default 0: the Action it is part of pays).
   */
  ap: number;
  /**
   * The Effect a Success applies.
   */
  on_success: D20Effect | null;
  /**
   * The Effect a Setback applies.
   */
  on_setback: D20Effect | null;
  /**
   * The Effect a Failure applies.
   */
  on_failure: D20Effect | null;
  /**
   * It needs Sight.
   */
  needs_sight: boolean;
  /**
   * It needs Hearing.
   */
  needs_hearing: boolean;
}
/**
 * Every creature makes its Initiative Test; the order is set and Round 1 begins.
 */
export interface D20RollInitiative {
  /**
   * The record type.
   */
  type: "d20.RollInitiative";
  /**
   * The format version of the type.
   */
  version: 1;
}
/**
 * Creatures make a Save, then the Effect for each one's result resolves on it.
 */
export interface D20RollSave {
  /**
   * The record type.
   */
  type: "d20.RollSave";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The creatures that save.
   */
  targets: string[];
  /**
   * Body, Mind or Soul.
   */
  trait: "body" | "mind" | "soul";
  /**
   * The Save's Stakes.
   */
  stakes: "low" | "mid" | "high";
  /**
   * A Modifier every Target adds (the Effect's, the GM's).
   */
  modifier: number;
  /**
   * What it is against (shown in the events, names the Modifier).
   */
  purpose: string;
  /**
   * The Effect a Success applies (`None`: nothing).
   */
  on_success: D20Effect | null;
  /**
   * The Effect a Setback applies.
   */
  on_setback: D20Effect | null;
  /**
   * The Effect a Failure applies.
   */
  on_failure: D20Effect | null;
  /**
   * The Save needs Sight.
   */
  needs_sight: boolean;
  /**
   * The Save needs Hearing.
   */
  needs_hearing: boolean;
}
/**
 * The current creature spends 1 AP and rolls to end Sickened (Body Save) or Restrained (Brawn Check).
 */
export interface D20RollToEnd {
  /**
   * The record type.
   */
  type: "d20.RollToEnd";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Sickened or Restrained.
   */
  condition:
    | "blinded"
    | "charmed"
    | "clumsy"
    | "deafened"
    | "defeated"
    | "doomed"
    | "fatigue"
    | "frightened"
    | "hasted"
    | "helpless"
    | "hidden"
    | "immobilized"
    | "impaired"
    | "incapacitated"
    | "invisible"
    | "off_guard"
    | "paralyzed"
    | "persistent_damage"
    | "petrified"
    | "prone"
    | "restrained"
    | "sickened"
    | "silenced"
    | "slowed"
    | "stable"
    | "staggered"
    | "stunned"
    | "surprised"
    | "unconscious"
    | "unfocused";
  /**
   * Its Body (Sickened) or Brawn (Restrained).
   */
  modifier: number;
}
/**
 * The current creature Searches for a creature it has not Observed (a Check).
 */
export interface D20Search {
  /**
   * The record type.
   */
  type: "d20.Search";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The creature searched for.
   */
  subject: string;
  /**
   * The searcher uses a Sense that can perceive the subject (not normal Sight for an Invisible one).
   */
  perceives: boolean;
  /**
   * The Check's Stakes.
   */
  stakes: "low" | "mid" | "high";
  /**
   * The Check's Skill and Modifiers.
   */
  modifier: number;
  /**
   * The Action's Cost.
   */
  ap: number;
}
/**
 * The GM sets how one creature detects another (an ambush before Initiative, a ruling).
 */
export interface D20SetDetection {
  /**
   * The record type.
   */
  type: "d20.SetDetection";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The creature looking.
   */
  observer: string;
  /**
   * The creature looked for.
   */
  subject: string;
  /**
   * Observed, Hidden or Undetected.
   */
  state: "observed" | "hidden" | "undetected";
}
/**
 * A Petrified creature's stone form shatters: it gains Defeated.
 */
export interface D20Shatter {
  /**
   * The record type.
   */
  type: "d20.Shatter";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The Petrified creature.
   */
  target: string;
}
/**
 * The current creature, Hidden, Sneaks (a Check): on a Success it becomes Undetected to those it hides from.
 */
export interface D20Sneak {
  /**
   * The record type.
   */
  type: "d20.Sneak";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The Check's Stakes.
   */
  stakes: "low" | "mid" | "high";
  /**
   * The Check's Skill and Modifiers.
   */
  modifier: number;
  /**
   * The Action's Cost.
   */
  ap: number;
}
/**
 * The current creature takes an Action the library does not model, spending *ap* AP.
 */
export interface D20TakeAction {
  /**
   * The record type.
   */
  type: "d20.TakeAction";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * What it does (shown in the events).
   */
  name: string;
  /**
   * Its Cost in Action Points.
   */
  ap: number;
}
/**
 * What applies to one Test in the encounter, and why.
 */
export interface D20TestContext {
  /**
   * The record type.
   */
  type: "d20.TestContext";
  /**
   * The format version of the type.
   */
  version: 1;
  effects: D20TestEffects;
  /**
   * Modifiers from Effects, each naming its Effect.
   */
  modifiers: D20Modifier[];
  /**
   * Which Effect gave each Condition that counted (`"Prone on Bo: Shove by Ogre (e2)"`).
   */
  sources: string[];
}
/**
 * What applies to one Test besides the dice and Modifiers: usually derived from Conditions.
 */
export interface D20TestEffects {
  /**
   * The record type.
   */
  type: "d20.TestEffects";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * One reason per instance of Fortune.
   */
  fortune: string[];
  /**
   * One reason per instance of Misfortune.
   */
  misfortune: string[];
  /**
   * Reasons the Test fails whatever the dice show.
   */
  automatic_failure: string[];
  /**
   * The Fatigue to subtract from the Test Total.
   */
  fatigue: number;
}
/**
 * The end of a Turn: Persistent Damage taken, and the Flat Roll for each Energy.
 */
export interface D20TurnEnd {
  /**
   * The record type.
   */
  type: "d20.TurnEnd";
  /**
   * The format version of the type.
   */
  version: 1;
  creature: D20Creature;
  damage: number;
  energies: string[];
  rolls: D20TestRoll[];
}
/**
 * The start of a Turn: the creature after it, its AP, and the Doomed d4 if one was rolled.
 */
export interface D20TurnStart {
  /**
   * The record type.
   */
  type: "d20.TurnStart";
  /**
   * The format version of the type.
   */
  version: 1;
  creature: D20Creature;
  action_points: number;
  doomed_d4: number | null;
}
/**
 * A creature uses an Effect it holds, by name, as UseEffect uses one.
 */
export interface D20UseAbility {
  /**
   * The record type.
   */
  type: "d20.UseAbility";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The Effect's name.
   */
  ability: string;
  /**
   * Its Targets.
   */
  targets: string[];
  /**
   * Who uses it (`None`: the creature whose Turn it is); a Triggered one may be used off its holder's Turn.
   */
  by: string | null;
  /**
   * The Targets that choose to be Willing.
   */
  willing: string[];
  /**
   * For a Triggered Effect, the occurrence it answers (`None`: the last action).
   */
  responding_to: string | null;
  /**
   * Where it Originates, when it lists an Origin.
   */
  origin: D20Space | null;
}
/**
 * Use an Effect on its Targets.
 */
export interface D20UseEffect {
  /**
   * The record type.
   */
  type: "d20.UseEffect";
  /**
   * The format version of the type.
   */
  version: 1;
  effect: D20Effect;
  /**
   * The names of the creatures it targets.
   */
  targets: string[];
  /**
   * The Targets that choose to be Willing (for an Effect that needs a Willing Target).
   */
  willing: string[];
  /**
   * For a Triggered Effect, the occurrence of the Trigger it answers.
   */
  responding_to: string | null;
  /**
   * Where it Originates, when it lists an Origin (a Spell); `None`: from its creator. On a map, the Origin lies within the Effect's Range of its creator.
   */
  origin: D20Space | null;
}
/**
 * The current creature uses a Medic's Kit on a creature Staggered at 0 HP: it becomes Stable.
 */
export interface D20UseMedicsKit {
  /**
   * The record type.
   */
  type: "d20.UseMedicsKit";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The creature treated.
   */
  target: string;
  /**
   * The Action's Cost.
   */
  ap: number;
}
/**
 * Which dice of a DiceRoll were dropped, rerolled, exploded or counted.
 */
export interface NotationDiceMarks {
  /**
   * The record type.
   */
  type: "notation.DiceMarks";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Positions dropped by keep/drop.
   */
  dropped: number[];
  /**
   * Positions replaced by a reroll.
   */
  rerolled: number[];
  /**
   * Positions that exploded (added the next die).
   */
  exploded: number[];
  /**
   * Positions counted as successes, or `None` when the term sums.
   */
  successes: number[] | null;
  /**
   * Positions counted as failures (`f`), each taking one success away.
   */
  failures?: number[];
  /**
   * Positions of the dice a clamp (`mi`/`ma`) changed; faces holds the face shown.
   */
  clamped?: number[];
  /**
   * The face each of those dice showed before the clamp, in the same order.
   */
  drawn?: number[];
  /**
   * Positions added into the die before them (`!!`).
   */
  compounded?: number[];
  /**
   * Positions rolled by a penetrating explosion (`!p`), shown one less than rolled.
   */
  penetrated?: number[];
  /**
   * Positions in the term's critical-success range (`cs`).
   */
  crits?: number[];
  /**
   * Positions in the term's critical-failure range (`cf`).
   */
  fumbles?: number[];
  /**
   * Every position in the order the dice are shown (`s`/`sa`/`sd`), or `()` for the order rolled.
   */
  order?: number[];
}
/**
 * Every die rolled for one dice term, and the term's value.
 */
export interface NotationDiceRoll {
  /**
   * The record type.
   */
  type: "notation.DiceRoll";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The term in canonical notation, e.g. `"4d6kh3"`.
   */
  notation: string;
  /**
   * Faces per die (3 for Fate dice).
   */
  sides: number;
  /**
   * Fate dice (faces -1, 0, +1).
   */
  fate: boolean;
  /**
   * Every face rolled.
   */
  faces: number[];
  /**
   * The term's value: the sum of the counted dice, or the number of successes when the term counts successes.
   */
  value: number;
  /**
   * Dropped, rerolled, exploded and success positions (`None`: a plain term, every die counted).
   */
  marks: NotationDiceMarks | null;
}
/**
 * What one group (`{4d6, 3d8}kh1`) rolled: each item's total and which counted.
 */
export interface NotationGroupRoll {
  /**
   * The record type.
   */
  type: "notation.GroupRoll";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The group in canonical notation, e.g. `"{4d6, 3d8}kh1"`.
   */
  notation: string;
  /**
   * Each item's total.
   *
   * Items: An item's total. An integer, except in the rdr dialect, where rpg-dice-roller's arithmetic may give a number that is not whole.
   */
  values: number[];
  /**
   * The group's value: the sum of the kept totals, or successes less failures. An integer, except in the rdr dialect, where rpg-dice-roller's arithmetic may give a number that is not whole.
   */
  value: number;
  /**
   * Items dropped by keep/drop.
   */
  dropped: number[];
  /**
   * Items counted as successes, or `None` when the group sums.
   */
  successes: number[] | null;
  /**
   * Items counted as failures (`f`).
   */
  failures: number[];
}
/**
 * The result of roll.
 */
export interface NotationRollResult {
  /**
   * The record type.
   */
  type: "notation.RollResult";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The expression in canonical notation, label included.
   */
  expression: string;
  /**
   * The value of the whole expression. An integer, except in the rdr dialect, where rpg-dice-roller's arithmetic may give a number that is not whole.
   */
  total: number;
  /**
   * One DiceRoll per dice term, left to right.
   */
  rolls: NotationDiceRoll[];
  /**
   * The trailing label's text (in the `d20` dialect, the comment), or `None`.
   */
  label: string | null;
  /**
   * `"crit"` or `"fumble"` when the roll is a critical hit or failure (in the `d20` dialect: the leftmost term is a d20 kept alone showing 20 or 1), else `None`.
   */
  crit: string | null;
  /**
   * The dialect the expression is written in: `"default"`, `"d20"` or `"rdr"`.
   */
  dialect: string;
  /**
   * One GroupRoll per group (`{...}`; in the `d20` dialect, per set with keep/drop such as `(1d6, 1d8)kh1`), in the order their closing bracket is written (an inner group before the group holding it).
   */
  groups?: NotationGroupRoll[];
  /**
   * The trailing `# comment` of the default dialect, or `None`.
   */
  comment?: string | null;
  /**
   * The value of the target after `vs` (`1d20+5 vs 15`), or `None`; see success and margin.
   */
  target?: number | null;
  /**
   * Each labelled term (`1d20 [fire]`) with its value, left to right (a term's label before those inside it; the target's after `vs` too, after the roll's); in the `d20` dialect, one per annotation, with the term's value when rolled, truncated toward zero.
   */
  labels?: NotationTermLabel[];
  /**
   * For a repeated roll (`6x 4d6kh3`), each result in order (its total is then the sum of theirs, and it holds no dice of its own); else empty.
   */
  results?: NotationRollResult[];
}
/**
 * A labelled term of a roll (`1d20 [fire] + 1d4 [cold]`): its label, notation and value.
 */
export interface NotationTermLabel {
  /**
   * The record type.
   */
  type: "notation.TermLabel";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The label's text.
   */
  label: string;
  /**
   * The labelled term in canonical notation (without its label).
   */
  notation: string;
  /**
   * What the term came to in this roll. An integer, except in the rdr dialect, where rpg-dice-roller's arithmetic may give a number that is not whole.
   */
  value: number;
}
/**
 * One die of a DiceRoll, as a view with named flags.
 */
export interface NotationRolledDie {
  /**
   * The record type.
   */
  type: "notation.RolledDie";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Faces of the die (3 for a Fate die).
   */
  sides: number;
  /**
   * The face shown (-1, 0 or +1 for a Fate die).
   */
  value: number;
  /**
   * Whether it is a Fate die.
   */
  fate: boolean;
  /**
   * Dropped by keep/drop.
   */
  dropped: boolean;
  /**
   * Replaced by a reroll (a later die took its place).
   */
  rerolled: boolean;
  /**
   * It met the explode condition and added the next die.
   */
  exploded: boolean;
  /**
   * It met the success condition of a counting term.
   */
  success: boolean;
  /**
   * It met the failure condition (`f`) of a counting term: one success less.
   */
  failure?: boolean;
  /**
   * It was added into the die before it (`!!`): the two show as one die.
   */
  compounded?: boolean;
  /**
   * It was rolled by a penetrating explosion (`!p`): *value* is one less than rolled.
   */
  penetrated?: boolean;
  /**
   * The face drawn before a clamp (`mi`/`ma`) changed it, else `None`.
   */
  rolled?: number | null;
  /**
   * It falls in the term's critical-success range (`cs`).
   */
  crit?: boolean;
  /**
   * It falls in the term's critical-failure range (`cf`).
   */
  fumble?: boolean;
}
/**
 * One Action: the committed die, its Value, every modifier and its reason, and the Outcome.
 */
export interface ResidueActionResult {
  /**
   * The record type.
   */
  type: "residue.ActionResult";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The Action Slot.
   */
  slot: "skill" | "move" | "attack" | "defense";
  /**
   * The committed die.
   */
  die: "zero" | "d4" | "d6" | "d8" | "d10" | "d12";
  /**
   * The natural Value read on the Success Table.
   */
  value: number;
  /**
   * The Value the die showed when committed (differs from *value* when Delirium rerolled it).
   */
  committed_value: number;
  /**
   * Stars from the Success Table.
   */
  base_stars: number;
  /**
   * Every star modifier, Luck's `+★` included, in order.
   */
  modifiers: ResidueStarModifier[];
  /**
   * The Luck for the Action roll, if Luck was used.
   */
  luck: ResidueLuckForAction | null;
  /**
   * The Outcome: the final number of stars (never below 0).
   */
  stars: number;
  /**
   * Delirium rerolled the committed die (*value* is the reroll).
   */
  delirium_reroll: boolean;
}
/**
 * A signed change to an Action's stars and the reason for it (`+★ Skill`, `-★ Dehydration`).
 */
export interface ResidueStarModifier {
  /**
   * The record type.
   */
  type: "residue.StarModifier";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Stars added (negative: removed); never 0, at most MAX_MODIFIER_STARS either way.
   */
  stars: number;
  /**
   * Why, for the explanation.
   */
  reason: string;
}
/**
 * Luck for an Action: 1-2 nothing and Luck ⇩; 3+ `+★`; Max Value `+★` and Luck ⇧.
 */
export interface ResidueLuckForAction {
  /**
   * The record type.
   */
  type: "residue.LuckForAction";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The Luck die rolled.
   */
  luck: "zero" | "d4" | "d6" | "d8" | "d10" | "d12";
  /**
   * Its natural Value.
   */
  value: number;
  /**
   * Stars added to the Action (0 or 1).
   */
  bonus_stars: number;
  /**
   * The Luck die after the roll.
   */
  after: "zero" | "d4" | "d6" | "d8" | "d10" | "d12";
}
/**
 * Which Area a discovery gives: from the Region's table or the Unknown Area Table.
 */
export interface ResidueAreaDraw {
  /**
   * The record type.
   */
  type: "residue.AreaDraw";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The Region the Area was drawn for.
   */
  region: string;
  /**
   * The Area's name (UNKNOWN_AREA when the Unknown Area Table is used).
   */
  area: string;
  /**
   * Whether every Area of the Region was already discovered.
   */
  unknown_table: boolean;
  /**
   * The die that picked among the undiscovered Areas (`None` when not rolled: the Unknown Area Table, or one Area left).
   */
  roll: number | null;
}
/**
 * What discovering an Area does (the caller's reading of its Area Entry).
 */
export interface ResidueAreaEntry {
  /**
   * The record type.
   */
  type: "residue.AreaEntry";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The Area's name (UNKNOWN_AREA for the Unknown Area Table).
   */
  area: string;
  /**
   * The name of a Creature in the bestiary to Face, if any.
   */
  creature: string | null;
  /**
   * Whether that Creature attacks before your first Attack.
   */
  surprised: boolean;
  /**
   * Whether you get a Surprise Attack on it.
   */
  surprise_attack: boolean;
  /**
   * HP gained (positive, up to Max HP) or lost directly (negative).
   */
  hp: number;
  /**
   * Inventory ⇧ (positive) or ⇩ (negative) by kind.
   */
  inventory: never[][];
  /**
   * A Condition gained.
   */
  condition:
    | (
        | "starvation"
        | "dehydration"
        | "depletion"
        | "exposed"
        | "corruption"
        | "fear"
        | "bleeding"
        | "panic"
        | "fatigue"
        | "delirium"
      )
    | null;
  /**
   * An Item card gained (a Corruption card is permanent Corruption): the player puts it in a slot (PLACE).
   */
  card: ResidueItem | null;
}
/**
 * An Item card.
 */
export interface ResidueItem {
  /**
   * The record type.
   */
  type: "residue.Item";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The card's name.
   */
  name: string;
  /**
   * Item, Tool, Weapon, or a Corruption card.
   */
  item_type: "item" | "tool" | "weapon" | "corruption";
  /**
   * A Corrupted Item (black border) rather than an Uncorrupted one (white).
   */
  corrupted: boolean;
  /**
   * Its abilities require Battery (they stop under Depletion).
   */
  requires_battery: boolean;
  /**
   * Its dX Uses die (0: the card has no Uses die): rolled when the Item is activated; 1-2 steps it down, and a d4 stepping down returns the card to its deck.
   */
  uses: "zero" | "d4" | "d6" | "d8" | "d10" | "d12";
  /**
   * Requires X: its abilities function only while every one of these Requirement is met (see `Wanderer.working_items`).
   */
  requires: ResidueRequirement[];
}
/**
 * One requirement: a Skill, Item, Keyword, Framework, Resource or Condition.
 */
export interface ResidueRequirement {
  /**
   * The record type.
   */
  type: "residue.Requirement";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Which of the six kinds (a RequirementKind or its name).
   */
  kind: "skill" | "item" | "keyword" | "framework" | "resource" | "condition";
  /**
   * The Skill, Item, Keyword or Framework's name; the Inventory (`"Battery"`) for a Resource; the Condition (`"Fear"`) for a Condition.
   */
  name: string;
  /**
   * For a Resource, the smallest die that meets it (0: any die above 0).
   */
  at_least: "zero" | "d4" | "d6" | "d8" | "d10" | "d12";
}
/**
 * A Commit Attack or a Pass, explained.
 */
export interface ResidueAttackResult {
  /**
   * The record type.
   */
  type: "residue.AttackResult";
  /**
   * The format version of the type.
   */
  version: 1;
  before: ResidueEncounter;
  after: ResidueEncounter;
  /**
   * The enemy attacked (`None` for a Pass).
   */
  target: number | null;
  /**
   * The Attack's ★ (0 for a Pass).
   */
  stars: number;
  /**
   * Damage dealt after the target's Defense.
   */
  damage: number;
  /**
   * The enemies who Retaliate now, in order (each one separately).
   */
  retaliators: number[];
  /**
   * Whether the target was defeated by this Attack.
   */
  killed: boolean;
}
/**
 * A Combat against one or more enemies.
 */
export interface ResidueEncounter {
  /**
   * The record type.
   */
  type: "residue.Encounter";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The Creatures, with their current HP.
   */
  enemies: ResidueCreature[];
  /**
   * The Creatures attack before your first Attack.
   */
  surprised: boolean;
  /**
   * No Retaliation after your first Commit Attack.
   */
  surprise_attack: boolean;
  /**
   * Commit Attacks made so far.
   */
  attacks: number;
  /**
   * Whether the Surprised opening strikes have been resolved.
   */
  opened: boolean;
  /**
   * Whether you escaped.
   */
  escaped: boolean;
}
/**
 * A Creature's stats and current HP.
 */
export interface ResidueCreature {
  /**
   * The record type.
   */
  type: "residue.Creature";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Its name.
   */
  name: string;
  /**
   * Current HP (at 0 it is defeated).
   */
  hp: number;
  /**
   * Reduces Damage from each Commit Attack.
   */
  defense: number;
  /**
   * Damage it deals when it Retaliates.
   */
  damage: number;
  /**
   * The HP it resets to at Rest; defaults to *hp*.
   */
  max_hp: number;
  /**
   * The Region Mutation applied to it, if any.
   */
  mutation: ResidueMutation | null;
  /**
   * At 0 HP the Creature is defeated.
   */
  is_defeated: boolean;
}
/**
 * A Region Mutation as changes to a Creature's stats (the caller's reading of the Region card).
 */
export interface ResidueMutation {
  /**
   * The record type.
   */
  type: "residue.Mutation";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The Mutation's name.
   */
  name: string;
  /**
   * Added to the Creature's HP and Max HP.
   */
  hp: number;
  /**
   * Added to its Defense.
   */
  defense: number;
  /**
   * Added to its Damage.
   */
  damage: number;
}
/**
 * Strain Payoff with no Inventory: banish an Endurance die.
 */
export interface ResidueBanishChoice {
  /**
   * The record type.
   */
  type: "residue.BanishChoice";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * `BANISH`.
   */
  act:
    | "commit_move"
    | "move"
    | "end_travel"
    | "attack"
    | "pass"
    | "run"
    | "defend"
    | "no_defense"
    | "escape_to"
    | "recover"
    | "reroll"
    | "travel"
    | "rest"
    | "pay"
    | "stop_paying"
    | "banish"
    | "heal"
    | "panic_roll"
    | "fatigue_roll"
    | "end_rest"
    | "switch"
    | "barter"
    | "leave"
    | "fast_travel"
    | "meet"
    | "go_on"
    | "place"
    | "discard_card"
    | "recycle"
    | "activate"
    | "luck"
    | "no_luck"
    | "option"
    | "commit_skill"
    | "gain_item"
    | "leave_item"
    | "shuffle"
    | "no_shuffle"
    | "keep_card"
    | "barter_pay";
  /**
   * The size banished; `None` when none can be (Cannot Banish: defeat).
   */
  banish: ("zero" | "d4" | "d6" | "d8" | "d10" | "d12") | null;
  label?: string;
}
/**
 * A Barter, explained.
 */
export interface ResidueBarterResult {
  /**
   * The record type.
   */
  type: "residue.BarterResult";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The listed cost (⊙ of Tradeable Inventory).
   */
  cost: number;
  /**
   * Every ⊙ made, in order.
   */
  rolls: ResidueInventoryUse[];
  /**
   * Whether the trade was made.
   */
  traded: boolean;
  /**
   * The Item bought, if any.
   */
  item: ResidueItem | null;
  inventory: ResidueInventory;
  vendor: ResidueVendor;
}
/**
 * An Inventory roll applied to an Inventory: the roll and the state before and after.
 */
export interface ResidueInventoryUse {
  /**
   * The record type.
   */
  type: "residue.InventoryUse";
  /**
   * The format version of the type.
   */
  version: 1;
  roll: ResidueInventoryRoll;
  before: ResidueInventory;
  after: ResidueInventory;
}
/**
 * One ⊙ of an Inventory die: the die, the Value it showed and the die after.
 */
export interface ResidueInventoryRoll {
  /**
   * The record type.
   */
  type: "residue.InventoryRoll";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The die that was rolled.
   */
  die: "zero" | "d4" | "d6" | "d8" | "d10" | "d12";
  /**
   * Its natural Value.
   */
  value: number;
  /**
   * The die after the roll (one step down on 1-2).
   */
  after: "zero" | "d4" | "d6" | "d8" | "d10" | "d12";
  /**
   * Which Inventory, when known.
   */
  kind: ("food" | "water" | "battery" | "gear" | "resolve") | null;
  /**
   * Whether the roll stepped the die down (1-2).
   */
  stepped_down: boolean;
}
/**
 * The five Inventory dice, the last Inventory used, and whether Corruption has set in.
 */
export interface ResidueInventory {
  /**
   * The record type.
   */
  type: "residue.Inventory";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Food die.
   */
  food: "zero" | "d4" | "d6" | "d8" | "d10" | "d12";
  /**
   * Water die.
   */
  water: "zero" | "d4" | "d6" | "d8" | "d10" | "d12";
  /**
   * Battery die.
   */
  battery: "zero" | "d4" | "d6" | "d8" | "d10" | "d12";
  /**
   * Gear die.
   */
  gear: "zero" | "d4" | "d6" | "d8" | "d10" | "d12";
  /**
   * Resolve die.
   */
  resolve: "zero" | "d4" | "d6" | "d8" | "d10" | "d12";
  /**
   * The Inventory rolled last, for the Inventory Restriction.
   */
  last_used: ("food" | "water" | "battery" | "gear" | "resolve") | null;
  /**
   * Corruption has set in (Resolve reached 0); it stays when Resolve returns, and Resolve cannot normally be regained.
   */
  corrupted: boolean;
}
/**
 * A Vendor: an NPC that trades, keeping its goods between Encounters.
 */
export interface ResidueVendor {
  /**
   * The record type.
   */
  type: "residue.Vendor";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The Vendor's name.
   */
  name: string;
  /**
   * The Inventories it accepts (Tradeable Inventory).
   */
  tradeable: ("food" | "water" | "battery" | "gear" | "resolve")[];
  /**
   * The Items it has generated and still holds.
   */
  goods: ResidueItem[];
  /**
   * After a Failed Barter you must Rest before trying again.
   */
  wait_for_rest: boolean;
  /**
   * The listed cost of each good (`()`: 1 each); the caller's data.
   */
  prices: number[];
}
/**
 * A card gained, waiting for a slot.
 */
export interface ResidueCardGained {
  /**
   * The record type.
   */
  type: "residue.CardGained";
  /**
   * The format version of the type.
   */
  version: 1;
  card: ResidueItem;
}
/**
 * The Rest Phase after Check Strain: Rest, or (below the Strain Threshold) return to Travel.
 */
export interface ResidueCheckStrainPhase {
  /**
   * The record type.
   */
  type: "residue.CheckStrainPhase";
  /**
   * The format version of the type.
   */
  version: 1;
}
/**
 * One decision of menu: a prompt and the choices that answer it.
 */
export interface ResidueChoiceGroup {
  /**
   * The record type.
   */
  type: "residue.ChoiceGroup";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The kind of choice the group holds.
   */
  act:
    | "commit_move"
    | "move"
    | "end_travel"
    | "attack"
    | "pass"
    | "run"
    | "defend"
    | "no_defense"
    | "escape_to"
    | "recover"
    | "reroll"
    | "travel"
    | "rest"
    | "pay"
    | "stop_paying"
    | "banish"
    | "heal"
    | "panic_roll"
    | "fatigue_roll"
    | "end_rest"
    | "switch"
    | "barter"
    | "leave"
    | "fast_travel"
    | "meet"
    | "go_on"
    | "place"
    | "discard_card"
    | "recycle"
    | "activate"
    | "luck"
    | "no_luck"
    | "option"
    | "commit_skill"
    | "gain_item"
    | "leave_item"
    | "shuffle"
    | "no_shuffle"
    | "keep_card"
    | "barter_pay";
  /**
   * The question, in words ("Commit Attack on Husk (HP 3/3, ...): which die?").
   */
  prompt: string;
  /**
   * The choices, as choices offers them.
   */
  choices: (
    | ResidueBanishChoice
    | ResidueCommitChoice
    | ResidueInventoryChoice
    | ResidueMoveChoice
    | ResiduePickChoice
    | ResiduePlainChoice
    | ResidueSlotChoice
    | ResidueStrainChoice
    | ResidueSwitchChoice
    | ResidueTakeRestChoice
  )[];
}
/**
 * Commit a die: Commit Move (Travel), Attack, Run, Defense, Commit Skill.
 */
export interface ResidueCommitChoice {
  /**
   * The record type.
   */
  type: "residue.CommitChoice";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * `COMMIT_MOVE`, `ATTACK`, `RUN`, `DEFEND` or `COMMIT_SKILL`.
   */
  act:
    | "commit_move"
    | "move"
    | "end_travel"
    | "attack"
    | "pass"
    | "run"
    | "defend"
    | "no_defense"
    | "escape_to"
    | "recover"
    | "reroll"
    | "travel"
    | "rest"
    | "pay"
    | "stop_paying"
    | "banish"
    | "heal"
    | "panic_roll"
    | "fatigue_roll"
    | "end_rest"
    | "switch"
    | "barter"
    | "leave"
    | "fast_travel"
    | "meet"
    | "go_on"
    | "place"
    | "discard_card"
    | "recycle"
    | "activate"
    | "luck"
    | "no_luck"
    | "option"
    | "commit_skill"
    | "gain_item"
    | "leave_item"
    | "shuffle"
    | "no_shuffle"
    | "keep_card"
    | "barter_pay";
  /**
   * The Endurance Pool position (`None` with an empty pool: No Dice Available is resolved first, then the die is chosen).
   */
  die: number | null;
  /**
   * ⊙ Luck once for the Action.
   */
  luck: boolean;
  /**
   * The enemy attacked (`ATTACK` only, which needs it).
   */
  target: number | null;
  label?: string;
}
/**
 * ⊙ an Inventory: pay Strain, heal, or roll instead of what is missing (Rest); pay a Barter.
 */
export interface ResidueInventoryChoice {
  /**
   * The record type.
   */
  type: "residue.InventoryChoice";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * `PAY`, `HEAL`, `PANIC_ROLL`, `FATIGUE_ROLL` or `BARTER_PAY`.
   */
  act:
    | "commit_move"
    | "move"
    | "end_travel"
    | "attack"
    | "pass"
    | "run"
    | "defend"
    | "no_defense"
    | "escape_to"
    | "recover"
    | "reroll"
    | "travel"
    | "rest"
    | "pay"
    | "stop_paying"
    | "banish"
    | "heal"
    | "panic_roll"
    | "fatigue_roll"
    | "end_rest"
    | "switch"
    | "barter"
    | "leave"
    | "fast_travel"
    | "meet"
    | "go_on"
    | "place"
    | "discard_card"
    | "recycle"
    | "activate"
    | "luck"
    | "no_luck"
    | "option"
    | "commit_skill"
    | "gain_item"
    | "leave_item"
    | "shuffle"
    | "no_shuffle"
    | "keep_card"
    | "barter_pay";
  /**
   * The Inventory rolled.
   */
  kind: "food" | "water" | "battery" | "gear" | "resolve";
  label?: string;
}
/**
 * Move one Hex (Travel) or Escape to an adjacent Hex.
 */
export interface ResidueMoveChoice {
  /**
   * The record type.
   */
  type: "residue.MoveChoice";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * `MOVE` or `ESCAPE_TO`.
   */
  act:
    | "commit_move"
    | "move"
    | "end_travel"
    | "attack"
    | "pass"
    | "run"
    | "defend"
    | "no_defense"
    | "escape_to"
    | "recover"
    | "reroll"
    | "travel"
    | "rest"
    | "pay"
    | "stop_paying"
    | "banish"
    | "heal"
    | "panic_roll"
    | "fatigue_roll"
    | "end_rest"
    | "switch"
    | "barter"
    | "leave"
    | "fast_travel"
    | "meet"
    | "go_on"
    | "place"
    | "discard_card"
    | "recycle"
    | "activate"
    | "luck"
    | "no_luck"
    | "option"
    | "commit_skill"
    | "gain_item"
    | "leave_item"
    | "shuffle"
    | "no_shuffle"
    | "keep_card"
    | "barter_pay";
  /**
   * The direction.
   */
  direction: "n" | "ne" | "se" | "s" | "sw" | "nw";
  label?: string;
}
/**
 * Pick one of several by position: a Portal, an optional Encounter, a Vendor's good, an Entry's option.
 */
export interface ResiduePickChoice {
  /**
   * The record type.
   */
  type: "residue.PickChoice";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * `FAST_TRAVEL`, `MEET`, `BARTER`, `OPTION` or `KEEP_CARD`.
   */
  act:
    | "commit_move"
    | "move"
    | "end_travel"
    | "attack"
    | "pass"
    | "run"
    | "defend"
    | "no_defense"
    | "escape_to"
    | "recover"
    | "reroll"
    | "travel"
    | "rest"
    | "pay"
    | "stop_paying"
    | "banish"
    | "heal"
    | "panic_roll"
    | "fatigue_roll"
    | "end_rest"
    | "switch"
    | "barter"
    | "leave"
    | "fast_travel"
    | "meet"
    | "go_on"
    | "place"
    | "discard_card"
    | "recycle"
    | "activate"
    | "luck"
    | "no_luck"
    | "option"
    | "commit_skill"
    | "gain_item"
    | "leave_item"
    | "shuffle"
    | "no_shuffle"
    | "keep_card"
    | "barter_pay";
  /**
   * The Token (Fast Travel, meet), the good (Barter), the option (an Entry's) or the card drawn (Draw X. Choose Y.).
   */
  target: number;
  label?: string;
}
/**
 * A choice with no details: End Travel, Pass, take the blow, Travel, leave, Luck or not, ...
 */
export interface ResiduePlainChoice {
  /**
   * The record type.
   */
  type: "residue.PlainChoice";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * One of the acts no other kind takes.
   */
  act:
    | "commit_move"
    | "move"
    | "end_travel"
    | "attack"
    | "pass"
    | "run"
    | "defend"
    | "no_defense"
    | "escape_to"
    | "recover"
    | "reroll"
    | "travel"
    | "rest"
    | "pay"
    | "stop_paying"
    | "banish"
    | "heal"
    | "panic_roll"
    | "fatigue_roll"
    | "end_rest"
    | "switch"
    | "barter"
    | "leave"
    | "fast_travel"
    | "meet"
    | "go_on"
    | "place"
    | "discard_card"
    | "recycle"
    | "activate"
    | "luck"
    | "no_luck"
    | "option"
    | "commit_skill"
    | "gain_item"
    | "leave_item"
    | "shuffle"
    | "no_shuffle"
    | "keep_card"
    | "barter_pay";
  label?: string;
}
/**
 * Use one slot: put a gained card there, Recycle its Item or activate it. Exactly one slot is named.
 */
export interface ResidueSlotChoice {
  /**
   * The record type.
   */
  type: "residue.SlotChoice";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * `PLACE`, `RECYCLE` or `ACTIVATE`.
   */
  act:
    | "commit_move"
    | "move"
    | "end_travel"
    | "attack"
    | "pass"
    | "run"
    | "defend"
    | "no_defense"
    | "escape_to"
    | "recover"
    | "reroll"
    | "travel"
    | "rest"
    | "pay"
    | "stop_paying"
    | "banish"
    | "heal"
    | "panic_roll"
    | "fatigue_roll"
    | "end_rest"
    | "switch"
    | "barter"
    | "leave"
    | "fast_travel"
    | "meet"
    | "go_on"
    | "place"
    | "discard_card"
    | "recycle"
    | "activate"
    | "luck"
    | "no_luck"
    | "option"
    | "commit_skill"
    | "gain_item"
    | "leave_item"
    | "shuffle"
    | "no_shuffle"
    | "keep_card"
    | "barter_pay";
  /**
   * The Item Slot, or `None` with a Weapon Slot.
   */
  item_slot: number | null;
  /**
   * The Weapon Slot, or `None` with an Item Slot.
   */
  weapon_slot: number | null;
  label?: string;
}
/**
 * Gain 1 Strain at any time: Reroll dice of the Endurance Pool, or Recover committed dice.
 */
export interface ResidueStrainChoice {
  /**
   * The record type.
   */
  type: "residue.StrainChoice";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * `REROLL` or `RECOVER`.
   */
  act:
    | "commit_move"
    | "move"
    | "end_travel"
    | "attack"
    | "pass"
    | "run"
    | "defend"
    | "no_defense"
    | "escape_to"
    | "recover"
    | "reroll"
    | "travel"
    | "rest"
    | "pay"
    | "stop_paying"
    | "banish"
    | "heal"
    | "panic_roll"
    | "fatigue_roll"
    | "end_rest"
    | "switch"
    | "barter"
    | "leave"
    | "fast_travel"
    | "meet"
    | "go_on"
    | "place"
    | "discard_card"
    | "recycle"
    | "activate"
    | "luck"
    | "no_luck"
    | "option"
    | "commit_skill"
    | "gain_item"
    | "leave_item"
    | "shuffle"
    | "no_shuffle"
    | "keep_card"
    | "barter_pay";
  /**
   * The positions taken (in the pool for a Reroll, in `endurance.committed` for a Recover); `None`: all of them.
   */
  dice: number[] | null;
  label?: string;
}
/**
 * Switch the Items of an Item Slot and a Weapon Slot.
 */
export interface ResidueSwitchChoice {
  /**
   * The record type.
   */
  type: "residue.SwitchChoice";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * `SWITCH`.
   */
  act:
    | "commit_move"
    | "move"
    | "end_travel"
    | "attack"
    | "pass"
    | "run"
    | "defend"
    | "no_defense"
    | "escape_to"
    | "recover"
    | "reroll"
    | "travel"
    | "rest"
    | "pay"
    | "stop_paying"
    | "banish"
    | "heal"
    | "panic_roll"
    | "fatigue_roll"
    | "end_rest"
    | "switch"
    | "barter"
    | "leave"
    | "fast_travel"
    | "meet"
    | "go_on"
    | "place"
    | "discard_card"
    | "recycle"
    | "activate"
    | "luck"
    | "no_luck"
    | "option"
    | "commit_skill"
    | "gain_item"
    | "leave_item"
    | "shuffle"
    | "no_shuffle"
    | "keep_card"
    | "barter_pay";
  /**
   * The Item Slot.
   */
  item_slot: number;
  /**
   * The Weapon Slot.
   */
  weapon_slot: number;
  label?: string;
}
/**
 * Rest (from Check Strain).
 */
export interface ResidueTakeRestChoice {
  /**
   * The record type.
   */
  type: "residue.TakeRestChoice";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * `REST`.
   */
  act:
    | "commit_move"
    | "move"
    | "end_travel"
    | "attack"
    | "pass"
    | "run"
    | "defend"
    | "no_defense"
    | "escape_to"
    | "recover"
    | "reroll"
    | "travel"
    | "rest"
    | "pay"
    | "stop_paying"
    | "banish"
    | "heal"
    | "panic_roll"
    | "fatigue_roll"
    | "end_rest"
    | "switch"
    | "barter"
    | "leave"
    | "fast_travel"
    | "meet"
    | "go_on"
    | "place"
    | "discard_card"
    | "recycle"
    | "activate"
    | "luck"
    | "no_luck"
    | "option"
    | "commit_skill"
    | "gain_item"
    | "leave_item"
    | "shuffle"
    | "no_shuffle"
    | "keep_card"
    | "barter_pay";
  /**
   * For a whole Rest at once, its choices (RestChoices); `None` rests one choice at a time (Strain Payoff, Recover HP).
   */
  rest: ResidueRestChoices | null;
  label?: string;
}
/**
 * The player's choices for a whole Rest (every `None` takes the default).
 */
export interface ResidueRestChoices {
  /**
   * The record type.
   */
  type: "residue.RestChoices";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Strain to pay at Strain Payoff (default: the least that ends below the ST).
   */
  pay: number | null;
  /**
   * The Inventory for each payment.
   */
  payoff_choices: (("food" | "water" | "battery" | "gear" | "resolve") | null)[] | null;
  /**
   * The size of die to banish under "No Inventory".
   */
  banish: ("zero" | "d4" | "d6" | "d8" | "d10" | "d12") | null;
  /**
   * The Recover HP plan (see recover_hp).
   */
  recover_plan: never[][] | null;
}
/**
 * The choice the step applied (the first event of every step).
 */
export interface ResidueChoiceMade {
  /**
   * The record type.
   */
  type: "residue.ChoiceMade";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The choice.
   */
  choice:
    | ResidueBanishChoice
    | ResidueCommitChoice
    | ResidueInventoryChoice
    | ResidueMoveChoice
    | ResiduePickChoice
    | ResiduePlainChoice
    | ResidueSlotChoice
    | ResidueStrainChoice
    | ResidueSwitchChoice
    | ResidueTakeRestChoice;
}
/**
 * A Combat begins.
 */
export interface ResidueCombatBegan {
  /**
   * The record type.
   */
  type: "residue.CombatBegan";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The Creatures faced (shown as enemy 1, 2, ...).
   */
  enemies: ResidueCreature[];
  /**
   * The Creatures strike first.
   */
  surprised: boolean;
}
/**
 * A Combat: Attack, Pass or Run; with Retaliations pending, Commit Defense or take the blow.
 */
export interface ResidueCombatPhase {
  /**
   * The record type.
   */
  type: "residue.CombatPhase";
  /**
   * The format version of the type.
   */
  version: 1;
  encounter: ResidueEncounter;
  /**
   * `(enemy, token)` pairs: the enemies standing on a Token of the map (by position); an enemy not listed came from an Entry.
   */
  tokens: never[][];
  /**
   * Enemies still to Retaliate, in order (empty: the player acts).
   */
  retaliators: number[];
  /**
   * Where the procedure goes when the Combat ends.
   */
  then: ResidueTrip | ResidueTokenMovement;
}
/**
 * A Travel in progress, kept while a Hex's Encounters, Vendors or cards are resolved.
 */
export interface ResidueTrip {
  /**
   * The record type.
   */
  type: "residue.Trip";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Travel ★ left.
   */
  stars: number;
  /**
   * The Hex entered was Undiscovered (or a Fast Travel ends Travel): Travel ends once it is resolved.
   */
  ends: boolean;
  /**
   * Commit Move was made; `False`: the Travel Phase had not begun (an optional Encounter or a Fast Travel before Commit Move returns to it).
   */
  begun: boolean;
  /**
   * The Entries of mandatory NPCs met on this Hex still to read (by name), read once its Combat or Vendor is over.
   */
  entries?: string[];
}
/**
 * The Rest Phase's Token Movement, interrupted by an Encounter it caused.
 */
export interface ResidueTokenMovement {
  /**
   * The record type.
   */
  type: "residue.TokenMovement";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The Token that moves next (`None`: every Token has moved; Check Strain follows).
   */
  next: number | null;
  /**
   * The Entries of mandatory NPCs met still to read (by name), read once the Encounter in progress is over, before Token Movement goes on.
   */
  entries?: string[];
}
/**
 * After No Dice Available: the Commit the rules demand, with the die and Luck the player chooses.
 */
export interface ResidueCommitPhase {
  /**
   * The record type.
   */
  type: "residue.CommitPhase";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The Commit to make (its kind and target; `die` is chosen now).
   */
  must:
    | ResidueBanishChoice
    | ResidueCommitChoice
    | ResidueInventoryChoice
    | ResidueMoveChoice
    | ResiduePickChoice
    | ResiduePlainChoice
    | ResidueSlotChoice
    | ResidueStrainChoice
    | ResidueSwitchChoice
    | ResidueTakeRestChoice;
  /**
   * The stage the Commit is made in.
   */
  before:
    | ResidueCheckStrainPhase
    | ResidueCombatPhase
    | ResidueCommitPhase
    | ResidueEndedPhase
    | ResidueEntryPhase
    | ResidueEscapePhase
    | ResidueLuckPhase
    | ResidueMeetPhase
    | ResidueMovePhase
    | ResiduePayoffPhase
    | ResiduePlacePhase
    | ResidueRecoverPhase
    | ResidueTradePhase
    | ResidueTravelPhase;
}
/**
 * The Journey is over.
 */
export interface ResidueEndedPhase {
  /**
   * The record type.
   */
  type: "residue.EndedPhase";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * How it ended.
   */
  outcome: "reached_hum" | "defeated" | "out_of_time" | "out_of_choices";
  /**
   * The defeat and its cause (given exactly when the outcome is DEFEATED).
   */
  defeat: ResidueDefeat | null;
}
/**
 * A defeat and its cause.
 */
export interface ResidueDefeat {
  /**
   * The record type.
   */
  type: "residue.Defeat";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Which of the four ways.
   */
  cause: "hp" | "no_dice" | "strain" | "banished";
  /**
   * What happened, for the log (free text).
   */
  detail: string;
  /**
   * The day it happened on (0 when not tracked).
   */
  day: number;
}
/**
 * An Entry being read: choose an option, make its Commit Skill, or decide on what it offers.
 */
export interface ResidueEntryPhase {
  /**
   * The record type.
   */
  type: "residue.EntryPhase";
  /**
   * The format version of the type.
   */
  version: 1;
  entry: ResidueEntry;
  /**
   * The Travel (or Token Movement) the Entry interrupted.
   */
  then: ResidueTrip | ResidueTokenMovement;
  /**
   * Where the procedure goes when the Entry ends.
   */
  next: "hex" | "travel" | "ruin" | "item";
  /**
   * The option chosen whose Commit Skill waits for its die (`None`: none).
   */
  option: number | null;
  /**
   * Gain Item X offered: the Item's name (`None`: none).
   */
  item: string | null;
  /**
   * A deck the Entry lets the player shuffle (`None`: none).
   */
  shuffle: string | null;
  /**
   * A Creature to Face when the Entry ends (`None`: none).
   */
  creature: string | null;
  /**
   * The Entry read next when this one ends (`None`: none).
   */
  go_to: string | null;
  /**
   * The check followed leads on to the Entry's options.
   */
  options_next: boolean;
  /**
   * An Item's Entry (*next* ITEM): the stage the Item was activated in (the Travel Phase or between Travel ★, a Combat, Strain Payoff, Recover HP), which comes back when the Entry ends.
   */
  before:
    | (
        | ResidueCheckStrainPhase
        | ResidueCombatPhase
        | ResidueCommitPhase
        | ResidueEndedPhase
        | ResidueEntryPhase
        | ResidueEscapePhase
        | ResidueLuckPhase
        | ResidueMeetPhase
        | ResidueMovePhase
        | ResiduePayoffPhase
        | ResiduePlacePhase
        | ResidueRecoverPhase
        | ResidueTradePhase
        | ResidueTravelPhase
      )
    | null;
  /**
   * The effect whose Draw X. Choose Y. waits for the cards kept (`None`: none).
   */
  drawing: ResidueEntryEffect | null;
  /**
   * The drawn cards kept so far (positions in the draw).
   */
  kept: number[];
}
/**
 * An Entry: its checks (top to bottom) and the options it offers.
 */
export interface ResidueEntry {
  /**
   * The record type.
   */
  type: "residue.Entry";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The Entry's name or number.
   */
  name: string;
  /**
   * The Entry Checks, top first.
   */
  checks: ResidueEntryCheck[];
  /**
   * The options, each with its Entry Limitation.
   */
  options: ResidueEntryOption[];
}
/**
 * One line of an Entry's checks: its requirements and what following it does.
 */
export interface ResidueEntryCheck {
  /**
   * The record type.
   */
  type: "residue.EntryCheck";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * What the line says (the caller's text).
   */
  text: string;
  /**
   * Every requirement must be met for the line to apply (none: it always applies).
   */
  requires: ResidueRequirement[];
  /**
   * Keywords gained by following it (Gain Keyword).
   */
  gain: string[];
  /**
   * Keywords lost by following it (Lose Keyword).
   */
  lose: string[];
  /**
   * "You may continue your journey": the Entry ends here and the Journey procedure goes on (`False`: the line leads on, for example to another Entry, which the caller follows).
   */
  continue_journey: boolean;
  effect?: ResidueEntryEffect;
  /**
   * A test it asks for first (its *passed* or *failed* effect follows).
   */
  test?: ResidueEntryTest | null;
}
/**
 * What following an Entry's line or option does (the caller's reading of its text).
 */
export interface ResidueEntryEffect {
  /**
   * The record type.
   */
  type: "residue.EntryEffect";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * +X HP (positive: recovered up to Max HP, Bleeding rolled) or -X HP (negative).
   */
  hp: number;
  /**
   * Inventory ⇧ (positive steps) or ⇩ (negative) by kind.
   */
  inventory: never[][];
  /**
   * A Condition gained (applied on the Wanderer at once).
   */
  condition:
    | (
        | "starvation"
        | "dehydration"
        | "depletion"
        | "exposed"
        | "corruption"
        | "fear"
        | "bleeding"
        | "panic"
        | "fatigue"
        | "delirium"
      )
    | null;
  /**
   * Keywords gained (Gain Keyword).
   */
  gain: string[];
  /**
   * Keywords lost (Lose Keyword).
   */
  lose: string[];
  /**
   * Gain Item X (from wherever it is): the player is offered to take it.
   */
  item: string | null;
  /**
   * A deck the Entry lets the player shuffle (its name), offered as a choice.
   */
  shuffle: string | null;
  /**
   * A Creature of the bestiary to Face.
   */
  creature: string | null;
  /**
   * The Entry to read next (`None`: none).
   */
  go_to: string | null;
  /**
   * "You may continue your journey": the Entry ends here.
   */
  continue_journey: boolean;
  /**
   * Draw X. Choose Y.: X, the cards drawn from the Item Deck (0: none drawn).
   */
  draw?: number;
  /**
   * ... Choose Y.: Y, the drawn cards the player keeps (at most *draw*); the rest go to the bottom.
   */
  keep?: number;
  /**
   * With *draw*: only cards of this type are drawn (Draw X matching cards). Without: Draw by Type (reveal cards until one of this type; it is kept).
   */
  draw_type?: ("item" | "tool" | "weapon" | "corruption") | null;
}
/**
 * A test an Entry's line or option asks for, and what passing and failing do.
 */
export interface ResidueEntryTest {
  /**
   * The record type.
   */
  type: "residue.EntryTest";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Commit Skill or a Luck Test.
   */
  kind: "commit_skill" | "luck_test";
  /**
   * Commit Skill (+Skill): the listed bonus added to the Outcome.
   */
  skill_bonus: number;
  /**
   * ★ the Entry asks for to pass a Commit Skill (the Entry's text gives it).
   */
  need: number;
  passed: ResidueEntryEffect;
  failed: ResidueEntryEffect;
}
/**
 * An option an Entry offers, with its Entry Limitation.
 */
export interface ResidueEntryOption {
  /**
   * The record type.
   */
  type: "residue.EntryOption";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The option (the caller's text).
   */
  text: string;
  /**
   * What choosing it requires (none: open to everyone).
   */
  limitation: ResidueRequirement[];
  /**
   * Keywords gained by choosing it.
   */
  gain: string[];
  /**
   * Keywords lost by choosing it.
   */
  lose: string[];
  /**
   * Choosing it ends the Entry ("You may continue your journey").
   */
  continue_journey: boolean;
  effect?: ResidueEntryEffect;
  /**
   * A test it asks for first (Commit Skill or a Luck Test).
   */
  test?: ResidueEntryTest | null;
}
/**
 * An Escape from Combat: choose the adjacent Hex.
 */
export interface ResidueEscapePhase {
  /**
   * The record type.
   */
  type: "residue.EscapePhase";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Where the procedure goes after the Escape.
   */
  then: ResidueTrip | ResidueTokenMovement;
}
/**
 * Luck for an Action, decided after the Commit: Delirium rerolled the die and the player has seen it.
 */
export interface ResidueLuckPhase {
  /**
   * The record type.
   */
  type: "residue.LuckPhase";
  /**
   * The format version of the type.
   */
  version: 1;
  pending: ResidueCommitResult;
  /**
   * The choice that made it (its kind and target).
   */
  choice:
    | ResidueBanishChoice
    | ResidueCommitChoice
    | ResidueInventoryChoice
    | ResidueMoveChoice
    | ResiduePickChoice
    | ResiduePlainChoice
    | ResidueSlotChoice
    | ResidueStrainChoice
    | ResidueSwitchChoice
    | ResidueTakeRestChoice;
  /**
   * The stage the Commit was made in (the procedure goes on from it).
   */
  before:
    | ResidueCheckStrainPhase
    | ResidueCombatPhase
    | ResidueCommitPhase
    | ResidueEndedPhase
    | ResidueEntryPhase
    | ResidueEscapePhase
    | ResidueLuckPhase
    | ResidueMeetPhase
    | ResidueMovePhase
    | ResiduePayoffPhase
    | ResiduePlacePhase
    | ResidueRecoverPhase
    | ResidueTradePhase
    | ResidueTravelPhase;
}
/**
 * A whole Commit on the Wanderer: the Action and what it did to the Endurance state.
 */
export interface ResidueCommitResult {
  /**
   * The record type.
   */
  type: "residue.CommitResult";
  /**
   * The format version of the type.
   */
  version: 1;
  action: ResidueActionResult;
  before: ResidueEndurance;
  endurance: ResidueEndurance;
  /**
   * HP lost directly (Bleeding: 1 per Commit); Defense does not apply.
   */
  hp_lost: number;
  /**
   * Panic's reroll of the Endurance Pool after Commit Skill, if any.
   */
  panic: ResidueEnduranceStep | null;
  /**
   * The Luck die after Luck for the Action (`None` when Luck was not used).
   */
  luck_after: ("zero" | "d4" | "d6" | "d8" | "d10" | "d12") | null;
  /**
   * The Outcome of the Action.
   */
  stars: number;
}
/**
 * The Endurance dice and Strain of the Wanderer.
 */
export interface ResidueEndurance {
  /**
   * The record type.
   */
  type: "residue.Endurance";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The Endurance Pool: rolled dice available to Commit.
   */
  pool: ResidueEnduranceDie[];
  /**
   * Dice committed in Action Slots, in the order committed.
   */
  committed: ResidueCommittedDie[];
  /**
   * Dice set aside until Rest.
   */
  exhausted: ("zero" | "d4" | "d6" | "d8" | "d10" | "d12")[];
  /**
   * Dice removed for the rest of the run.
   */
  banished: ("zero" | "d4" | "d6" | "d8" | "d10" | "d12")[];
  /**
   * Strain gained (never negative).
   */
  strain: number;
}
/**
 * An Endurance die and the Value it shows.
 */
export interface ResidueEnduranceDie {
  /**
   * The record type.
   */
  type: "residue.EnduranceDie";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Its size (d4..d12).
   */
  die: "zero" | "d4" | "d6" | "d8" | "d10" | "d12";
  /**
   * The Value showing.
   */
  value: number;
}
/**
 * An Endurance die committed in an Action Slot.
 */
export interface ResidueCommittedDie {
  /**
   * The record type.
   */
  type: "residue.CommittedDie";
  /**
   * The format version of the type.
   */
  version: 1;
  slot: "skill" | "move" | "attack" | "defense";
  die: ResidueEnduranceDie;
}
/**
 * What a Recover, Reroll, No Dice Available, Rest recovery or Start Day did.
 */
export interface ResidueEnduranceStep {
  /**
   * The record type.
   */
  type: "residue.EnduranceStep";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Which operation ("Reroll", "Recover with Strain", ...).
   */
  action: string;
  before: ResidueEndurance;
  after: ResidueEndurance;
  /**
   * The dice rolled, with their new Values, in the order rolled.
   */
  rolled: ResidueEnduranceDie[];
  /**
   * Strain it cost.
   */
  strain_gained: number;
  /**
   * The Delirium roll gaining Strain caused, if any.
   */
  delirium: ResidueConditionRoll | null;
  /**
   * The Conditions after (when they were given).
   */
  conditions: ResidueConditions | null;
  /**
   * No Dice Available with nothing to recover: you are defeated.
   */
  defeated: boolean;
}
/**
 * A roll of a Condition Die: 1-2 steps it down; a d4 stepping down removes the Condition.
 */
export interface ResidueConditionRoll {
  /**
   * The record type.
   */
  type: "residue.ConditionRoll";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Which Condition.
   */
  condition:
    | "starvation"
    | "dehydration"
    | "depletion"
    | "exposed"
    | "corruption"
    | "fear"
    | "bleeding"
    | "panic"
    | "fatigue"
    | "delirium";
  /**
   * Its Condition Die before the roll.
   */
  die: "zero" | "d4" | "d6" | "d8" | "d10" | "d12";
  /**
   * The natural Value rolled.
   */
  value: number;
  /**
   * The Condition Die after the roll (0: the Condition is gone).
   */
  after: "zero" | "d4" | "d6" | "d8" | "d10" | "d12";
  /**
   * Whether the roll removed the Condition.
   */
  removed: boolean;
}
/**
 * The Conditions on the Wanderer.
 */
export interface ResidueConditions {
  /**
   * The record type.
   */
  type: "residue.Conditions";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Fear's Condition Die (0: no Fear).
   */
  fear: "zero" | "d4" | "d6" | "d8" | "d10" | "d12";
  /**
   * Bleeding's Condition Die.
   */
  bleeding: "zero" | "d4" | "d6" | "d8" | "d10" | "d12";
  /**
   * Panic's Condition Die.
   */
  panic: "zero" | "d4" | "d6" | "d8" | "d10" | "d12";
  /**
   * Fatigue's Condition Die.
   */
  fatigue: "zero" | "d4" | "d6" | "d8" | "d10" | "d12";
  /**
   * Delirium's Condition Die.
   */
  delirium: "zero" | "d4" | "d6" | "d8" | "d10" | "d12";
  /**
   * The Conditions without a die, in glossary order.
   */
  others: (
    | "starvation"
    | "dehydration"
    | "depletion"
    | "exposed"
    | "corruption"
    | "fear"
    | "bleeding"
    | "panic"
    | "fatigue"
    | "delirium"
  )[];
  /**
   * Those of *others* a rule gave (gain), not an Inventory at 0: they stay while that Inventory is above 0, until it returns (steps up; with_inventory).
   */
  from_rules?: (
    | "starvation"
    | "dehydration"
    | "depletion"
    | "exposed"
    | "corruption"
    | "fear"
    | "bleeding"
    | "panic"
    | "fatigue"
    | "delirium"
  )[];
}
/**
 * Optional Encounters on this Hex: meet one or go on.
 */
export interface ResidueMeetPhase {
  /**
   * The record type.
   */
  type: "residue.MeetPhase";
  /**
   * The format version of the type.
   */
  version: 1;
  then: ResidueTrip;
}
/**
 * Travel after Commit Move: spend a Travel ★ (move one Hex) or End Travel.
 */
export interface ResidueMovePhase {
  /**
   * The record type.
   */
  type: "residue.MovePhase";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Travel ★ left (at least 1).
   */
  stars: number;
}
/**
 * Rest: Strain Payoff, one Strain at a time.
 */
export interface ResiduePayoffPhase {
  /**
   * The record type.
   */
  type: "residue.PayoffPhase";
  /**
   * The format version of the type.
   */
  version: 1;
}
/**
 * A gained card (the first of gained): put it in a slot or discard it.
 */
export interface ResiduePlacePhase {
  /**
   * The record type.
   */
  type: "residue.PlacePhase";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The Travel (or Token Movement) to go on with after.
   */
  then: ResidueTrip | ResidueTokenMovement;
}
/**
 * Rest: Recover HP with Food or Water, one roll at a time.
 */
export interface ResidueRecoverPhase {
  /**
   * The record type.
   */
  type: "residue.RecoverPhase";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * HP was recovered in this Recover HP (Bleeding rolls at its end).
   */
  healed: boolean;
}
/**
 * A Vendor: Barter or leave; while a Barter is being paid, the next ⊙ of Tradeable Inventory.
 */
export interface ResidueTradePhase {
  /**
   * The record type.
   */
  type: "residue.TradePhase";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The Vendor's name.
   */
  vendor: string;
  /**
   * The Travel (or Token Movement) to go on with after.
   */
  then: ResidueTrip | ResidueTokenMovement;
  /**
   * The good being bartered for (its position in the Vendor's goods), while its cost is paid one ⊙ at a time (`None`: no Barter under way).
   */
  paying?: number | null;
  /**
   * The ⊙ made so far for it, in order (a Failed Barter gives them all back).
   */
  paid?: ResidueInventoryUse[];
}
/**
 * The Travel Phase: Commit Move or End Travel (and what the Travel Phase allows).
 */
export interface ResidueTravelPhase {
  /**
   * The record type.
   */
  type: "residue.TravelPhase";
  /**
   * The format version of the type.
   */
  version: 1;
}
/**
 * Suffer X Damage, explained.
 */
export interface ResidueDamageResult {
  /**
   * The record type.
   */
  type: "residue.DamageResult";
  /**
   * The format version of the type.
   */
  version: 1;
  before: ResidueHealth;
  /**
   * The Damage suffered.
   */
  damage: number;
  /**
   * ★ of Defense (each blocks 1 Damage).
   */
  blocked: number;
  /**
   * HP actually lost (Damage after Defense, at most the HP left).
   */
  lost: number;
  after: ResidueHealth;
  /**
   * Whether the Damage brought HP to 0.
   */
  defeated: boolean;
}
/**
 * A Wanderer's HP and Max HP.
 */
export interface ResidueHealth {
  /**
   * The record type.
   */
  type: "residue.Health";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Current HP, 0..max_hp (0 means defeated).
   */
  hp: number;
  /**
   * Maximum HP, at least 1.
   */
  max_hp: number;
  /**
   * 0 HP: the Wanderer is defeated.
   */
  is_defeated: boolean;
}
/**
 * A deck of cards, top first.
 */
export interface ResidueDeck {
  /**
   * The record type.
   */
  type: "residue.Deck";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The cards, the top card first.
   */
  cards: ResidueItem[];
  /**
   * The deck's name, for the log.
   */
  name: string;
}
/**
 * What a deck operation drew, and the deck after.
 */
export interface ResidueDeckDraw {
  /**
   * The record type.
   */
  type: "residue.DeckDraw";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The cards drawn and kept, in order.
   */
  kept: ResidueItem[];
  /**
   * The cards placed at the bottom, in the order placed.
   */
  bottomed: ResidueItem[];
  deck: ResidueDeck;
}
/**
 * The Wanderer is defeated.
 */
export interface ResidueDefeated {
  /**
   * The record type.
   */
  type: "residue.Defeated";
  /**
   * The format version of the type.
   */
  version: 1;
  defeat: ResidueDefeat;
}
/**
 * The dice a choice's resolution asks for, in order, as far as the rules fix them before any is rolled.
 */
export interface ResidueDicePlan {
  /**
   * The record type.
   */
  type: "residue.DicePlan";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The sides of each die asked for first, in order, whatever the dice show (`(8, 3)`: a d8, then a d3). Never a die of fewer than 2 sides.
   */
  dice: number[];
  /**
   * Further dice may follow, depending on what these show (or beyond the work DICE_PLAN_BUDGET allows); `False`: these are all the dice.
   */
  more: boolean;
}
/**
 * A die the Journey rolled itself (not inside a rule's result).
 */
export interface ResidueDieRolled {
  /**
   * The record type.
   */
  type: "residue.DieRolled";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The rule that rolled it.
   */
  rule: string;
  /**
   * The die's size.
   */
  sides: number;
  /**
   * The face rolled.
   */
  face: number;
  /**
   * What the face gave, in words.
   */
  result: string;
}
/**
 * An EntryEffect applied to the Wanderer (the parts that touch the sheet).
 */
export interface ResidueEntryEffectResult {
  /**
   * The record type.
   */
  type: "residue.EntryEffectResult";
  /**
   * The format version of the type.
   */
  version: 1;
  effect: ResidueEntryEffect;
  /**
   * +X HP with Bleeding's roll (`None`: no +X HP).
   */
  healing: ResidueHealing | null;
  /**
   * HP lost directly (-X HP).
   */
  hp_lost: number;
  /**
   * The Inventory before and after the steps (equal when none).
   *
   * @minItems 2
   */
  inventory: never[];
  /**
   * Steps that could not be taken (Resolve under Corruption).
   */
  refused: string[];
  wanderer: ResidueWanderer;
}
/**
 * +X HP, explained: the HP recovered and Bleeding's roll.
 */
export interface ResidueHealing {
  /**
   * The record type.
   */
  type: "residue.Healing";
  /**
   * The format version of the type.
   */
  version: 1;
  before: ResidueHealth;
  /**
   * The X of +X HP.
   */
  amount: number;
  /**
   * A rule lets HP go above Max HP.
   */
  beyond_max: boolean;
  after: ResidueHealth;
  /**
   * Bleeding's roll (`None`: no Bleeding, or no HP recovered).
   */
  bleeding: ResidueConditionRoll | null;
  /**
   * HP actually recovered.
   */
  recovered: number;
}
/**
 * The Wanderer's whole sheet.
 */
export interface ResidueWanderer {
  /**
   * The record type.
   */
  type: "residue.Wanderer";
  /**
   * The format version of the type.
   */
  version: 1;
  health: ResidueHealth;
  endurance: ResidueEndurance;
  inventory: ResidueInventory;
  /**
   * The Luck die (0: no Luck).
   */
  luck: "zero" | "d4" | "d6" | "d8" | "d10" | "d12";
  /**
   * The Strain Threshold (ST).
   */
  strain_threshold: number;
  conditions: ResidueConditions;
  loadout: ResidueLoadout;
  /**
   * The Keywords (story or rules tags) the Wanderer holds, in the order gained.
   */
  keywords?: string[];
  /**
   * The Framework (character background or role), if any.
   */
  framework?: string | null;
  /**
   * The named Skills an Entry Limitation can ask for (the character sheet's).
   */
  skills?: string[];
  /**
   * Current Strain.
   */
  strain: number;
  /**
   * Check Strain against the Strain Threshold.
   */
  strain_check: "travel_or_rest" | "must_rest" | "defeated";
  /**
   * The display text of strain_check.
   */
  strain_check_label: "travel or rest" | "must rest" | "defeated";
}
/**
 * The Item Slots and Weapon Slots and what they hold (`None` for an empty slot).
 */
export interface ResidueLoadout {
  /**
   * The record type.
   */
  type: "residue.Loadout";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * What each Item Slot holds.
   */
  item_slots: (ResidueItem | null)[];
  /**
   * What each Weapon Slot holds.
   */
  weapon_slots: (ResidueItem | null)[];
}
/**
 * What following an Entry's check or option did.
 */
export interface ResidueEntryOutcome {
  /**
   * The record type.
   */
  type: "residue.EntryOutcome";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The Entry's name.
   */
  entry: string;
  /**
   * The line or option followed (`""`: no check applied).
   */
  text: string;
  wanderer: ResidueWanderer;
  /**
   * The Entry has ended; continue the current Journey procedure.
   */
  continue_journey: boolean;
}
/**
 * HP lost or gained, with its cause.
 */
export interface ResidueHPChanged {
  /**
   * The record type.
   */
  type: "residue.HPChanged";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Why.
   */
  cause: string;
  /**
   * HP before.
   */
  before: number;
  /**
   * HP after.
   */
  after: number;
  /**
   * Max HP.
   */
  max_hp: number;
}
/**
 * Recover HP: one Food or Water roll for 1 HP.
 */
export interface ResidueHPRecovered {
  /**
   * The record type.
   */
  type: "residue.HPRecovered";
  /**
   * The format version of the type.
   */
  version: 1;
  use: ResidueInventoryUse;
  hp: number;
  max_hp: number;
}
/**
 * One space on the HexMap, in axial coordinates.
 */
export interface ResidueHex {
  /**
   * The record type.
   */
  type: "residue.Hex";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The column coordinate.
   */
  q: number;
  /**
   * The row coordinate.
   */
  r: number;
}
/**
 * The HexMap: the Regions in the game and every Hex known so far.
 */
export interface ResidueHexMap {
  /**
   * The record type.
   */
  type: "residue.HexMap";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The Regions available in the game (caller's data).
   */
  regions: ResidueRegion[];
  /**
   * The Hexes that have a Region, an Area, a Special rule or the Ruin.
   */
  tiles: ResidueTile[];
}
/**
 * A Region of the HexMap: Hexes sharing Terrain, Hazard, Mutation and Areas.
 */
export interface ResidueRegion {
  /**
   * The record type.
   */
  type: "residue.Region";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The Region's name, unique on a map.
   */
  name: string;
  /**
   * The names of the Areas that can be discovered in it.
   */
  areas: string[];
  /**
   * The Region's Terrain (free text).
   */
  terrain: string;
  /**
   * The Hazard suffered while Exposed (free text).
   */
  hazard: string;
  /**
   * The Mutation applied to Creatures drawn there (free text).
   */
  mutation: string;
}
/**
 * What is known about one Hex of the map.
 */
export interface ResidueTile {
  /**
   * The record type.
   */
  type: "residue.Tile";
  /**
   * The format version of the type.
   */
  version: 1;
  hex: ResidueHex;
  /**
   * The Region's name, or `None` (Undiscovered Region).
   */
  region: string | null;
  /**
   * The discovered Area's name, or `None` (not yet discovered).
   */
  area: string | null;
  /**
   * The lasting rule of a Special Hex (free text), or `None`.
   */
  special: string | null;
  /**
   * `True` on the Ruin Hex, the Hex holding the Hum Token.
   */
  ruin: boolean;
}
/**
 * Where the Hum goes, with every die that placed it.
 */
export interface ResidueHumPlacement {
  /**
   * The record type.
   */
  type: "residue.HumPlacement";
  /**
   * The format version of the type.
   */
  version: 1;
  origin: ResidueHex;
  /**
   * The Compass Die's face.
   */
  compass_roll: number;
  /**
   * The direction it reads.
   */
  direction: "n" | "ne" | "se" | "s" | "sw" | "nw";
  /**
   * The two d4 of 2d4+3.
   *
   * @minItems 2
   */
  distance_dice: never[];
  /**
   * 2d4+3, from 5 to 11.
   */
  distance: number;
  target: ResidueHex;
  at: ResidueHex;
  /**
   * The second Compass Die roll, when *target* was discovered.
   */
  redirect_roll: number | null;
  /**
   * The direction it reads.
   */
  redirect_direction: ("n" | "ne" | "se" | "s" | "sw" | "nw") | null;
}
/**
 * Gain Item X from wherever it is, explained.
 */
export interface ResidueItemGain {
  /**
   * The record type.
   */
  type: "residue.ItemGain";
  /**
   * The format version of the type.
   */
  version: 1;
  item: ResidueItem;
  /**
   * Where it was.
   */
  source: "deck" | "slot" | "vendor" | "nowhere";
  deck: ResidueDeck;
  loadout: ResidueLoadout;
  /**
   * The Vendors after (the Vendor that held it no longer does).
   */
  vendors: ResidueVendor[];
  /**
   * The slot or the Vendor it came from (`""` for the deck).
   */
  where: string;
}
/**
 * An Item's Uses roll from a slot, with the card returned to its deck on d4 ⇩.
 */
export interface ResidueItemUseResult {
  /**
   * The record type.
   */
  type: "residue.ItemUseResult";
  /**
   * The format version of the type.
   */
  version: 1;
  roll: ResidueUsesRoll;
  loadout: ResidueLoadout;
  deck: ResidueDeck;
  /**
   * d4 ⇩: the card went back to its deck.
   */
  returned: boolean;
}
/**
 * A roll of an Item's Uses die.
 */
export interface ResidueUsesRoll {
  /**
   * The record type.
   */
  type: "residue.UsesRoll";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The Uses die rolled.
   */
  die: "zero" | "d4" | "d6" | "d8" | "d10" | "d12";
  /**
   * Its natural Value.
   */
  value: number;
  /**
   * The Uses die after (one step down on 1-2).
   */
  after: "zero" | "d4" | "d6" | "d8" | "d10" | "d12";
  /**
   * d4 ⇩: the card returns to its deck.
   */
  returned: boolean;
}
/**
 * The whole state of a Journey (see the module docs); build one with start_journey.
 */
export interface ResidueJourney {
  /**
   * The record type.
   */
  type: "residue.Journey";
  /**
   * The format version of the type.
   */
  version: 2;
  wanderer: ResidueWanderer;
  hexmap: ResidueHexMap;
  /**
   * The Tokens on it (a Creature or Raiders Token carries its Creature, `foe`).
   */
  tokens: ResidueToken[];
  position: ResidueHex;
  /**
   * The content in play, or a reference to it by digest (a save made with embed_setup=False).
   */
  setup: ResidueJourneySetup | ResidueSetupRef;
  /**
   * The day (1 on the first).
   */
  day: number;
  /**
   * Where the procedure stands, with that phase's own data (one of the phases classes; phase is its tag).
   */
  stage:
    | ResidueCheckStrainPhase
    | ResidueCombatPhase
    | ResidueCommitPhase
    | ResidueEndedPhase
    | ResidueEntryPhase
    | ResidueEscapePhase
    | ResidueLuckPhase
    | ResidueMeetPhase
    | ResidueMovePhase
    | ResiduePayoffPhase
    | ResiduePlacePhase
    | ResidueRecoverPhase
    | ResidueTradePhase
    | ResidueTravelPhase;
  /**
   * Choices applied so far.
   */
  steps: number;
  /**
   * The Vendors and the goods they still hold.
   */
  vendors: ResidueVendor[];
  /**
   * Cards gained from Entries, waiting for a slot (the PLACE phase offers the first).
   */
  gained: ResidueItem[];
  /**
   * Tokens on this Hex whose optional Encounter was met or passed by (cleared when the Wanderer changes Hex and at each New Day).
   */
  met: number[];
  /**
   * The Item Deck in play, if any (cards returned to it go to its bottom).
   */
  item_deck?: ResidueDeck | null;
  /**
   * Whether the Journey has ended.
   */
  is_over: boolean;
}
/**
 * One Token on the HexMap.
 */
export interface ResidueToken {
  /**
   * The record type.
   */
  type: "residue.Token";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * What the Token represents.
   */
  kind: "creature" | "hum" | "anomaly" | "portal" | "raiders" | "vendor" | "npc";
  at: ResidueHex;
  /**
   * A label (the Creature's or NPC's name); free text.
   */
  name: string;
  /**
   * `False` for an Inactive Token (it neither moves nor initiates Encounters).
   */
  active: boolean;
  /**
   * How it moves; `None` takes the kind's default (Creatures within your Region, Raiders toward you, the rest stay put).
   */
  movement: ("still" | "toward_in_region" | "toward") | null;
  /**
   * For Raiders, Vendors and NPCs, whether their section makes the Encounter mandatory (Creatures always trigger one).
   */
  mandatory: boolean;
  /**
   * For an Anomaly, whether it has been Discovered already.
   */
  discovered: boolean;
  /**
   * For a Creature or Raiders Token in a Journey, the Creature it stands for (with its current HP); `None` otherwise.
   */
  foe?: ResidueCreature | null;
}
/**
 * The content of a Journey the caller supplies.
 */
export interface ResidueJourneySetup {
  /**
   * The record type.
   */
  type: "residue.JourneySetup";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The Regions of the map (at least one) with their Areas.
   */
  regions: ResidueRegion[];
  /**
   * The Region of the starting Hex.
   */
  start_region: string;
  /**
   * The Area of the starting Hex (it starts discovered).
   */
  start_area: string;
  /**
   * The Creatures Area Entries and Tokens can name.
   */
  bestiary: ResidueCreature[];
  /**
   * What each Area's Entry does (Areas not listed do nothing).
   */
  entries: ResidueAreaEntry[];
  /**
   * Each Region's Mutation and Hazard.
   */
  region_rules: ResidueRegionRules[];
  /**
   * Tokens on the map at the start (Creature and Raiders tokens name a bestiary Creature: their Encounter is a fight with it).
   */
  tokens: ResidueToken[];
  /**
   * The Compass Die's faces.
   */
  compass: ("n" | "ne" | "se" | "s" | "sw" | "nw")[];
  /**
   * A guard for unattended play: the Journey stops after this many days.
   */
  max_days: number;
  /**
   * The Vendors Vendor tokens name (their goods, prices and Tradeable Inventory).
   */
  vendors: ResidueVendor[];
  /**
   * What Discover Anomaly does for each Anomaly Token (an AreaEntry whose *area* is the Token's name; an Anomaly not listed is only marked Discovered).
   */
  anomalies: ResidueAreaEntry[];
  /**
   * Each NPC's simpler Entry (an AreaEntry whose *area* is the NPC Token's name; its full Entry goes in *texts*); whether meeting it is optional or mandatory is the Token's `mandatory` flag.
   */
  npcs: ResidueAreaEntry[];
  /**
   * The Portal rules for Fast Travel; `None`: Portals are no Fast Travel points.
   */
  portal_rules: ResiduePortalRules | null;
  /**
   * What activating an Item with a Uses die does (an AreaEntry whose *area* is the Item's name: HP, Inventory or a Condition; not a Creature or a card).
   */
  item_effects: ResidueAreaEntry[];
  /**
   * The Item Deck (`None`: none in play). With one, a Recycled card, a card discarded or replaced from a slot, and a card whose d4 Uses steps down go to its bottom.
   */
  item_deck?: ResidueDeck | null;
  /**
   * Entries the engine reads (Entry: Entry Checks, options with their Limitations, Commit Skill, Luck Tests, Keywords, Gain Item X, a shuffle, "You may continue your journey"), by name: an Area's (read when it is discovered, before its Special Hex rules and Tokens), an NPC's (read when it is met: a mandatory one on arrival or when Token Movement brings it, after the Hex's Combat), an Anomaly's (read when it is Discovered), or one an Entry goes to.
   */
  texts?: ResidueEntry[];
  /**
   * The Ruin Entry, read on reaching the Hum (`None`: the Journey simply ends).
   */
  ruin_entry?: ResidueEntry | null;
  /**
   * What activating an Item does, as an Entry the engine reads (by the Item's name; after its Uses roll and its *item_effects*): Gain Item X and a deck shuffle are offered as choices, as are its options. It is read where the Item was activated (the Travel Phase, a Combat, Recover HP) and the procedure comes back there; so it names no Creature and goes to no other Entry.
   */
  item_texts?: ResidueEntry[];
  /**
   * A guard for unattended play: the Journey stops (outcome OUT_OF_CHOICES) once this many choices are made without an end; `None`: 250 a day (choice_limit).
   */
  max_choices?: number | null;
}
/**
 * A Region's rules as numbers: its Creature Mutation and what its Hazard costs.
 */
export interface ResidueRegionRules {
  /**
   * The record type.
   */
  type: "residue.RegionRules";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The Region's name.
   */
  region: string;
  /**
   * Applied to Creatures when first drawn there.
   */
  mutation: ResidueMutation | null;
  /**
   * HP lost directly on each Hex entered while Exposed (the Hazard).
   */
  hazard_hp: number;
}
/**
 * The Portal rules as numbers (content the glossary refers to: Fast Travel follows them).
 */
export interface ResiduePortalRules {
  /**
   * The record type.
   */
  type: "residue.PortalRules";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Strain gained for each Fast Travel.
   */
  strain: number;
  /**
   * An Inventory to ⊙ for each Fast Travel (`None`: none); at 0 Fast Travel is not possible.
   */
  inventory: ("food" | "water" | "battery" | "gear" | "resolve") | null;
  /**
   * Fast Travel ends Travel (the Rest Phase follows).
   */
  ends_travel: boolean;
}
/**
 * Where a save made with `embed_setup=False` had its setup: the setup's SHA-256 digest.
 */
export interface ResidueSetupRef {
  /**
   * The record type.
   */
  type: "residue.SetupRef";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * digest of the setup the save was played on.
   */
  sha256: string;
}
/**
 * The Journey ended without a defeat (the day limit of unattended play).
 */
export interface ResidueJourneyEnded {
  /**
   * The record type.
   */
  type: "residue.JourneyEnded";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * How it ended.
   */
  outcome: "reached_hum" | "defeated" | "out_of_time" | "out_of_choices";
  /**
   * What led there, in words (may be empty).
   */
  detail: string;
}
/**
 * One Journey played to its end: the record `tabletop residue journey --json` prints.
 */
export interface ResidueJourneyPlay {
  /**
   * The record type.
   */
  type: "residue.JourneyPlay";
  /**
   * The format version of the type.
   */
  version: 2;
  /**
   * The name of the policy that made the choices.
   */
  policy: string;
  start: ResidueJourney;
  /**
   * Every choice made, in order.
   */
  choices: (
    | ResidueBanishChoice
    | ResidueCommitChoice
    | ResidueInventoryChoice
    | ResidueMoveChoice
    | ResiduePickChoice
    | ResiduePlainChoice
    | ResidueSlotChoice
    | ResidueStrainChoice
    | ResidueSwitchChoice
    | ResidueTakeRestChoice
  )[];
  /**
   * For each choice, what happened: its step's typed events (events, events).
   */
  log: (
    | ResidueCardGained
    | ResidueChoiceMade
    | ResidueCombatBegan
    | ResidueDefeated
    | ResidueDieRolled
    | ResidueHPChanged
    | ResidueJourneyEnded
    | ResidueMoved
    | ResidueNewDay
    | ResidueNote
    | ResiduePhaseBegan
    | ResidueReachedHum
    | ResidueRuleApplied
    | ResidueStrainChecked
    | ResidueStrainGained
    | ResidueTokenFound
  )[][];
  end: ResidueJourney;
  /**
   * How the Journey ended (`None` if it was stopped before its end).
   */
  outcome: ("reached_hum" | "defeated" | "out_of_time" | "out_of_choices") | null;
  /**
   * The display text of outcome.
   */
  outcome_label?: "reached hum" | "defeated" | "out of time" | "out of choices";
  /**
   * The day the Journey ended on.
   */
  days: number;
}
/**
 * The Wanderer moved to an adjacent Hex (or Fast Travelled).
 */
export interface ResidueMoved {
  /**
   * The record type.
   */
  type: "residue.Moved";
  /**
   * The format version of the type.
   */
  version: 1;
  to: ResidueHex;
  /**
   * The direction (`None` for a Fast Travel).
   */
  direction: ("n" | "ne" | "se" | "s" | "sw" | "nw") | null;
  /**
   * `"move"`, `"Escape"` or `"Fast Travel"`.
   */
  how: string;
}
/**
 * A new day begins (after Start Day).
 */
export interface ResidueNewDay {
  /**
   * The record type.
   */
  type: "residue.NewDay";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The day begun (1 on the first).
   */
  day: number;
}
/**
 * A line of text (what a rule said that has no record of its own, or a log line saved by an older version).
 */
export interface ResidueNote {
  /**
   * The record type.
   */
  type: "residue.Note";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The text.
   */
  line: string;
}
/**
 * The procedure moved to another phase (the last event of a step that changed it).
 */
export interface ResiduePhaseBegan {
  /**
   * The record type.
   */
  type: "residue.PhaseBegan";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The phase begun.
   */
  phase:
    | "travel"
    | "move"
    | "combat"
    | "defend"
    | "escape"
    | "trade"
    | "meet"
    | "place"
    | "entry"
    | "check_strain"
    | "payoff"
    | "recover"
    | "over"
    | "luck"
    | "commit";
}
/**
 * The Wanderer reached the Hum: the Hum Token is removed and the Ruin Entry read.
 */
export interface ResidueReachedHum {
  /**
   * The record type.
   */
  type: "residue.ReachedHum";
  /**
   * The format version of the type.
   */
  version: 1;
  at: ResidueHex;
}
/**
 * A rule resolved with its own result record, which keeps every die it rolled.
 */
export interface ResidueRuleApplied {
  /**
   * The record type.
   */
  type: "residue.RuleApplied";
  /**
   * The format version of the type.
   */
  version: 1;
  result: Record;
}
/**
 * Check Strain: Strain against the Strain Threshold.
 */
export interface ResidueStrainChecked {
  /**
   * The record type.
   */
  type: "residue.StrainChecked";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The Wanderer's Strain.
   */
  strain: number;
  /**
   * The Strain Threshold.
   */
  threshold: number;
  /**
   * What the check allows (Travel or Rest, must Rest, defeated).
   */
  result: "travel_or_rest" | "must_rest" | "defeated";
}
/**
 * Strain gained, with its cause.
 */
export interface ResidueStrainGained {
  /**
   * The record type.
   */
  type: "residue.StrainGained";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Why.
   */
  cause: string;
  /**
   * Strain gained.
   */
  amount: number;
  /**
   * Strain after.
   */
  strain: number;
}
/**
 * A Token on the Hex entered, and what it does.
 */
export interface ResidueTokenFound {
  /**
   * The record type.
   */
  type: "residue.TokenFound";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The Token's position in tokens (from 0; shown from 1).
   */
  token: number;
  /**
   * The Token as shown.
   */
  name: string;
  /**
   * What it does (an Encounter, an optional one, none, ...).
   */
  what: string;
}
/**
 * What simulate_journey found.
 */
export interface ResidueJourneySimulation {
  /**
   * The record type.
   */
  type: "residue.JourneySimulation";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Journeys played.
   */
  runs: number;
  /**
   * The policy's name.
   */
  policy: string;
  /**
   * Journeys that reached the Hum.
   */
  reached: number;
  /**
   * Journeys stopped by the day limit.
   */
  out_of_time: number;
  /**
   * Defeats by cause (cause name -> count).
   */
  defeats: {
    [k: string]: number;
  };
  /**
   * Days survived (the day each Journey ended on -> count).
   */
  days: {
    [k: string]: number;
  };
  /**
   * The day of each defeat (day -> defeats on that day), which survival reads; `None` in a simulation saved by a version that did not record it.
   */
  defeat_days?: {
    [k: string]: number;
  } | null;
  /**
   * Journeys stopped by a choice limit (the setup's choice_limit, or the simulation's `max_steps`): recorded, never raised.
   */
  out_of_choices?: number;
  /**
   * The share of Journeys that reached the Hum.
   */
  reach_probability: string;
  /**
   * The mean day Journeys ended on.
   */
  mean_days: number;
}
/**
 * One applied choice: the choice, the new state and what happened.
 */
export interface ResidueJourneyStep {
  /**
   * The record type.
   */
  type: "residue.JourneyStep";
  /**
   * The format version of the type.
   */
  version: 2;
  /**
   * The choice applied.
   */
  choice:
    | ResidueBanishChoice
    | ResidueCommitChoice
    | ResidueInventoryChoice
    | ResidueMoveChoice
    | ResiduePickChoice
    | ResiduePlainChoice
    | ResidueSlotChoice
    | ResidueStrainChoice
    | ResidueSwitchChoice
    | ResidueTakeRestChoice;
  journey: ResidueJourney;
  /**
   * What happened, in order: typed records that keep every die (events); `str()` of each is one line. The first is the ChoiceMade; a step that changed the phase ends with the PhaseBegan.
   */
  events: (
    | ResidueCardGained
    | ResidueChoiceMade
    | ResidueCombatBegan
    | ResidueDefeated
    | ResidueDieRolled
    | ResidueHPChanged
    | ResidueJourneyEnded
    | ResidueMoved
    | ResidueNewDay
    | ResidueNote
    | ResiduePhaseBegan
    | ResidueReachedHum
    | ResidueRuleApplied
    | ResidueStrainChecked
    | ResidueStrainGained
    | ResidueTokenFound
  )[];
}
/**
 * Check Luck at Rest: roll Luck above 0 (1-2 ⇩, 3+ no change, Max Value ⇧); Luck 0 becomes d4.
 */
export interface ResidueLuckCheck {
  /**
   * The record type.
   */
  type: "residue.LuckCheck";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The Luck die before the check.
   */
  luck: "zero" | "d4" | "d6" | "d8" | "d10" | "d12";
  /**
   * The natural Value rolled, or `None` when Luck was 0 (no roll).
   */
  value: number | null;
  /**
   * The Luck die after the check.
   */
  after: "zero" | "d4" | "d6" | "d8" | "d10" | "d12";
}
/**
 * A Luck Test: 1-2 fail and Luck ⇩; 3+ pass; Max Value pass and Luck ⇧.
 */
export interface ResidueLuckTest {
  /**
   * The record type.
   */
  type: "residue.LuckTest";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The Luck die rolled.
   */
  luck: "zero" | "d4" | "d6" | "d8" | "d10" | "d12";
  /**
   * Its natural Value.
   */
  value: number;
  /**
   * Whether the test passed (3+).
   */
  passed: boolean;
  /**
   * The Luck die after the test.
   */
  after: "zero" | "d4" | "d6" | "d8" | "d10" | "d12";
}
/**
 * The result of move_tokens: Token Movement up to the next Encounter.
 */
export interface ResidueMovementStep {
  /**
   * The record type.
   */
  type: "residue.MovementStep";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * Every Token after the moves.
   */
  tokens: ResidueToken[];
  /**
   * The moves made, in order.
   */
  moves: ResidueTokenMove[];
  /**
   * The index of the Token that entered the Wanderer's Hex (resolve it now), or `None` when Token Movement finished without one.
   */
  encounter: number | null;
  /**
   * Where Token Movement goes on after the Encounter (`None` when finished).
   */
  next_index: number | null;
}
/**
 * One Token's move during Token Movement.
 */
export interface ResidueTokenMove {
  /**
   * The record type.
   */
  type: "residue.TokenMove";
  /**
   * The format version of the type.
   */
  version: 1;
  index: number;
  start: ResidueHex;
  end: ResidueHex;
}
/**
 * Recover HP's Panic or Fatigue alternative: any Inventory rolled, then the Condition.
 */
export interface ResidueRecoverAlternative {
  /**
   * The record type.
   */
  type: "residue.RecoverAlternative";
  /**
   * The format version of the type.
   */
  version: 1;
  use: ResidueInventoryUse;
  roll: ResidueConditionRoll;
}
/**
 * A line of a Rest Step that no rule result holds (or a log line saved by an older version).
 */
export interface ResidueRestNote {
  /**
   * The record type.
   */
  type: "residue.RestNote";
  /**
   * The format version of the type.
   */
  version: 1;
  line: string;
}
/**
 * A whole Rest: every step in order, the Wanderer after, and the defeat if one struck.
 */
export interface ResidueRestResult {
  /**
   * The record type.
   */
  type: "residue.RestResult";
  /**
   * The format version of the type.
   */
  version: 1;
  steps: ResidueRestStep[];
  wanderer: ResidueWanderer;
  defeat: ResidueDefeat | null;
}
/**
 * One Rest Step, resolved.
 */
export interface ResidueRestStep {
  /**
   * The record type.
   */
  type: "residue.RestStep";
  /**
   * The format version of the type.
   */
  version: 2;
  /**
   * Which step.
   */
  name: "before_resting" | "wear_and_tear" | "strain_payoff" | "recover_hp" | "check_luck" | "start_day";
  /**
   * What happened, in order: each rule's own result (an Inventory roll, a Recover, a Condition roll, Check Luck, Start Day), which keeps its dice, or a RestNote; `str()` of each is one line (lines).
   */
  log: Record[];
  wanderer: ResidueWanderer;
  /**
   * Set when the step defeated the Wanderer.
   */
  defeat: ResidueDefeat | null;
}
/**
 * One enemy's Retaliation, with your Commit Defense against it.
 */
export interface ResidueRetaliation {
  /**
   * The record type.
   */
  type: "residue.Retaliation";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The enemy's index.
   */
  enemy: number;
  /**
   * Its name.
   */
  name: string;
  result: ResidueDamageResult;
}
/**
 * Run (Commit Move), explained.
 */
export interface ResidueRunResult {
  /**
   * The record type.
   */
  type: "residue.RunResult";
  /**
   * The format version of the type.
   */
  version: 1;
  before: ResidueEncounter;
  after: ResidueEncounter;
  /**
   * The Move's ★.
   */
  stars: number;
  /**
   * The enemies who Retaliate after a failed Run.
   */
  retaliators: number[];
  /**
   * ★★★ or more: you Escape to an adjacent Hex and ⊙ Gear.
   */
  escaped: boolean;
}
/**
 * One natural roll of a step die read on the Success Table (no Action, no modifiers).
 */
export interface ResidueStarsRoll {
  /**
   * The record type.
   */
  type: "residue.StarsRoll";
  /**
   * The format version of the type.
   */
  version: 1;
  /**
   * The step die rolled.
   */
  die: "zero" | "d4" | "d6" | "d8" | "d10" | "d12";
  /**
   * The natural Value, 1..the die's sides.
   */
  value: number;
  /**
   * The stars the Success Table gives the Value.
   */
  stars: number;
}
/**
 * Strain Payoff: 1 Strain paid with one Inventory roll.
 */
export interface ResidueStrainPaid {
  /**
   * The record type.
   */
  type: "residue.StrainPaid";
  /**
   * The format version of the type.
   */
  version: 1;
  use: ResidueInventoryUse;
  strain: number;
}
