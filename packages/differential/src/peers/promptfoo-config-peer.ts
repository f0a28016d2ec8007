import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { promptfooNode } from './promptfoo-peer.js';

const require = createRequire(import.meta.url);

/** One row of promptfoo's own evaluation: a test × vars × prompt, as its results file gives it. */
export interface PromptfooRow {
  testIdx: number;
  promptIdx: number;
  /** The prompt as promptfoo rendered it (the echo provider answers with it). */
  prompt: string;
  vars: Record<string, unknown>;
  description?: string;
  /** The test's assertions after promptfoo merged defaultTest and scenarios in. */
  assert: Record<string, unknown>[];
  threshold?: number;
}

/**
 * Runs promptfoo 0.123.1's own `eval` on the config in `folder` (copied to a scratch folder first) with the `echo`
 * provider, which answers with the rendered prompt, and returns its rows in promptfoo's order (test, then prompt).
 */
export async function promptfooRows(folder: string): Promise<PromptfooRow[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'differential-promptfoo-config-'));
  try {
    const work = path.join(dir, 'config');
    cpSync(folder, work, { recursive: true });
    const entry = path.join(path.dirname(require.resolve('promptfoo')), 'entrypoint.js');
    await execa(
      promptfooNode(),
      [
        entry,
        'eval',
        '-c',
        'promptfooconfig.yaml',
        '--providers',
        'echo',
        '-o',
        'out.json',
        '--no-write',
        '--no-table',
        '--no-progress-bar',
        '--no-cache',
      ],
      {
        cwd: work,
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
        reject: false,
        timeout: 120_000,
      },
    );
    const out = JSON.parse(readFileSync(path.join(work, 'out.json'), 'utf8')) as {
      results: {
        results: {
          testIdx: number;
          promptIdx: number;
          prompt: { raw: string };
          vars: Record<string, unknown>;
          testCase: { description?: string; assert?: Record<string, unknown>[]; threshold?: number };
        }[];
      };
    };
    return out.results.results
      .map((r) => ({
        testIdx: r.testIdx,
        promptIdx: r.promptIdx,
        prompt: r.prompt.raw,
        vars: r.vars,
        ...(r.testCase.description ? { description: r.testCase.description } : {}),
        assert: r.testCase.assert ?? [],
        ...(r.testCase.threshold !== undefined ? { threshold: r.testCase.threshold } : {}),
      }))
      .sort((a, b) => a.testIdx - b.testIdx || a.promptIdx - b.promptIdx);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
