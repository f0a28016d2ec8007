import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from './main.js';
import { captureIO } from './test-support/capture-io.js';
import { writeDemoSkill } from './test-support/demo-skill.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skill-eval-cli-checks-'));
  writeDemoSkill(dir);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

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

  it('validate reports the same error and exits 1', async () => {
    agentvSuite('- type: not_contians', '  value: hello');
    const { code, out } = await run('validate', 'skill');
    expect(code).toBe(1);
    expect(out).toContain('suite.eval.yaml:5:15: error: unknown check type "not_contians"; did you mean "contains"?');
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
