import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CheckName, describeEngineConformance } from '@skill-eval/testing/conformance';
import plugin from './index.js';

// qodercli needs a Qoder account, so it cannot be pointed at the fake model server: a stand-in `qodercli`
// replays the fixture streams its own tests use, and the suite checks what the engine makes of them.
const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
const replay = (file: string, exitCode = 0) => `cat "${fixtures}${file}"; exit ${exitCode}`;

/** What the stand-in does for each check (error-500 is declared not applicable below). */
const STAND_INS: Partial<Record<CheckName, string>> = {
  answers: replay('resume-turn-1.jsonl'),
  skill: replay('skill-write.jsonl'),
  'tool-calls': replay('skill-write.jsonl'),
  // A hung model: the engine must kill the stand-in (and its child sleep) at the deadline.
  timeout: 'sleep 300 & sleep 300',
  'error-401': replay('not-logged-in.jsonl', 1),
  'multi-turn': `case "$*" in *" -r "*) ${replay('resume-turn-2.jsonl')};; *) ${replay('resume-turn-1.jsonl')};; esac`,
};

describeEngineConformance('qodercli', {
  api: 'none',
  spawnsProcesses: true,
  // The recorded skill stream invokes hello-skill.
  skillName: 'hello-skill',
  createEngine: ({ check, dir }) => {
    const bin = join(dir, 'qodercli');
    writeFileSync(bin, `#!/bin/sh\n${STAND_INS[check] ?? `echo "no stand-in for ${check}" >&2; exit 9`}\n`);
    chmodSync(bin, 0o755);
    return plugin.create(plugin.parseSettings({ path: bin }));
  },
  skipped: {
    'error-500': 'no recorded qodercli stream of a model server error exists (recording one needs a Qoder account)',
  },
});
