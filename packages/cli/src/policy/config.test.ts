import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SkillEvalError } from '@skill-eval/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONFIG_FILE, ConfigSchema, loadConfig } from './config.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skill-eval-config-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The error loadConfig throws for `text` as the config file, as the CLI prints it. */
function problemWith(text: string): string {
  writeFileSync(join(dir, CONFIG_FILE), text);
  try {
    loadConfig(dir);
  } catch (error) {
    expect(error).toBeInstanceOf(SkillEvalError);
    expect((error as SkillEvalError).code).toBe('BAD_INPUT');
    return (error as Error).message.replace(join(dir, CONFIG_FILE), 'CONFIG');
  }
  throw new Error('expected the config to be refused');
}

describe('loadConfig', () => {
  it('reads the config, with defaults for what it leaves out; none at all gives the defaults', () => {
    writeFileSync(join(dir, CONFIG_FILE), '\uFEFF{ "engine": ["claude-code", "codex"], "concurrency": 8 }');
    expect(loadConfig(dir)).toEqual({
      plugins: [],
      engine: ['claude-code', 'codex'],
      engineSettings: {},
      formatSettings: {},
      concurrency: 8,
      file: join(dir, CONFIG_FILE),
      trusted: false,
    });
    rmSync(join(dir, CONFIG_FILE));
    expect(loadConfig(dir)).toEqual({ plugins: [], engineSettings: {}, formatSettings: {} });
    // Written out rather than parsed: held to the schema's defaults, and a fresh value each time.
    expect(loadConfig(dir)).toEqual(ConfigSchema.parse({}));
    expect(loadConfig(dir).engineSettings).not.toBe(loadConfig(dir).engineSettings);
  });

  it('names the line and column of a JSON syntax error and says what is wrong there', () => {
    expect(problemWith('{\n  "engine": "codex",\n  "concurrency": 4,\n}\n')).toBe(
      'CONFIG:4:1: Invalid JSON: a property name in double quotes is expected here (JSON allows no trailing comma).',
    );
    expect(problemWith('{ "engine": "codex" "judge": "x" }')).toBe(
      'CONFIG:1:21: Invalid JSON: a comma is expected between entries.',
    );
  });

  it('names each problem of a valid JSON config with the line and column of the value or unknown key', () => {
    expect(
      problemWith('{\n  "engine": 5,\n  "concurrency": "x",\n  "bogus": 1,\n  "engineSettings": { "codex": [1] }\n}\n'),
    ).toBe(
      [
        'CONFIG has 4 problem(s):',
        '  2:13: engine: expected an engine id ("claude-code", "codex:gpt-5") or a list of them',
        '  3:18: concurrency: Invalid input: expected number, received string',
        '  4:3: (top level): Unrecognized key: "bogus"',
        '  5:32: engineSettings.codex: Invalid input: expected record, received array',
      ].join('\n'),
    );
  });

  it('refuses a named config file that does not exist as a usage error', () => {
    expect(() => loadConfig(dir, 'missing.json')).toThrow(/Config file not found: .*missing\.json/);
  });

  it('refuses a folder in the config’s place as a usage error, named or found', () => {
    mkdirSync(join(dir, 'configs'));
    expect(() => loadConfig(dir, 'configs')).toThrow(
      expect.objectContaining({
        code: 'USAGE',
        message: `The config ${join(dir, 'configs')} is a folder, not a file.`,
        hint: `--config takes a JSON file, e.g. ${CONFIG_FILE}.`,
      }),
    );
    mkdirSync(join(dir, CONFIG_FILE));
    expect(() => loadConfig(dir)).toThrow(
      expect.objectContaining({ code: 'USAGE', hint: expect.stringContaining('rename the folder') }),
    );
  });
});
