import { describe, expect, it } from 'vitest';
import { applyPolicy, findingLine, policyEntry } from './apply-policy.js';
import { POLICY_TABLE } from './policy-table.js';
import type { PolicyEntry } from './policy-types.js';

const bundled = (_kind: string, id: string) => ['claude-code', 'docker', 'opensandbox', 'none'].includes(id);
const context = { bundled, projectDir: '/work/project' };

describe('policyEntry', () => {
  it('takes the most specific row: an exact path over a key pattern over a subtree', () => {
    expect(policyEntry('skill-up environment.kwargs')?.power).toBe('chooses-endpoint');
    expect(policyEntry('skill-up environment.image')?.power).toBe('none');
    expect(policyEntry('.env DOCKER_CONFIG')?.power).toBe('chooses-endpoint');
    expect(policyEntry('.env SOME_SETTING')?.power).toBe('none');
    // A routing table's skill folders are staged into every workspace: not the inert `triggers-json *` around them.
    expect(policyEntry('triggers-json skills')?.power).toBe('reads-outside-project');
    expect(policyEntry('triggers-json skills.*')?.power).toBe('reads-outside-project');
    expect(policyEntry('triggers-json cases')?.power).toBe('none');
  });

  it('knows no row for a setting nobody declared', () => {
    expect(policyEntry('engine somethingNew')).toBeUndefined();
  });

  // The lookup indexes the table and remembers what it found; this is the plain scan it must agree with (each
  // pattern's expression made once per table: the scan is asked thousands of paths).
  const compiled = new WeakMap<readonly PolicyEntry[], { entry: PolicyEntry; pattern: string; re: RegExp }[]>();
  const patternsOf = (table: readonly PolicyEntry[]) => {
    let list = compiled.get(table);
    if (!list) {
      list = table.flatMap((entry) =>
        entry.paths.map((pattern) => {
          const source = pattern
            .split(/(\*\*|\*)/)
            .map((part) => (part === '**' ? '.+' : part === '*' ? '[^.]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
            .join('');
          return { entry, pattern, re: new RegExp(`^${source}$`) };
        }),
      );
      compiled.set(table, list);
    }
    return list;
  };
  const scanned = (path: string, table: readonly PolicyEntry[]) => {
    let best: { entry: PolicyEntry; score: number } | undefined;
    for (const { entry, pattern, re } of patternsOf(table)) {
      if (!re.test(path)) continue;
      const score = pattern === path ? Number.MAX_SAFE_INTEGER : pattern.replaceAll('*', '').length;
      if (!best || score > best.score) best = { entry, score };
    }
    return best?.entry;
  };

  it('finds, for every path of the table and paths below and beside them, the row a scan of the table finds', () => {
    const paths = POLICY_TABLE.flatMap((entry) => entry.paths).flatMap((pattern) => {
      const concrete = pattern.replaceAll('**', 'a.b').replaceAll('*', 'x');
      return [pattern, concrete, `${concrete}.deeper`, `${concrete}Other`, concrete.replace(/ .*/, ' unknownKey')];
    });
    for (const path of paths) expect([path, policyEntry(path)]).toEqual([path, scanned(path, POLICY_TABLE)]);
    // Asked again, the remembered answer is the same.
    for (const path of paths) expect([path, policyEntry(path)]).toEqual([path, scanned(path, POLICY_TABLE)]);
  });

  it('takes the first of rows naming the same path, and a named path over every pattern that matches it', () => {
    const row = (name: string, paths: string[]) => ({ ...POLICY_TABLE[0]!, why: name, paths });
    const table = [
      row('wild', ['a *']),
      row('first', ['a b', 'c **']),
      row('second', ['a b', 'c d.*']),
      row('subtree', ['c d.**']),
    ];
    for (const path of ['a b', 'a x', 'c d.e', 'c d.e.f', 'c q', 'z']) {
      expect([path, policyEntry(path, table)?.why]).toEqual([path, scanned(path, table)?.why]);
    }
    expect(policyEntry('a b', table)?.why).toBe('first');
    expect(policyEntry('c d.e', table)?.why).toBe('second');
  });
});

describe('applyPolicy', () => {
  const uses = [
    { path: 'environment docker', value: './evil.sh', named: 'environment.docker', at: { file: 'c.json', line: 3 } },
    { path: 'environment network', value: 'deny' },
    { path: 'environment network', value: 'open' },
    { path: 'environment image', value: 'node:20' },
    { path: 'environment type', value: 'docker' },
    { path: 'environment type', value: 'evil-env' },
    { path: 'config cacheDir', value: '.skill-eval/cache' },
    { path: 'config cacheDir', value: '../elsewhere' },
    { path: 'engine somethingNew', value: 1 },
  ];

  it('refuses the powerful values of an untrusted source, each with why, and lets the harmless ones pass', () => {
    const { refused } = applyPolicy('found-config', uses, { trust: false, context });
    expect(refused.map(({ use }) => `${use.path}=${String(use.value)}`)).toEqual([
      'environment docker=./evil.sh',
      'environment network=open',
      'environment type=evil-env',
      'config cacheDir=../elsewhere',
      'engine somethingNew=1',
    ]);
    expect(findingLine(refused[0]!)).toBe(
      'c.json:3: environment.docker names the program run as the docker CLI on this machine',
    );
    expect(refused.at(-1)!.why).toBe('is a setting skill-eval cannot vouch for');
  });

  it('lets everything pass from the user, and from an untrusted source with --trust', () => {
    expect(applyPolicy('command-line', uses, { trust: false, context }).refused).toEqual([]);
    expect(applyPolicy('explicit-config', uses, { trust: false, context }).refused).toEqual([]);
    expect(applyPolicy('eval-file', uses, { trust: true, context }).refused).toEqual([]);
  });

  it('refuses a setting its source may not set at all', () => {
    const { refused } = applyPolicy('eval-file', [{ path: 'config plugins', value: ['x'] }], { trust: false });
    expect(refused[0]!.why).toBe('cannot be set from an eval file');
  });

  it('ignores, rather than refuses, a powerful field skill-eval never applies', () => {
    const verdict = applyPolicy('eval-file', [{ path: 'skill-up engine.model.base_url', value: 'http://x' }], {
      trust: false,
    });
    expect(verdict).toMatchObject({ refused: [], ignored: [{ why: 'a model endpoint; never applied (warned)' }] });
  });

  it('refuses a model name that is no plain model id from a project, and lets a plain one through', () => {
    const models = [
      { path: 'engine model', value: 'anthropic/claude-sonnet-4-5' },
      { path: 'engine model', value: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0' },
      { path: 'engine model', value: '--attach=http:127.0.0.1:47801' },
    ];
    for (const source of ['found-config', 'recorded-run', 'eval-file'] as const) {
      const { refused } = applyPolicy(source, models, { trust: false, context });
      expect(refused.map(({ use }) => use.value)).toEqual(['--attach=http:127.0.0.1:47801']);
      expect(refused[0]!.why).toContain("is handed to the agent's CLI on its command line");
    }
    expect(applyPolicy('eval-file', models, { trust: true }).refused).toEqual([]);
  });

  it('refuses a .env endpoint only while a credential comes from the real environment', () => {
    const use = [{ path: '.env ANTHROPIC_BASE_URL', value: 'http://x' }];
    expect(applyPolicy('dotenv', use, { trust: false, context: { userCredentials: [] } }).refused).toEqual([]);
    const withKey = { userCredentials: ['ANTHROPIC_API_KEY'] };
    expect(applyPolicy('dotenv', use, { trust: false, context: withKey }).refused).toHaveLength(1);
  });
});
