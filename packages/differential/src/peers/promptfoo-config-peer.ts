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
          gradingResult?: { componentResults?: Component[] };
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
        assert: withRenderedValues(r.testCase.assert ?? [], r.gradingResult?.componentResults ?? []),
        ...(r.testCase.threshold !== undefined ? { threshold: r.testCase.threshold } : {}),
      }))
      .sort((a, b) => a.testIdx - b.testIdx || a.promptIdx - b.promptIdx);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One assertion's result as promptfoo records it: the assertion, and the value it rendered when that differs. */
interface Component {
  assertion?: Record<string, unknown>;
  metadata?: { renderedAssertionValue?: unknown; assertionSet?: unknown };
  componentResults?: Component[];
}

/**
 * The assertions with each string value as promptfoo rendered it for this row (`renderedAssertionValue`, promptfoo
 * 0.123.1 `dist/src/index.js` 22708-22711), matched to their results in order; an assert-set's children likewise.
 */
function withRenderedValues(asserts: Record<string, unknown>[], components: Component[]): Record<string, unknown>[] {
  const used = new Set<Component>();
  return asserts.map((assertion) => {
    const group = assertion.type === 'assert-set';
    const match = components.find(
      (c) =>
        !used.has(c) &&
        (group ? c.metadata?.assertionSet !== undefined : JSON.stringify(c.assertion) === JSON.stringify(assertion)),
    );
    if (!match) return assertion;
    used.add(match);
    if (group)
      return {
        ...assertion,
        assert: withRenderedValues((assertion.assert as Record<string, unknown>[]) ?? [], match.componentResults ?? []),
      };
    const rendered = match.metadata?.renderedAssertionValue;
    return rendered === undefined ? assertion : { ...assertion, value: rendered };
  });
}
