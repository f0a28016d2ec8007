import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LoadResult } from '@skill-eval/core';
import { loadSkillet } from '@skill-eval/format-skillet';
import { CORPUS_DIR } from '@skill-eval/testing/corpus';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SkilletReading, skilletLoaderMissing, skilletReadings } from './peers/skillet-loader.js';

/**
 * Skillet's own loader (`load_evals` at 63b6e11, PyYAML's `safe_load`: vendor/skillet-63b6e11) and skill-eval's
 * Skillet reader on every Skillet file of corpus/ and on files that differ only where YAML 1.1 (PyYAML) and YAML 1.2
 * read a value differently: the same files are refused (Skillet raises ⇔ an error here), and of the rest the same
 * name, turns and expected answer (as Skillet turns them into text, str()) and as many assertions.
 */
const root = mkdtempSync(path.join(tmpdir(), 'differential-skillet-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Skillet files of corpus/ (Skillet's own repository's evals); Sentry's skillet is another tool. */
function corpusSkilletFiles(): string[] {
  return (readdirSync(CORPUS_DIR, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.yaml') && file.includes('thekevinscott-skillet') && !file.includes('/.'))
    .map((file) => path.join(CORPUS_DIR, file))
    .sort();
}

const BASE = { timestamp: '2025-01-15T00:00:00Z', name: 'n', prompt: 'Say hi', expected: 'Says hi' };
/** An eval whose one field is written as `value` (raw YAML), the others plain. */
const evalWith = (field: keyof typeof BASE | 'assertions', value: string) =>
  `${Object.entries({ ...BASE, [field]: undefined })
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}: ${JSON.stringify(v)}\n`)
    .join('')}${field}: ${value}\n`;

const EDGES: Record<string, string> = {
  'a name YAML 1.1 reads as a boolean': evalWith('name', 'yes'),
  'a name YAML 1.1 reads as an octal number': evalWith('name', '0755'),
  'a name YAML 1.1 reads as a sexagesimal number': evalWith('name', '1:30'),
  'a name YAML 1.1 reads as a number with underscores': evalWith('name', '1_000'),
  'an expected answer written as a float': evalWith('expected', '12.0'),
  'a prompt YAML 1.1 reads as a boolean': evalWith('prompt', 'on'),
  'a prompt list with a number': evalWith('prompt', '["Say hi", 42]'),
  'a date as the timestamp': evalWith('timestamp', '2025-01-15'),
  'a key given twice': `${evalWith('name', 'first')}name: second\n`,
  'a merge key': `base: &base\n  name: merged\n  expected: Says hi\ntimestamp: 2025-01-15\nprompt: Say hi\n<<: *base\n`,
  'merge keys of two maps and an own key': `a: &a {name: first, expected: A}\nb: &b {name: second, expected: B, prompt: From b}\ntimestamp: 2025-01-15\n<<: [*a, *b]\nexpected: Own\n`,
  'a merge key naming no map': `x: &x just text\ntimestamp: 2025-01-15\nname: n\nprompt: hi\nexpected: e\n<<: *x\n`,
  'assertions that are not a list': evalWith('assertions', '{type: contains, value: hi}'),
  'an assertion of a type Skillet does not know': evalWith('assertions', '[{type: equals, value: hi}]'),
  'an assertion without a value': evalWith('assertions', '[{type: contains}]'),
  'two assertions': evalWith('assertions', '[{type: contains, value: hi}, {type: not_contains, value: bye}]'),
  'a file missing its expected answer': 'timestamp: 2025-01-15\nname: n\nprompt: Say hi\n',
  'a list, not a map': '- name: n\n',
};

/**
 * Files Skillet loads and skill-eval refuses at load, on purpose, with the rule that says why: each is an eval Skillet
 * cannot run as its author meant.
 */
const DELIBERATE: Record<string, { rule: string; why: string }> = {
  'a prompt YAML 1.1 reads as a boolean': {
    rule: 'skillet/wrong-type',
    why: 'Skillet sends `prompt` as it is (skillet/eval/run_prompt.py:36 iterates a prompt that is not a str): a boolean fails when the eval runs',
  },
  'a prompt list with a number': {
    rule: 'skillet/wrong-type',
    why: 'Skillet hands each turn to the agent as it is: a number is no message',
  },
  'a key given twice': {
    rule: 'skillet/duplicate-key',
    why: 'PyYAML silently keeps the last of two keys: skill-eval names the first rather than drop it unseen',
  },
};

/** Skipped where python3 or PyYAML is missing, except in CI, which installs them (scripts/setup-system.sh). */
const missing = skilletLoaderMissing();
const skipped = process.env.CI ? undefined : missing;

/**
 * Plain values YAML 1.1 and 1.2 read differently (or PyYAML cannot build), each written as a name, an expected answer,
 * a turn and an assertion's value: skill-eval must read what Skillet reads, or refuse where Skillet hands on a value it
 * cannot use (see {@link refusedOnPurpose}).
 */
const TOKENS = [
  'yes',
  'No',
  'ON',
  'off',
  'y',
  '~',
  'Null',
  '0755',
  '0o17',
  '0x1f',
  '0b11',
  '1_000',
  '1:30',
  '190:20:30',
];
TOKENS.push('1:30.5', '12.0', '1e3', '1.0e+3', '.5', '-.inf', '.NaN', '2025-01-15', '2025-1-5 1:02:03');
TOKENS.push('2025-01-15T10:00:00.5-05:30', '!!str yes', "'yes'", '"12.0"', '[]', '{}', '""', '=', '<<', '#x', 'x #y');
const SCALAR_FIELDS = ['name', 'expected', 'prompt', 'value'] as const;
const scalarFile = (field: (typeof SCALAR_FIELDS)[number], token: string) =>
  field === 'value'
    ? `timestamp: 2025-01-15\nname: n\nprompt: Say hi\nexpected: e\nassertions:\n  - type: contains\n    value: ${token}\n`
    : evalWith(field, token);
const SCALARS = SCALAR_FIELDS.flatMap((field) =>
  TOKENS.map((token) => ({ field, token, text: scalarFile(field, token) })),
);

/**
 * Why skill-eval refuses a file Skillet loads, if it does so on purpose: Skillet hands on a value it cannot use — a turn
 * that is not a str (run_prompt.py:36 iterates it), an assertion value that is not a str (its checks call
 * value.lower()), an expected answer that is empty, a list or a map (its judge grades against "None" or "[]") — or a
 * name that is empty, a list or a map, shown here as the eval's id. Undefined when the readings must agree: a boolean,
 * number or date as a name or an expected answer is read as Python writes it.
 */
function refusedOnPurpose(skillet: SkilletReading, field: (typeof SCALAR_FIELDS)[number]): string | undefined {
  if (!skillet.ok) return undefined;
  const { types, text } = skillet;
  if (field === 'prompt' && [types.prompt].flat().some((type) => type !== 'str')) return 'a turn Skillet cannot send';
  if (field === 'prompt' && [text.prompt].flat().some((turn) => turn === '')) return 'a blank turn';
  if (field === 'prompt' && [text.prompt].flat().length === 0) return 'no turn to send';
  if (field === 'value' && types.values.some((type) => type !== 'str')) return 'a value Skillet cannot compare';
  if (field === 'value' && skillet.eval.assertions && JSON.stringify(skillet.eval.assertions).includes('"value":""'))
    return 'an empty value every answer contains';
  const notText = (type: string) => ['NoneType', 'list', 'dict'].includes(type);
  if (field === 'expected' && (notText(types.expected) || text.expected === '')) return 'nothing to judge against';
  if (field === 'name' && (notText(types.name) || text.name === '')) return 'a name shown as the eval’s id';
  return undefined;
}

/** Both readings of each file. */
const readings = new Map<string, { skillet: SkilletReading; ours: LoadResult }>();
const scalarFiles = SCALARS.map(({ field, token, text }, i) => {
  const dir = path.join(root, `scalar-${i}`);
  mkdirSync(dir);
  const file = path.join(dir, `${field}.yaml`);
  writeFileSync(file, text);
  return { field, token, file };
});
const files = [
  ...scalarFiles.map((s) => s.file),
  ...corpusSkilletFiles(),
  ...Object.entries(EDGES).map(([name, text], i) => {
    const dir = path.join(root, String(i));
    mkdirSync(dir);
    const file = path.join(dir, `${name.replaceAll(/\W+/g, '-')}.yaml`);
    writeFileSync(file, text);
    return file;
  }),
];

beforeEach((ctx) => {
  if (skipped) ctx.skip(skipped);
});

beforeAll(async () => {
  if (skipped) return;
  if (missing) throw new Error(missing);
  const theirs = await skilletReadings(files);
  files.forEach((file, i) => {
    readings.set(file, { skillet: theirs[i]!, ours: loadSkillet(file, readFileSync(file, 'utf8')) });
  });
}, 120_000);

/** What both readings agree on, from each side. */
function compared(file: string) {
  const { skillet, ours } = readings.get(file)!;
  const errors = ours.diagnostics.filter((d) => d.severity === 'error');
  const theirs = skillet.ok
    ? {
        name: skillet.text.name,
        turns: Array.isArray(skillet.text.prompt) ? skillet.text.prompt : [skillet.text.prompt],
        expected:
          Array.isArray(skillet.eval.assertions) && skillet.eval.assertions.length > 0
            ? undefined
            : skillet.text.expected,
        assertions: Array.isArray(skillet.eval.assertions) ? skillet.eval.assertions.length : 0,
      }
    : 'refused';
  const c = ours.suites[0]?.cases[0];
  // Without assertions, Skillet's judge holds the response against `expected`: here an llm-rubric named so.
  const judge = c?.checks.find((check) => check.type === 'llm-rubric' && check.name === 'expected');
  const mine =
    errors.length > 0 || !c
      ? 'refused'
      : {
          name: c.name,
          turns: c.turns,
          expected: judge ? judge.value : undefined,
          assertions: c.checks.filter((check) => check !== judge).length,
        };
  return { theirs, mine, errors };
}

describe("Skillet 63b6e11's own loader and skill-eval's Skillet reader", () => {
  it('finds the Skillet files of corpus/', () => {
    expect(corpusSkilletFiles().length).toBeGreaterThanOrEqual(15);
  });

  const named = (file: string) =>
    Object.keys(EDGES).find((name) => file.includes(`${name.replaceAll(/\W+/g, '-')}.yaml`));
  it.each(
    files
      .filter((file) => !DELIBERATE[named(file) ?? ''] && !scalarFiles.some((s) => s.file === file))
      .map((file) => [named(file) ?? path.relative(CORPUS_DIR, file), file]),
  )('%s', (_, file) => {
    const { theirs, mine } = compared(file);
    expect(mine).toEqual(theirs);
  });

  it.each(scalarFiles.map((s) => [`${s.field}: ${s.token}`, s] as const))('%s', (_, { field, file }) => {
    const { theirs, mine } = compared(file);
    const purpose = refusedOnPurpose(readings.get(file)!.skillet, field);
    if (!purpose) expect(mine).toEqual(theirs);
    // A name is only shown: skill-eval shows the eval's id for an empty one, and refuses a list or a map.
    else if (field === 'name')
      expect(mine === 'refused' || (mine as { name: string }).name === path.basename(file, '.yaml')).toBe(true);
    else expect(mine).toBe('refused');
  });

  it.each(Object.entries(DELIBERATE))('on purpose, refuses %s, which Skillet loads', (name, { rule }) => {
    const file = files.find((f) => named(f) === name)!;
    const { theirs, errors } = compared(file);
    expect(theirs).not.toBe('refused');
    expect(errors.map((e) => e.ruleId)).toContain(rule);
  });
});
