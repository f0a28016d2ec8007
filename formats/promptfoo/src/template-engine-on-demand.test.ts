import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The format as a command loads it: its built plugin, in a process of its own, where nothing has imported nunjucks.
const PLUGIN = pathToFileURL(join(import.meta.dirname, '..', 'dist', 'plugin.js')).href;
const dir = mkdtempSync(join(tmpdir(), 'promptfoo-engine-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
/** The one note each config below gets: its `echo` provider is replaced by the run's engine. */
const PROVIDER_NOTE = ['promptfoo/providers-replaced'];

/** Loads `config` with the plugin; the first case's prompt and check values, and whether nunjucks was imported. */
function loadAlone(config: string): { turn: string; values: unknown[]; nunjucks: boolean; diagnostics: string[] } {
  const file = join(dir, `promptfooconfig-${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(file, config);
  const script = `
    import { createRequire } from 'node:module';
    import { readFileSync } from 'node:fs';
    const { createPromptfooFormat } = await import(${JSON.stringify(PLUGIN)});
    const file = ${JSON.stringify(file)};
    const loaded = await createPromptfooFormat().load(file, readFileSync(file, 'utf8'));
    const first = loaded.suites[0].cases[0];
    const cache = createRequire(import.meta.url).cache;
    console.log(JSON.stringify({
      turn: first.turns[0],
      values: first.checks.map((c) => c.value),
      nunjucks: Object.keys(cache).some((path) => path.includes('nunjucks')),
      diagnostics: loaded.diagnostics.map((d) => d.ruleId),
    }));`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  expect(child.stderr).toBe('');
  return JSON.parse(child.stdout);
}

describe('nunjucks is imported only for a template that needs it', () => {
  it('renders plain {{ name }} templates without it', () => {
    const got = loadAlone(`prompts: ['Say {{ prompt }}']
providers: [echo]
tests:
  - vars: { prompt: hello, n: 3 }
    assert:
      - { type: contains, value: '{{prompt}}' }
      - { type: equals, value: 'n={{n}}' }
`);
    expect(got).toEqual({ turn: 'Say hello', values: ['hello', 'n=3'], nunjucks: false, diagnostics: PROVIDER_NOTE });
  });

  it('loads it, and renders with it, when one template uses a filter', () => {
    const got = loadAlone(`prompts: ['Say {{ prompt }}']
providers: [echo]
tests:
  - vars: { prompt: hello }
    assert:
      - { type: contains, value: '{{ prompt | upper }}' }
`);
    expect(got).toEqual({ turn: 'Say hello', values: ['HELLO'], nunjucks: true, diagnostics: PROVIDER_NOTE });
  });
});
