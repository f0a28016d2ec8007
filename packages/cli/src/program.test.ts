import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command, Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { BUNDLED_FORMATS } from './plugins/bundled.js';
import { createProgram } from './program.js';
import { captureIO } from './test-support/capture-io.js';

/** A suite with deterministic checks only, so that a run needs neither a model nor a judge. */
const SUITE =
  'name: echo\ntests:\n  - id: one\n    input: "say hi"\n    assertions:\n      - type: contains\n        value: hi\n';

const BIN = join(fileURLToPath(new URL('.', import.meta.url)), '..', 'bin', 'skill-eval.js');

/** The value given to an option that takes one: its first choice, when it has choices. */
const valueFor = (option: Option): string => option.argChoices?.[0] ?? 'x';

/** The arguments that make `option` parse: its flag, and a value when it takes one. */
const argsFor = (option: Option, flag: string): string[] =>
  option.required || option.optional ? [flag, valueFor(option)] : [flag];

/** A program on captured output whose commands never run: their action throws 'stop before the action'. */
function stoppedProgram() {
  const io = captureIO(tmpdir());
  const program = createProgram(io, () => {});
  let received: Record<string, unknown> | undefined;
  program.hook('preAction', (_program, action) => {
    received = action.opts();
    throw new Error('stop before the action');
  });
  /** Parses `command` with `args` and whatever else it requires: its required arguments and mandatory options. */
  const parse = (command: string, args: string[]) => {
    const sub = program.commands.find((c) => c.name() === command)!;
    const required = [
      ...sub.registeredArguments.filter((a) => a.required).map(() => 'x'),
      ...sub.options.filter((o) => o.mandatory && !args.includes(o.long!)).flatMap((o) => argsFor(o, o.long!)),
    ];
    program.parse([command, ...required, ...args], { from: 'user' });
  };
  return { io, parse, received: () => received };
}

/** The options `command` gets when parsed with `args`; the command's action does not run. */
function optionsReceived(command: string, args: string[]): Record<string, unknown> {
  const program = stoppedProgram();
  expect(() => program.parse(command, args)).toThrow('stop before the action');
  return program.received()!;
}

describe('the command line', () => {
  const commands = createProgram(captureIO(tmpdir()), () => {}).commands as Command[];
  const cases = commands.flatMap((command) =>
    command.options.flatMap((option) =>
      [option.short, option.long]
        .filter((flag): flag is string => Boolean(flag))
        .map((flag) => ({ command: command.name(), flag, option })),
    ),
  );

  it.each(cases)('$command $flag reaches $command, not the program', ({ command, flag, option }) => {
    const received = optionsReceived(command, argsFor(option, flag));
    const expected = option.negate ? false : option.required || option.optional ? valueFor(option) : true;
    const value = received[option.attributeName()];
    expect(Array.isArray(value) ? value[0] : value).toBe(expected);
  });

  it.each(cases.filter(({ option }) => option.required || option.optional))(
    '$command $flag refuses an empty value',
    ({ command, flag }) => {
      const program = stoppedProgram();
      expect(() => program.parse(command, [flag, ''])).toThrow(
        expect.objectContaining({ code: 'commander.invalidArgument' }),
      );
      expect(program.io.err()).toContain("argument '' is invalid. It cannot be empty.");
    },
  );

  it('convert --to names every bundled format as a target', () => {
    const convert = commands.find((command) => command.name() === 'convert')!;
    const to = convert.options.find((option) => option.long === '--to')!;
    const named = to.description.replace(/^target format: /, '').split(', ');
    expect(named.sort()).toEqual(BUNDLED_FORMATS.map((format) => format.id).sort());
  });

  it('checks -v, which both the program (--version) and run (--verbose) have', () => {
    expect(cases.some(({ command, flag }) => command === 'run' && flag === '-v')).toBe(true);
  });
});

describe('run -q with -v', () => {
  it('is a usage error, not a quiet run that drops the events it was asked to print', async () => {
    const io = captureIO(tmpdir());
    const { main } = await import('./main.js');
    expect(await main(['run', 'nowhere', '-q', '-v'], io)).toBe(2);
    expect(io.err()).toContain("option '-q, --quiet' cannot be used with option '-v, --verbose'");
  });
});

describe('skill-eval -v', () => {
  const cli = (args: string[], cwd?: string) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', cwd });

  it.each([['-v'], ['--version']])('%s before any command prints the version', (flag) => {
    const child = cli([flag]);
    expect(child.status).toBe(0);
    expect(child.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('run … -v runs the cases and prints each engine event', () => {
    const dir = mkdtempSync(join(tmpdir(), 'skill-eval-verbose-flag-'));
    try {
      writeFileSync(join(dir, 'eval.yaml'), SUITE);
      const child = cli(['run', 'eval.yaml', '-e', 'command', '--ek', 'command=echo hi', '-o', 'out', '-v'], dir);
      expect(child.status, child.stderr).toBe(0);
      expect(child.stdout).toContain('│ eval.yaml › one [command] › assistant: hi');
      expect(child.stdout).not.toMatch(/^\d+\.\d+\.\d+$/m);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
