// One run of a trivial suite with one tool, as a command line, and a check that the run did the work: every case
// passed (and, for a cached re-run, came from the cache). A run that did not is an error, not a figure.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The command of one run. `out` is a fresh output directory (skill-eval, AgentV); `cacheDir` turns the tool's
 * result cache on (otherwise it is off).
 */
export function trivialCommand(tool, suite, { concurrency, out, cacheDir }) {
  const j = String(concurrency);
  switch (tool.kind) {
    case 'skill-eval':
      return [
        ...tool.argv,
        'run',
        suite.evalYaml,
        '-e',
        'command',
        '--ek',
        `command=sh ${suite.echo}`,
        '-j',
        j,
        '-q',
        ...(cacheDir ? ['--cache-dir', cacheDir] : ['--no-cache']),
        '-o',
        out,
      ];
    case 'promptfoo':
      // promptfoo's cache lives at PROMPTFOO_CACHE_PATH (see toolEnv); results go to its database, as by default.
      return [...tool.argv, 'eval', '-c', suite.promptfooConfig, '--no-table', '-j', j, ...(cacheDir ? [] : ['--no-cache'])];
    case 'agentv':
      return [
        ...tool.argv,
        'eval',
        suite.evalYaml,
        '--workers',
        j,
        ...(cacheDir ? ['--cache', '--cache-path', cacheDir] : ['--no-cache']),
        '-o',
        out,
      ];
    default:
      throw new Error(`unknown tool ${tool.kind}`);
  }
}

/** Throws unless the run at `out` graded all `count` cases as passed (and took them from the cache when `cached`). */
export function checkTrivialRun(tool, out, count, { cached = false } = {}) {
  if (tool.kind === 'skill-eval') {
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
    if (summary.caseTotals.passed !== count) throw new Error(`skill-eval passed ${summary.caseTotals.passed} of ${count} cases`);
    if (cached) {
      const hits = readFileSync(join(out, 'results.jsonl'), 'utf8').split('\n').filter((l) => l.includes('"cached":true'));
      if (hits.length !== count) throw new Error(`skill-eval took ${hits.length} of ${count} results from its cache`);
    }
  } else if (tool.kind === 'agentv') {
    const index = join(out, 'index.jsonl');
    const rows = existsSync(index) ? readFileSync(index, 'utf8').trim().split('\n').map((l) => JSON.parse(l)) : [];
    const passed = rows.filter((r) => r.score === 1).length;
    if (passed !== count) throw new Error(`AgentV scored ${passed} of ${count} tests 1.0`);
  }
  // promptfoo: exit status 0 means every test passed (it exits 100 on any failure).
}
