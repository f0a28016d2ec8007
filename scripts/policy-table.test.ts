import { describe, expect, it } from 'vitest';
import { policyEntry } from '../packages/runner/src/policy/apply-policy.js';
import { POLICY_TABLE } from '../packages/runner/src/policy/policy-table.js';
import { commandLineSettings, SCHEMA_SCOPES, schemaSettings } from './policy-inputs.js';

describe('the policy table', () => {
  it('classifies every option of every command of the CLI (add a row to packages/runner/src/policy/)', async () => {
    const options = await commandLineSettings();
    expect(options.length).toBeGreaterThan(90);
    expect(options.filter((path) => !policyEntry(path))).toEqual([]);
  });

  it('classifies every key of the config, engine and environment settings, every format and run.json', () => {
    const settings = schemaSettings();
    expect(settings.length).toBeGreaterThan(400);
    expect(settings.filter((path) => !policyEntry(path))).toEqual([]);
  });

  it('names no setting that is no longer defined (a renamed key would leave its row behind)', async () => {
    const defined = new Set([...(await commandLineSettings()), ...schemaSettings()]);
    const enumerated = (path: string) => path.split(' ')[0]! in SCHEMA_SCOPES || path.includes(' -');
    const stale = POLICY_TABLE.flatMap((entry) => entry.paths).filter(
      (path) => !path.includes('*') && enumerated(path) && !defined.has(path),
    );
    expect(stale).toEqual([]);
  });

  it('gives every powerful row a reason and every row a source', () => {
    for (const entry of POLICY_TABLE) {
      expect(entry.sources.length, entry.paths[0]).toBeGreaterThan(0);
      expect(entry.why.length, entry.paths[0]).toBeGreaterThan(10);
    }
  });
});
