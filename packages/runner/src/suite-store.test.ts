import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRegistry, defineFormat, type FormatPlugin, observedExists, observedText } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { loadSuites } from './discover.js';
import { createFolderSuiteStore, type SuiteStore } from './suite-store.js';
import { makeCase, useTempTree } from './test-support/fixtures.js';

/**
 * A format whose suites come from other files than the eval file: a case per line of `cases.txt` beside it, named
 * after the skill when a SKILL.md is there. It reads them as a format must, through core's observed reads.
 */
const notes: FormatPlugin = defineFormat({
  contract: 'format-v1',
  id: 'notes',
  description: 'cases listed in cases.txt',
  parseSettings: (raw) => raw ?? {},
  create: (settings) => ({
    id: 'notes',
    filePatterns: ['*.notes'],
    detect: (_file, text) => (text.startsWith('NOTES') ? 0.9 : 0),
    load: (file) => {
      const dir = join(file, '..');
      const ids = observedText(join(dir, 'cases.txt')).split('\n').filter(Boolean);
      const named = observedExists(join(dir, 'SKILL.md')) ? 'with-skill' : 'no-skill';
      return {
        suites: [
          {
            id: 'x',
            name: `${named}${JSON.stringify(settings)}`,
            file,
            format: 'notes',
            cases: ids.map((id) => makeCase({ id })),
            settings: {},
          },
        ],
        diagnostics: [{ severity: 'info', ruleId: 'notes/read', message: `${ids.length} case(s)`, file }],
      };
    },
  }),
});

const registry = createRegistry({ formats: [notes] });

/** A store that counts the kept loads it gave back. */
function counted(store: SuiteStore): SuiteStore & { hits: number } {
  const wrapped = {
    hits: 0,
    get: (...args: Parameters<SuiteStore['get']>) => {
      const kept = store.get(...args);
      if (kept) wrapped.hits++;
      return kept;
    },
    put: store.put,
    flush: store.flush,
  };
  return wrapped;
}

