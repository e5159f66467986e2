// Roll texts with rpg-dice-roller, the dice given: one JSON request a line on stdin, one JSON answer a line out.
//
// A request is {"text": "2d6!", "dice": [6, 6, 2, 3]}: each die rpg-dice-roller asks its number
// generator for (an integer from 1 to n, for a d6, a d%, a dF's d3 or a dF.1's d6) is the next
// value given. rpg-dice-roller's own tests fix their dice by mocking; this harness does it through
// the library's public hook instead (NumberGenerator.generator.engine), so the library runs as is.
//
// An answer is {"ok": true, "total", "output", "unused", "rolls": [...]} where each item of rolls
// is a dice term ({"dice": [{"value", "flags", "kept", "counts"}]}), a group ({"group": [...],
// "kept", "value"}), an operator or a number as rpg-dice-roller keeps it; or {"ok": false,
// "error": its class, "message"}.
//
// RDR_PACKAGE names the folder the pinned package was installed into (npm install
// @dice-roller/rpg-dice-roller@5.5.1): its node_modules holds the package and its dependencies.
// The tests (tests/notation/test_notation_rdr_differential.py) start this script with node.

import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const folder = process.env.RDR_PACKAGE;
if (!folder) {
  process.stderr.write('RDR_PACKAGE is not set\n');
  process.exit(2);
}
const entry = join(folder, 'node_modules', '@dice-roller', 'rpg-dice-roller', 'lib', 'esm', 'bundle.js');
const rdr = await import(pathToFileURL(entry).href);
const { DiceRoll, NumberGenerator, Results } = rdr;

class OutOfDice extends Error {}
class OffTheDie extends Error {}

let queue = [];
NumberGenerator.generator.engine = {
  range: [],
  next() {
    // random-js maps the engine's next() onto [min, max] as min + next() for these small ranges.
    if (!queue.length) {
      throw new OutOfDice('the dice given ran out');
    }
    const value = queue.shift();
    const [min, max] = this.range;
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new OffTheDie(`${value} is not a face from ${min} to ${max}`);
    }
    return value - min;
  },
};

function describe(item) {
  if (item instanceof Results.RollResults) {
    return {
      dice: item.rolls.map((roll) => ({
        value: roll.value,
        initial: roll.initialValue,
        flags: [...roll.modifiers],
        kept: roll.useInTotal,
        counts: roll.calculationValue,
      })),
      value: item.value,
    };
  }
  if (item instanceof Results.ResultGroup) {
    return {
      group: item.results.map(describe),
      rollGroup: item.isRollGroup,
      kept: item.useInTotal,
      flags: [...item.modifiers],
      value: item.value,
      counts: item.calculationValue,
    };
  }
  return item;
}

function answer(request) {
  queue = [...request.dice];
  try {
    const roll = new DiceRoll(request.text);
    return {
      ok: true,
      total: roll.total,
      output: roll.output,
      unused: queue.length,
      rolls: roll.rolls.map(describe),
    };
  } catch (error) {
    return { ok: false, error: error.constructor.name, message: String(error.message) };
  }
}

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (line.trim()) {
    process.stdout.write(`${JSON.stringify(answer(JSON.parse(line)))}\n`);
  }
}
