import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { LoadResult } from '@skill-eval/core';
import agentvFormat, { agentvDialect, loadAgentv } from '@skill-eval/format-agentv';
import { parse } from 'yaml';
import { agentvReading, type Reading, skillEvalReading } from './agentv-readings.js';
import { type AgentvLoad, type AgentvVersion, agentvLoad } from './peers/agentv-loaders.js';

/** An AgentV eval file of `corpus/`, with the AgentV it was written for. */
export interface CorpusAgentvFile {
  /** Its path under corpus/. */
  file: string;
  /** The repository folder it was copied into (`<owner>-<repo>[@commit]`, or a minimal reproduction's folder). */
  repoRoot: string;
  version: AgentvVersion;
}

/**
 * The folders whose files were taken at an AgentV 4 commit (corpus/SOURCES.md: 88586cc20e78 is v4.15.8-next.1-3 and
 * de04689f0686 v4.5.2-6, files that stayed unchanged to v4.42.4). Every other AgentV file of corpus/ was taken at a
 * 5.x commit (v5.0.0-next.1-85 … v5.3.1-next.1-45) or is a minimal reproduction of a 5.x file.
 */
const AGENTV_4_FOLDERS = ['wild/agentv-eval-yaml/EntityProcess-agentv@v4.42.4/'];

/** Depth of the repository folder under each corpus folder holding AgentV files. */
function repositoryFolder(file: string): string {
  const parts = file.split('/');
  const depth = parts[0] !== 'wild' ? 2 : parts[1] === 'minimal' ? 4 : 3;
  return parts.slice(0, depth).join('/');
}

function filesUnder(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Every file of `corpusDir` that skill-eval reads as AgentV: a YAML file its AgentV format claims by content (a map
 * with `tests`, `scenarios`, `prompts`, `assert`…; the weaker claims by name alone are other tools' files).
 */
export function corpusAgentvFiles(corpusDir: string): CorpusAgentvFile[] {
  const format = agentvFormat.create(agentvFormat.parseSettings({}));
  return filesUnder(corpusDir)
    .filter((file) => /\.ya?ml$/i.test(file) && format.detect!(file, readFileSync(file, 'utf8')) >= 0.9)
    .map((absolute) => {
      const file = path.relative(corpusDir, absolute).split(path.sep).join('/');
      const version: AgentvVersion = AGENTV_4_FOLDERS.some((folder) => file.startsWith(folder)) ? '4.42.4' : '5';
      return { file, repoRoot: path.join(corpusDir, repositoryFolder(file)), version };
    })
    .sort((a, b) => a.file.localeCompare(b.file));
}

/** What differs between the two readings of a file, one entry per aspect and test. */
export interface LoaderDifference {
  aspect: 'dialect' | 'refusal' | 'ids' | 'skip' | 'system' | 'turns' | 'graders';
  /** The test it is about, when it is about one. */
  id?: string;
  agentv: unknown;
  skillEval: unknown;
}

/** Both readings of one file and how they differ. */
export interface FileComparison {
  agentv: AgentvLoad;
  skillEval: LoadResult;
  /** Tests read alike in every aspect. */
  agreeing: string[];
  differences: LoaderDifference[];
}

const ERROR_COUNT = (result: LoadResult) => result.diagnostics.filter((d) => d.severity === 'error').length;

function compareTests(ours: Reading, theirs: Reading): LoaderDifference[] {
  const differences: LoaderDifference[] = [];
  for (const aspect of ['system', 'turns', 'graders'] as const) {
    const [a, b] = [JSON.stringify(theirs[aspect]), JSON.stringify(ours[aspect])];
    if (a !== b) differences.push({ aspect, id: theirs.id, agentv: theirs[aspect], skillEval: ours[aspect] });
  }
  return differences;
}

/** Loads `entry` with AgentV's loader for its version and with skill-eval's AgentV reader, and compares. */
export async function compareLoaders(corpusDir: string, entry: CorpusAgentvFile): Promise<FileComparison> {
  const absolute = path.join(corpusDir, entry.file);
  const text = readFileSync(absolute, 'utf8');
  const agentv = await agentvLoad(entry.version, absolute, entry.repoRoot);
  const skillEval = loadAgentv(absolute, text, { cwd: path.dirname(absolute) });
  const differences: LoaderDifference[] = [];
  const dialect = agentvDialect(parse(text) ?? {});
  const expectedDialect = entry.version === '4.42.4' ? 'agentv-4' : 'agentv-5';
  if (dialect !== expectedDialect) differences.push({ aspect: 'dialect', agentv: expectedDialect, skillEval: dialect });
  const errors = ERROR_COUNT(skillEval);
  if ((agentv.refused !== undefined) !== errors > 0)
    differences.push({ aspect: 'refusal', agentv: agentv.refused ?? 'loads', skillEval: `${errors} error(s)` });
  const cases = skillEval.suites.flatMap((suite) => suite.cases);
  const theirIds = agentv.tests.map((t) => t.id);
  const ourIds = cases.map((c) => c.id);
  if (agentv.refused === undefined && JSON.stringify(theirIds) !== JSON.stringify(ourIds))
    differences.push({ aspect: 'ids', agentv: theirIds, skillEval: ourIds });
  const skipped = agentv.logs.filter((log) => /\bskipp/i.test(log));
  const told = skillEval.diagnostics.filter((d) => d.severity !== 'info').length;
  if (skipped.length > 0 && told === 0) differences.push({ aspect: 'skip', agentv: skipped, skillEval: 'no warning' });
  const agreeing: string[] = [];
  const ours = new Map(cases.map((c) => [c.id, skillEvalReading(c)]));
  agentv.tests.forEach((test, index) => {
    const theirs = agentvReading(test);
    // Paired by id, else by position (where the ids differ, the ids difference says so).
    const mine = ours.get(theirs.id) ?? (cases[index] ? skillEvalReading(cases[index]!) : undefined);
    if (!mine) return;
    const found = compareTests(mine, theirs);
    differences.push(...found);
    if (found.length === 0 && mine.id === theirs.id) agreeing.push(theirs.id);
  });
  return { agentv, skillEval, agreeing, differences };
}
