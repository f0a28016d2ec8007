import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadTriggersJson } from './load-triggers-json.js';

let tmp: string;
beforeEach(() => {
  tmp = realpathSync(mkdtempSync(join(tmpdir(), 'triggers-json-')));
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

describe('the skill under test', () => {
  it('is the nearest SKILL.md above the file; it wins over skill_name and the setting', () => {
    const skill = join(tmp, 'skills', 'writer');
    mkdirSync(join(skill, 'evals'), { recursive: true });
    writeFileSync(join(skill, 'SKILL.md'), '---\nname: better-writing\ndescription: Edits prose.\n---\n# W\n');
    const file = join(skill, 'evals', 'triggers.json');
    const text = '{"skill_name": "other", "should_not_trigger": ["translate this"]}';
    const { suites, diagnostics } = loadTriggersJson(file, text, { skillName: 'setting', cwd: tmp });
    expect(diagnostics.map((d) => d.ruleId)).toEqual(['triggers-json/grouped-variant']);
    const suite = suites[0]!;
    expect(suite.id).toBe('skills/writer/evals/triggers.json');
    expect(suite.name).toBe('better-writing');
    expect(suite.skill).toEqual({ name: 'better-writing', dir: skill });
    expect(suite.cases[0]!.skills).toEqual([{ name: 'better-writing', dir: skill }]);
    expect(suite.cases[0]!.checks).toEqual([{ type: 'skill-used', value: 'better-writing', negate: true }]);
  });

  it('falls back to the file skill_name, then the setting', () => {
    const file = join(tmp, 'triggers.json');
    const grouped = loadTriggersJson(file, '{"skill_name": "named", "should_trigger": ["q"]}', { skillName: 's' });
    expect(grouped.suites[0]!.cases[0]!.checks[0]!.value).toBe('named');
    const list = loadTriggersJson(file, '[{"query": "q"}]', { skillName: 's' });
    expect(list.suites[0]!.cases[0]!.checks[0]!.value).toBe('s');
    expect(list.suites[0]!.skill).toBeUndefined();
  });
});