describe('kept loads (createFolderSuiteStore)', () => {
  const tree = useTempTree({ 'skill/evals/a.notes': 'NOTES\n', 'skill/evals/cases.txt': 'one\ntwo\n' });
  const cacheDir = () => join(tree.dir, 'cache');

  /** Loads the folder with a fresh store on the cache folder (as a new process would), then keeps what it loaded. */
  async function load(options: { build?: string; formatSettings?: Record<string, unknown> } = {}) {
    const store = counted(createFolderSuiteStore(cacheDir(), options.build ?? 'build-1'));
    const loaded = await loadSuites(['skill'], registry, {
      cwd: tree.dir,
      suiteStore: store,
      ...(options.formatSettings ? { formatSettings: options.formatSettings } : {}),
    });
    store.flush();
    const summary = loaded.suites.map((s) => ({ name: s.name, cases: s.cases.map((c) => c.id) }));
    return { hits: store.hits, summary, suites: loaded.suites, diagnostics: loaded.diagnostics };
  }

  it('gives back the same suites and diagnostics, without loading, while nothing the loader read changed', async () => {
    const first = await load();
    expect(first.hits).toBe(0);
    expect(first.summary).toEqual([{ name: 'no-skill{}', cases: ['one', 'two'] }]);
    const second = await load();
    expect(second.hits).toBe(1);
    expect(second.suites).toEqual(first.suites);
    expect(second.diagnostics).toEqual(first.diagnostics);
  });

  it('loads again when a file the loader read changes, though the eval file did not', async () => {
    await load();
    writeFileSync(join(tree.dir, 'skill/evals/cases.txt'), 'one\ntwo\nthree\n');
    const edited = await load();
    expect(edited.hits).toBe(0);
    expect(edited.summary[0]!.cases).toEqual(['one', 'two', 'three']);
    expect((await load()).hits).toBe(1);
  });

  it('loads again when a file the loader looked for appears or goes', async () => {
    await load();
    writeFileSync(join(tree.dir, 'skill/evals/SKILL.md'), '---\nname: s\n---\n');
    const appeared = await load();
    expect([appeared.hits, appeared.summary[0]!.name]).toEqual([0, 'with-skill{}']);
    rmSync(join(tree.dir, 'skill/evals/SKILL.md'));
    const gone = await load();
    expect([gone.hits, gone.summary[0]!.name]).toEqual([0, 'no-skill{}']);
  });

  it("keeps a load for its format settings and its build only (a later build's takes its place)", async () => {
    await load();
    const set = await load({ formatSettings: { notes: { flag: true } } });
    expect([set.hits, set.summary[0]!.name]).toEqual([0, 'no-skill{"flag":true}']);
    expect((await load()).hits).toBe(1);
    expect((await load({ build: 'build-2' })).hits).toBe(0);
    expect((await load({ build: 'build-2' })).hits).toBe(1);
    expect((await load()).hits).toBe(0);
  });

  it('does not use an entry that is damaged, is of another text, or holds what no load gives, and loads instead', async () => {
    await load();
    const [folder] = readdirSync(cacheDir());
    const [name] = readdirSync(join(cacheDir(), folder!));
    const file = join(cacheDir(), folder!, name!);
    const [header, json] = readFileSync(file, 'utf8').split('\n', 2) as [string, string];
    const entry = JSON.parse(json);
    const edited = (edit: (e: typeof entry) => void) => {
      const copy = structuredClone(entry);
      edit(copy);
      return `${header}\n${JSON.stringify(copy)}`;
    };
    for (const damaged of [
      `${header}\n${json.slice(0, -20)}`,
      `suite-load-0\n${json}`,
      edited((e) => e.reads.push(['["unknown","x"]', 'true'])),
      edited((e) => (e.of.text = 'NOTES, but another text under the same key\n')),
      edited((e) => (e.of.build = 'another build')),
      edited((e) => (e.of.also = 'a fifth field')),
      edited((e) => delete e.of.text),
      edited((e) => (e.of = [e.of.build, e.of.context, e.of.file, e.of.text])),
      edited((e) => (e.load.parts = [1])),
    ]) {
      writeFileSync(file, damaged);
      const loaded = await load();
      expect([loaded.hits, loaded.summary]).toEqual([0, [{ name: 'no-skill{}', cases: ['one', 'two'] }]]);
    }
    // Well formed, but with a case no loader gives: the runner checks each case as it checks a loader's.
    writeFileSync(
      file,
      edited((e) => (e.load.suites[0].cases = [{ id: 1 }])),
    );
    expect((await load()).summary).toEqual([{ name: 'no-skill{}', cases: ['one', 'two'] }]);
    writeFileSync(file, `${header}\n${json}`);
    expect((await load()).hits).toBe(1);
  });

  // That a kept load imports nothing is seen in a process of its own (startup.test.ts in the CLI): every test process
  // holds a kept load to a fresh one (SKILL_EVAL_CHECK_FAST_PATHS), which imports the formats.
  it('imports deferred formats once, when a file is to be loaded or a folder scanned, and reads with them', async () => {
    writeFileSync(join(tree.dir, 'skill/evals/b.notes'), 'NOTES\n');
    const loadWithDeferred = async (paths: string[], suiteStore?: SuiteStore) => {
      let imports = 0;
      const deferredFormats = {
        ids: ['notes'],
        importPlugins: async () => {
          imports++;
          return [notes];
        },
      };
      const loaded = await loadSuites(paths, createRegistry({}), {
        cwd: tree.dir,
        deferredFormats,
        ...(suiteStore ? { suiteStore } : {}),
      });
      return { imports, suites: loaded.suites.map((s) => `${s.id}: ${s.cases.map((c) => c.id)}`) };
    };
    const named = ['skill/evals/a.notes', 'skill/evals/b.notes'];
    const both = ['skill/evals/a.notes: one,two', 'skill/evals/b.notes: one,two'];
    expect(await loadWithDeferred(named)).toEqual({ imports: 1, suites: both });
    expect(await loadWithDeferred(['skill'])).toEqual({ imports: 1, suites: both });
    // The kept loads' context names the deferred formats by their ids, as it names imported ones.
    const store = createFolderSuiteStore(cacheDir(), 'build-1');
    await loadSuites(named, registry, { cwd: tree.dir, suiteStore: store });
    store.flush();
    const kept = counted(createFolderSuiteStore(cacheDir(), 'build-1'));
    expect((await loadWithDeferred(named, kept)).suites).toEqual(both);
    expect(kept.hits).toBe(2);
    // Nothing there to load: nothing is imported.
    expect(await loadWithDeferred(['skill/evals/missing.notes'])).toEqual({ imports: 0, suites: [] });
  });
});
