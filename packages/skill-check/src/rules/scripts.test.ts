import { describe, expect, it } from 'vitest';
import { found, skillDocument, skillMd } from '../test-support/skill-folder.js';
import { scriptsRule } from './scripts.js';

const check = (files: Record<string, string>) =>
  scriptsRule(skillDocument('pdf', { 'SKILL.md': skillMd('name: pdf\ndescription: Use when x.'), ...files }));

describe.skipIf(process.platform === 'win32')('scriptsRule', () => {
  it('accepts executable scripts with a #! line, modules, and data', () => {
    expect(
      check({
        'scripts/run.sh*': '#!/bin/sh\necho hi\n',
        'scripts/lib/helpers.py': 'x = 1\n',
        'scripts/__init__.py': '',
        'scripts/schema.json': '{}',
      }),
    ).toEqual([]);
  });

  it('warns of a #! script that may not be executed, in the script itself', () => {
    const [finding] = check({ 'scripts/run.sh': '#!/bin/sh\necho hi\n' });
    expect(finding).toMatchObject({ severity: 'warning', ruleId: 'skill/script-not-executable', line: 1 });
    expect(finding?.file).toMatch(/scripts[\\/]run\.sh$/);
  });

  it('notes a script without a #! line', () => {
    expect(found(check({ 'scripts/fill.py*': 'print(1)\n' }))).toEqual(['info skill/script-without-shebang']);
  });
});
