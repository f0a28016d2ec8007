import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIXTURES, loadText, where } from './test-support/corpus.js';

const fixture = (name: string) => {
  const file = `${FIXTURES}${name}`;
  return loadText(readFileSync(file, 'utf8'), file);
};

describe('where SkillKit’s line parser has accidents, the Markdown reading wins and says so', () => {
  it('an ordinary Markdown report named EVAL.md: no suite, one info', async () => {
    const { suites, diagnostics } = await fixture('evaluation-report/EVAL.md');
    expect(suites).toEqual([]);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ severity: 'info', ruleId: 'eval-md/not-skillkit-eval', line: 1, column: 1 });
    expect(diagnostics[0]!.message).toMatch(
      /^Not a SkillKit eval: no `## ` case with Prompt and Expect sections; skipped\. .*"### Expect" section to case "Method" \(line 12\)\.$/,
    );
  });

  it('a plain document gets the bare info, whatever its frontmatter', async () => {
    const { suites, diagnostics } = await loadText('---\ntitle: [unclosed\n---\n# Notes\n\nNothing here.\n');
    expect(suites).toEqual([]);
    expect(diagnostics.map((d) => [d.severity, d.message])).toEqual([
      ['info', 'Not a SkillKit eval: no `## ` case with Prompt and Expect sections; skipped.'],
    ]);
  });

  it('headings inside a fenced code block stay in the prompt; a warning per line SkillKit would misread', async () => {
    const { suites, diagnostics } = await fixture('fenced-prompt/EVAL.md');
    const cases = suites[0]!.cases;
    expect(cases.map((c) => c.id)).toEqual(['writes a markdown eval file']);
    expect(cases[0]!.turns).toEqual([
      'Write me an EVAL.md with one case, like this one:\n\n```markdown\n## greets the user\n## Prompt\nHi\n# Expect\nGreets the user.\n```',
    ]);
    expect(cases[0]!.checks[0]!.value).toBe(
      'The answer is a Markdown file with a "## " case heading and Prompt and Expect\nsections.',
    );
    expect(where(diagnostics)).toEqual([
      ['skillkit-differs', 6, 1],
      ['skillkit-differs', 7, 1],
      ['skillkit-differs', 9, 1],
    ]);
    expect(diagnostics[0]!.message).toBe(
      'Line 6 is inside a code block, so it is code here; SkillKit does not know Markdown blocks and reads it as a case heading ("## greets the user"), starting a new case, so SkillKit loads this file differently. skill-eval follows the Markdown.',
    );
    expect(diagnostics[2]!.message).toContain('reads it as an Expect section heading');
  });

  it('CRLF frontmatter is read, with a warning that SkillKit would not see it', async () => {
    const text =
      '---\r\nmodel: "anthropic://claude-sonnet-4-6"\r\nsystem: Be brief.\r\n---\r\n## c\r\n### Prompt\r\nhello\r\nthere\r\n### Expect\r\ngreets\r\n';
    const { suites, diagnostics } = await loadText(text);
    expect(where(diagnostics)).toEqual([['frontmatter-crlf', 1, 1]]);
    expect(diagnostics[0]!.message).toMatch(/SkillKit only sees frontmatter that starts with "---\\n"/);
    const [c] = suites[0]!.cases;
    expect([c!.id, c!.turns, c!.system, c!.metadata, c!.source.line]).toEqual([
      'c',
      ['hello\nthere'],
      'Be brief.',
      { model: 'anthropic://claude-sonnet-4-6' },
      5,
    ]);
    expect(c!.checks[0]!.value).toBe('greets');
  });

  it('an LF file whose closing "---" ends in CRLF: read, with a warning that SkillKit would fail the file', async () => {
    const { suites, diagnostics } = await loadText('---\nsystem: S\n---\r\n## c\n### Prompt\np\n### Expect\ne\n');
    expect(where(diagnostics)).toEqual([['frontmatter-crlf', 3, 1]]);
    expect(diagnostics[0]!.message).toContain('fails the whole file');
    expect(suites[0]!.cases[0]!.system).toBe('S');
  });

  it('a BOM before the frontmatter: read, with a warning', async () => {
    const { suites, diagnostics } = await loadText('\uFEFF---\nsystem: S\n---\n## c\n### Prompt\np\n### Expect\ne\n');
    expect(where(diagnostics)).toEqual([['frontmatter-bom', 1, 1]]);
    expect(suites[0]!.cases[0]!.system).toBe('S');
  });

  it('a BOM before a first-line case heading: read, with a warning that SkillKit would drop that case', async () => {
    const { suites, diagnostics } = await loadText(
      '\uFEFF## first\n### Prompt\np\n### Expect\ne\n## second\n### Prompt\nq\n### Expect\nf\n',
    );
    expect(where(diagnostics)).toEqual([['skillkit-differs', 1, 1]]);
    expect(diagnostics[0]!.message).toContain('byte-order mark');
    expect(diagnostics[0]!.message).toContain('drops the whole case');
    expect(suites[0]!.cases.map((c) => c.id)).toEqual(['first', 'second']);
  });

  it('the oldest single-case layout (frontmatter prompt + expect, body = rubric) is one case with its checks', async () => {
    const text =
      '---\nname: greets\ndescription: d\nprompt: "Hi, I\'m Sam"\nexpect:\n  response: ["Sam"]\n  not_response: error\n  tools: [bash]\n---\nThe assistant greets Sam.\n';
    const { suites, diagnostics } = await loadText(text);
    expect(where(diagnostics)).toEqual([['legacy-layout', 4, 1]]);
    expect(suites[0]!.settings).toEqual({ layout: 'legacy-frontmatter' });
    const [c] = suites[0]!.cases;
    expect([c!.id, c!.turns, c!.metadata, c!.source.dialect]).toEqual([
      'greets',
      ["Hi, I'm Sam"],
      { frontmatter: { description: 'd' } },
      'skillkit-legacy',
    ]);
    expect(c!.checks).toEqual([
      { type: 'llm-rubric', value: 'The assistant greets Sam.', verdict: 'pass-fail' },
      { type: 'contains', value: 'Sam' },
      { type: 'contains', value: 'error', negate: true },
      { type: 'tool-called', value: 'bash' },
    ]);
  });

  it('the legacy section layout without frontmatter is named after its folder', async () => {
    const { suites, diagnostics } = await loadText('## Prompt\nHi\n## Expect\nWaves.\n', '/tmp-none/greeter/EVAL.md');
    expect(where(diagnostics)).toEqual([['legacy-layout', 1, 1]]);
    expect(suites[0]!.cases.map((c) => [c.id, c.turns, c.checks[0]!.value])).toEqual([['greeter', ['Hi'], 'Waves.']]);
  });

  it('other accidents: closing #s, #Prompt without space, higher headings, repeats, HTML blocks, indented headings', async () => {
    const text = [
      'Intro text.', //  1
      '', //  2
      '### Prompt', //  3  section before any case
      'orphan', //  4
      '', //  5
      '## a ##', //  6  SkillKit names it "a ##"
      '#Prompt', //  7  text in Markdown, a section for SkillKit
      'x', //  8
      '### Prompt', //  9
      'p1', // 10
      '# Title', // 11  ends the Prompt here; SkillKit keeps it
      'lost text', // 12
      '### Expect', // 13
      'e', // 14
      '### prompt', // 15  a repeated section is appended
      'p2', // 16
      '', // 17
      '<div>', // 18
      '## in html', // 19  inside an HTML block
      '</div>', // 20
      '', // 21
      '## b', // 22
      '   ### Prompt', // 23  indented: a heading in Markdown, text for SkillKit
      'q', // 24
      '#### Expect', // 25
      'r', // 26
    ].join('\n');
    const { suites, diagnostics } = await loadText(text);
    expect(where(diagnostics)).toEqual([
      ['section-outside-case', 3, 1],
      ['section-ended', 11, 1],
      ['repeated-section', 15, 1],
      ['skillkit-differs', 6, 1],
      ['skillkit-differs', 7, 1],
      ['skillkit-differs', 19, 1],
      ['skillkit-differs', 23, 1],
    ]);
    expect(diagnostics[1]!.message).toContain('ends the Prompt section of line 9');
    expect(diagnostics[3]!.message).toContain('SkillKit reads it as a case heading ("## a ##")');
    expect(diagnostics[4]!.message).toContain('an ATX heading needs a space after its `#`s');
    const [a, b] = suites[0]!.cases;
    expect([a!.id, a!.turns, a!.checks[0]!.value, a!.metadata]).toEqual([
      'a',
      ['p1\n\np2\n\n<div>\n## in html\n</div>'],
      'e',
      { notes: '#Prompt\nx\n\n# Title\n\nlost text' },
    ]);
    expect([b!.id, b!.turns, b!.checks[0]!.value]).toEqual(['b', ['q'], 'r']);
    expect(suites[0]!.settings).toEqual({ layout: 'suite', preamble: 'Intro text.\n\n### Prompt\norphan' });
  });

  it('a setext heading is content, as for SkillKit', async () => {
    const { suites, diagnostics } = await loadText('## c\n### Prompt\nTitle\n---\nbody\n### Expect\ne\n');
    expect(diagnostics).toEqual([]);
    expect(suites[0]!.cases[0]!.turns).toEqual(['Title\n---\nbody']);
  });
});
