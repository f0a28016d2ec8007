import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { writeCommandAgentSkill } from '../test-support/command-agent-skill.js';
import { writeFiles } from '../test-support/write-files.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skill-eval-cli-reporter-plugin-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('a reporter plugin the config names', () => {
  it('hears the run: its start with the plan, each result and the end', async () => {
    writeFiles(dir, {
      'reporter.mjs': [
        "import { appendFileSync } from 'node:fs';",
        "const log = (line) => appendFileSync(new URL('./heard.log', import.meta.url), line + '\\n');",
        'export default {',
        "  contract: 'reporter-v1', id: 'tap', description: 'Logs what it hears.', parseSettings: (raw) => raw,",
        '  create: () => ({',
        "    onRunStart: (plan) => log('start ' + plan.length),",
        "    onResult: (result) => log(['result', result.caseName, result.status].join(' ')),",
        "    onRunEnd: (summary) => log('end ' + summary.totals.passed),",
        '  }),',
        '};',
      ].join('\n'),
      'skill-eval.config.json': JSON.stringify({ plugins: ['./reporter.mjs'] }),
    });
    // A config found in the project loads its plugins only with --trust.
    const code = await main(['run', ...writeCommandAgentSkill(dir), '--out', 'out', '-q', '--trust'], captureIO(dir));
    expect(code).toBe(0);
    // A Skillet case runs 3 samples.
    const heard = readFileSync(join(dir, 'heard.log'), 'utf8');
    expect(heard).toBe(`start 3\n${'result case a passed\n'.repeat(3)}end 3\n`);
  }, 60_000);
});
