import { describe, expect, it } from 'vitest';
import { loadText, where } from './test-support/corpus.js';

const CASE = '## c\n### Prompt\np\n### Expect\ne\n';

describe('bad input: every problem at once, positioned', () => {
  it('empty and missing sections, a nameless case and a repeated name are errors; good cases still load', async () => {
    const text = [
      '## ok', //  1
      '### Prompt', //  2
      'p', //  3
      '### Expect', //  4
      'e', //  5
      '', //  6
      '## empty prompt', //  7
      '### Prompt', //  8
      '', //  9
      '### Expect', // 10
      'e', // 11
      '', // 12
      '## no expect', // 13
      '### Prompt', // 14
      'p', // 15
      '', // 16
      '## ', // 17
      '### Prompt', // 18
      'p', // 19
      '### Expect', // 20
      'e', // 21
      '', // 22
      '## ok', // 23
      '### Prompt', // 24
      'q', // 25
      '### Expect', // 26
      'f', // 27
    ].join('\n');
    const { suites, diagnostics } = await loadText(text);
    expect(diagnostics.map((d) => [d.severity, ...where([d])[0]!])).toEqual([
      ['error', 'empty-section', 8, 1],
      ['error', 'missing-section', 13, 1],
      ['error', 'empty-case-name', 17, 1],
      ['error', 'duplicate-case', 23, 1],
    ]);
    expect(diagnostics.map((d) => d.message)).toEqual([
      'The Prompt section of case "empty prompt" is empty; SkillKit fails the whole file on it. Write the message sent to the agent under this heading.',
      'Case "no expect" has no Expect section; SkillKit fails the whole file on it. Add a "### Expect" heading with the criteria the judge checks.',
      'This case heading has no name; write the case name after "## " (it is the case id).',
      'Case "ok" is defined again (first at line 1); case names are their ids and ExUnit refuses two tests with one name. Rename one.',
    ]);
    expect(suites[0]!.cases.map((c) => [c.id, c.turns])).toEqual([['ok', ['p']]]);
  });

  it('a file whose only case has an error yields no suite, only the error', async () => {
    const { suites, diagnostics } = await loadText('## c\n### Prompt\np\n### Expect\n\n');
    expect(suites).toEqual([]);
    expect(where(diagnostics)).toEqual([['empty-section', 4, 1]]);
    expect(diagnostics[0]!.message).toContain('The Expect section of case "c" is empty');
  });

  it('YAML syntax errors are positioned in the file, not in the frontmatter', async () => {
    const { diagnostics } = await loadText(`---\nmodel: x\nmodel: y\n---\n${CASE}`);
    expect(where(diagnostics)).toEqual([['frontmatter-syntax', 3, 1]]);
    expect(diagnostics[0]!.message).toBe(
      'The frontmatter is not valid YAML: Map keys must be unique. SkillKit fails the whole file on it.',
    );
  });

  it('an alias to no anchor is a syntax error at the alias, as SkillKit fails the file on it', async () => {
    const { diagnostics } = await loadText(`---\nname: n\nmodel: *nope\n---\n${CASE}`);
    expect(where(diagnostics)).toEqual([['frontmatter-syntax', 3, 8]]);
    expect(diagnostics[0]!.message).toMatch(
      /not valid YAML: Unresolved alias .*: nope\. SkillKit fails the whole file/,
    );
  });

  it('wrong types point at the value; unknown and legacy keys are kept with a warning', async () => {
    const text = `---\nskills: 5\ntools: [1, "x"]\nmodel: {a: 1}\nmetadata: [1]\nextra: yes\nname: n\n---\n${CASE}`;
    const { suites, diagnostics } = await loadText(text);
    expect(where(diagnostics)).toEqual([
      ['wrong-type', 2, 9],
      ['wrong-type', 3, 8],
      ['wrong-type', 4, 8],
      ['wrong-type', 5, 11],
      ['unknown-key', 6, 1],
      ['unknown-key', 7, 1],
    ]);
    expect(diagnostics[0]!.message).toBe(
      'Frontmatter `skills`: write a string or a list of strings (module names or paths).',
    );
    expect(diagnostics[5]!.message).toBe(
      'SkillKit ignores the frontmatter key `name` (it belongs to the old single-case layout); it is kept in case metadata.frontmatter.',
    );
    expect(suites[0]!.cases[0]!.metadata).toEqual({ frontmatter: { extra: 'yes', name: 'n' } });
  });

  it('frontmatter that is not a map, never closed, or empty', async () => {
    const notMap = await loadText(`---\n- a\n- b\n---\n${CASE}`);
    expect(where(notMap.diagnostics)).toEqual([['frontmatter-not-a-map', 2, 1]]);
    const unclosed = await loadText(`---\nmodel: x\n${CASE}`);
    expect(where(unclosed.diagnostics)).toEqual([['frontmatter-not-closed', 1, 1]]);
    expect(unclosed.suites[0]!.cases[0]!.metadata).toEqual({});
    const empty = await loadText(`---\n---\n${CASE}`);
    expect(where(empty.diagnostics)).toEqual([['frontmatter-empty', 1, 1]]);
    expect(empty.suites[0]!.cases).toHaveLength(1);
  });

  it('an empty file is not an eval', async () => {
    const { suites, diagnostics } = await loadText('');
    expect(suites).toEqual([]);
    expect(where(diagnostics)).toEqual([['not-skillkit-eval', 1, 1]]);
  });
});
