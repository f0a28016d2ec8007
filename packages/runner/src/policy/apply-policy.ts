import { SkillEvalError } from '@skill-eval/core';
import { POLICY_TABLE } from './policy-table.js';
import { type PolicyContext, type PolicyEntry, type Source, TRUSTED_SOURCES } from './policy-types.js';

/** One setting as it entered: its path in the table, its value, and where it was read. */
export interface SettingUse {
  /** The setting's path in the table: `environment baseUrl`, `config plugins`, `.env DOCKER_CONFIG`, `run --network`. */
  path: string;
  value: unknown;
  /** Where it was read, for the message: the file, and its line and column when known. */
  at?: { file: string; line?: number; column?: number };
  /** How the message names it, when not by its path: `engineSettings.claude-code.path`, `--ek path=…`. */
  named?: string;
}

/** A setting an untrusted source set to a powerful value. */
export interface PolicyFinding {
  use: SettingUse;
  /** Its row of the table; none for a setting the table does not know (refused: nobody vouched for it). */
  entry: PolicyEntry | undefined;
  /** What it would do, in the words of a message: "names the program to run". */
  why: string;
}

export interface PolicyVerdict {
  /** Stop before anything runs: each at its place, with --trust as the way to allow it. */
  refused: PolicyFinding[];
  /** Left out of the run, with a warning. */
  ignored: PolicyFinding[];
}

const compiled = new Map<string, RegExp>();

/** `*` is one key (or part of a name in a `.env`), `**` anything below. */
function patternOf(path: string): RegExp {
  let pattern = compiled.get(path);
  if (!pattern) {
    const source = path
      .split(/(\*\*|\*)/)
      .map((part) => (part === '**' ? '.+' : part === '*' ? '[^.]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
      .join('');
    pattern = new RegExp(`^${source}$`);
    compiled.set(path, pattern);
  }
  return pattern;
}

const literalLength = (path: string) => path.replaceAll('*', '').length;

/** A table prepared for lookups: its paths without a wildcard by name, those with one to test in order. */
interface TableIndex {
  exact: Map<string, PolicyEntry>;
  /** `prefix`: what the pattern holds before its first wildcard, which a path must start with to match it. */
  wild: { pattern: string; prefix: string; entry: PolicyEntry }[];
  /** Each path's row once found: every case of a run asks for the same few paths. */
  found: Map<string, PolicyEntry | undefined>;
}

const indexes = new WeakMap<readonly PolicyEntry[], TableIndex>();

function indexOf(table: readonly PolicyEntry[]): TableIndex {
  let index = indexes.get(table);
  if (!index) {
    index = { exact: new Map(), wild: [], found: new Map() };
    for (const entry of table) {
      for (const pattern of entry.paths) {
        if (pattern.includes('*')) index.wild.push({ pattern, prefix: pattern.slice(0, pattern.indexOf('*')), entry });
        // The first row naming a path wins, as the table reads.
        else if (!index.exact.has(pattern)) index.exact.set(pattern, entry);
      }
    }
    indexes.set(table, index);
  }
  return index;
}

/**
 * The table's row for a setting: the most specific path that matches it (an exact path over `*` over `**`). A path
 * without a wildcard matches only itself, so only the table's wildcard paths are tested against a path no row names.
 */
export function policyEntry(path: string, table: readonly PolicyEntry[] = POLICY_TABLE): PolicyEntry | undefined {
  const index = indexOf(table);
  if (index.found.has(path)) return index.found.get(path);
  let best: { entry: PolicyEntry; score: number } | undefined;
  const named = index.exact.get(path);
  if (named) best = { entry: named, score: Number.MAX_SAFE_INTEGER };
  for (const { pattern, prefix, entry } of index.wild) {
    if (!path.startsWith(prefix) || !patternOf(pattern).test(path)) continue;
    const score = pattern === path ? Number.MAX_SAFE_INTEGER : literalLength(pattern);
    if (!best || score > best.score) best = { entry, score };
  }
  index.found.set(path, best?.entry);
  return best?.entry;
}

/** Whether this value of the setting can do what its row says (some values of a powerful setting are harmless). */
function powerful(entry: PolicyEntry, value: unknown, context: PolicyContext): boolean {
  if (entry.power === 'none') return false;
  return entry.powerfulWhen ? entry.powerfulWhen(value, context) : true;
}

/**
 * The one check of every setting that enters a run. What the user said (the command line, a config named with -c)
 * and what --trust vouches for passes; from a source that came with the project (a found config, an eval file,
 * run.json, `.env`), a powerful value is refused or ignored as its row says, and a setting the table does not know
 * is refused.
 */
export function applyPolicy(
  source: Source,
  uses: readonly SettingUse[],
  options: { trust: boolean; context?: PolicyContext },
): PolicyVerdict {
  const verdict: PolicyVerdict = { refused: [], ignored: [] };
  if (TRUSTED_SOURCES.has(source) || options.trust) return verdict;
  for (const use of uses) {
    const entry = policyEntry(use.path);
    if (!entry) {
      verdict.refused.push({ use, entry, why: 'is a setting skill-eval cannot vouch for' });
      continue;
    }
    if (!entry.sources.includes(source)) {
      verdict.refused.push({ use, entry, why: `cannot be set from ${sourceWords[source]}` });
      continue;
    }
    if (!powerful(entry, use.value, options.context ?? {})) continue;
    verdict[entry.untrusted === 'ignore' ? 'ignored' : 'refused'].push({ use, entry, why: entry.why });
  }
  return verdict;
}

const sourceWords: Record<Source, string> = {
  'command-line': 'the command line',
  'explicit-config': 'a config named with -c',
  'found-config': 'a config found in the project',
  'eval-file': 'an eval file',
  'recorded-run': "a run's run.json",
  dotenv: 'a .env file',
  'environment-plugin': 'the environment',
  'user-environment': 'your environment',
};

/** `file:line:column: named why`, as each refused setting is listed. */
export function findingLine(finding: PolicyFinding): string {
  const { at, named, path } = finding.use;
  const place = at ? `${at.file}${at.line ? `:${at.line}${at.column ? `:${at.column}` : ''}` : ''}: ` : '';
  return `${place}${named ?? path} ${finding.why}`;
}

/** Stops the command when the policy refused anything: every refused setting at its place, --trust the way out. */
export function refusePolicyFindings(findings: readonly PolicyFinding[], intro: string, hint: string): void {
  if (findings.length === 0) return;
  const lines = findings.map((finding) => `\n  ${findingLine(finding)}`);
  throw new SkillEvalError('UNTRUSTED', `${intro}${lines.join('')}`, { hint });
}
