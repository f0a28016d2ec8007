import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { useDemoSkillFolder } from '../test-support/demo-skill-folder.js';

let dir = '';
useDemoSkillFolder('skill-eval-cli-checks-', (made) => {
  dir = made;
});

/** An AgentV suite whose one test asserts `assertion` (YAML lines of one list entry). */
function agentvSuite(...assertion: string[]) {
  const lines = [
    'tests:',
    '  - id: greet',
    '    input: Say hello',
    '    assert:',
    ...assertion.map((l) => `      ${l}`),
  ];
  writeFileSync(join(dir, 'skill', 'evals', 'suite.eval.yaml'), `${lines.join('\n')}\n`);
}

async function run(...args: string[]) {
  const io = captureIO(dir);
  const code = await main(args, io);
  return { code, out: io.out(), err: io.err() };
}

describe('check types are validated when the suite loads', () => {
  it('run exits 2 on a misspelt type, naming the closest one at the type, and writes nothing', async () => {
    agentvSuite('- type: contians', '  value: hello');
    const { code, err } = await run('run', 'skill', '--out', 'out');
    expect(code).toBe(2);
    expect(err).toContain(
      'skill/evals/suite.eval.yaml:5:15: error: unknown check type "contians"; did you mean "contains"? (agentv/unknown-check-type)',
    );
    expect(err).toContain('No run was started: fix the errors above (nothing was written).');
    expect(err).not.toContain('no skill-eval equivalent');
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it('validate reports the same error and exits 2, as run does', async () => {
    agentvSuite('- type: not_contians', '  value: hello');
    const { code, out } = await run('validate', 'skill');
    expect(code).toBe(2);
    // AgentV has no not_ types (a warning at the type says so); the type under the prefix is the one unknown.
    expect(out).toContain('suite.eval.yaml:5:15: error: unknown check type "contians"; did you mean "contains"?');
    expect(out).toContain('1 suite(s), 1 case(s): 1 error(s)');
  });

  it.each([
    [['- type: similar', '  value: hello'], 'check type "similar" is not supported: it needs an embedding model'],
    [['- type: regex', '  value: "(unclosed"'], 'invalid regex /(unclosed/: Invalid regular expression'],
    [
      ['- type: composite', '  aggregator: {type: weighted_average}', '  assertions:', '    - type: is-jsn'],
      'suite.eval.yaml:8:19: error: unknown check type "is-jsn"; did you mean "is-json"?',
    ],
  ])('run refuses %j', async (assertion, message) => {
    agentvSuite(...assertion);
    const { code, err } = await run('run', 'skill', '--out', 'out');
    expect(code).toBe(2);
    expect(err).toContain(message);
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it('accepts promptfoo and AgentV names it maps onto its own checks', async () => {
    agentvSuite(
      '- type: skill-trigger',
      '  skill: demo',
      '- type: factuality',
      '  value: Hello is a greeting',
      '- type: word-count',
      '  value: {max: 20}',
      '- type: code_judge',
      '  script: [python3, grade.py]',
      '- type: latency',
      '  threshold: 5000',
    );
    const { code, out } = await run('validate', 'skill');
    expect(out).toContain('1 suite(s), 1 case(s): 0 error(s)');
    expect(code).toBe(0);
  });
});

/**
 * A misspelt check type in each format that has checks, as its author would write it (the file, the line of the
 * misspelt type, and the name it should have been). triggers-json has none: a query set holds queries only.
 */
const MISSPELT: { format: string; files: Record<string, string>; file: string; line: number; meant: string }[] = [
  {
    format: 'evals-json (agentskills)',
    files: {
      'evals/evals.json':
        '{"evals": [\n  {"id": 1, "prompt": "hi",\n   "assertions": [{"type": "contians", "value": "hi"}]}\n]}\n',
    },
    file: 'evals/evals.json',
    line: 3,
    meant: 'contains',
  },
  {
    format: 'evals-json (skill-creator)',
    files: {
      'evals/evals.json':
        '{"evals": [\n  {"id": 1, "prompt": "hi",\n   "expectations": [{"type": "regx", "value": "h+"}]}\n]}\n',
    },
    file: 'evals/evals.json',
    line: 3,
    meant: 'regex',
  },
  {
    format: 'evals-json (BMAD cases.json)',
    files: {
      'evals/cases.json':
        '{"cases": [\n  {"id": "A1", "input": "hi",\n   "rubric": [{"type": "content_contians", "value": "hi"}]}\n]}\n',
    },
    file: 'evals/cases.json',
    line: 3,
    meant: 'content_contains',
  },
  {
    format: 'eval-md (oldest layout)',
    files: { 'EVAL.md': '---\nname: greet\nprompt: Say hi\nexpect:\n  respons: hi\n---\nThe answer greets.\n' },
    file: 'EVAL.md',
    line: 5,
    meant: 'response',
  },
  {
    format: 'skillet',
    files: {
      'evals/greet/001.yaml':
        'timestamp: 2026-01-01\nname: greet\nprompt: Say hi\nexpected: A greeting\nassertions:\n  - type: contians\n    value: hi\n',
    },
    file: 'evals/greet/001.yaml',
    line: 6,
    meant: 'contains',
  },
  {
    format: 'skill-up (rule)',
    files: {
      'evals/eval.yaml':
        'schema_version: v1alpha1\nenvironment: {type: none}\nengine: {name: claude_code}\ncases:\n  files: [evals/cases/greet.yaml]\n',
      'evals/cases/greet.yaml':
        'id: greet\ninput: {prompt: Say hi}\njudge:\n  type: rule_based\n  success:\n    - output_contians: {all: [hi]}\n',
    },
    file: 'evals/cases/greet.yaml',
    line: 6,
    meant: 'output_contains',
  },
  {
    format: 'skill-up (expect)',
    files: {
      'evals/eval.yaml':
        'schema_version: v1alpha1\nenvironment: {type: none}\nengine: {name: claude_code}\ncases:\n  files: [evals/cases/greet.yaml]\n',
      'evals/cases/greet.yaml':
        'id: greet\ninput: {prompt: Say hi}\nexpect:\n  must_contian: [hi]\njudge: {type: agent_judge, criteria: [greets]}\n',
    },
    file: 'evals/cases/greet.yaml',
    line: 4,
    meant: 'must_contain',
  },
  {
    format: 'agentv',
    files: {
      'evals/greet.eval.yaml':
        'tests:\n  - id: greet\n    input: Say hi\n    assert:\n      - type: contians\n        value: hi\n',
    },
    file: 'evals/greet.eval.yaml',
    line: 5,
    meant: 'contains',
  },
];

describe.each(MISSPELT)('a misspelt check type in $format', ({ files, file, line, meant }) => {
  beforeEach(() => {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, 'skill', path)), { recursive: true });
      writeFileSync(join(dir, 'skill', path), text);
    }
  });
  const said = new RegExp(`skill/${file.replaceAll('.', '\\.')}:${line}:\\d+: error: .*did you mean "${meant}"\\?`);

  it('stops the run (exit 2) at its line, naming the type meant', async () => {
    const { code, err } = await run('run', 'skill', '--out', 'out');
    expect(err).toMatch(said);
    expect(code).toBe(2);
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it('is an error of validate (exit 2, as run) at its line', async () => {
    const { code, out } = await run('validate', 'skill');
    expect(out).toMatch(said);
    expect(code).toBe(2);
  });

  it('is an error of list (exit 2, as run) at its line, in text and in JSON', async () => {
    const listed = await run('list', 'skill');
    expect(listed.err).toMatch(said);
    expect(listed.code).toBe(2);
    const json = await run('list', 'skill', '--json');
    expect(json.code).toBe(2);
    const { diagnostics } = JSON.parse(json.out) as { diagnostics: { severity: string; file: string; line: number }[] };
    expect(diagnostics).toContainEqual(expect.objectContaining({ severity: 'error', file: `skill/${file}`, line }));
  });
});
