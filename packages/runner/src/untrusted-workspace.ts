// fs.promises, not node:fs/promises: the CLI's bundle loads Node's promise API only when it is first used (list
// and validate never do).
import { type Dirent, promises as fsPromises, readdirSync } from 'node:fs';
import { basename, dirname, join, posix } from 'node:path';
import type { WorkspaceSpec } from '@skill-eval/core';
import { AGENT_PROJECT_FILES, type AgentProjectFile, agentProjectFile } from './agent-project-files.js';
import { findGitEntries, repositoryRisks } from './fixture-repository.js';

/** Something a workspace would hold that makes git or the agent's CLI run a program or reach outside it by itself. */
export interface WorkspaceRisk {
  /** What it is and what it does: `fixtures/repo/.git/config sets filter.x.smudge, which runs a program …`. */
  what: string;
  /** The file that says so. */
  file: string;
  /** Its line, when known. */
  line?: number;
  /** Who acts on it: `git`, `claude`, `qodercli`. */
  actor: string;
}

/** A workspace path as the agents compare it: `/`-separated, no `./`, lower-case (macOS and Windows fold case). */
const workspacePath = (path: string): string => {
  const normal = posix.normalize(path.replaceAll('\\', '/')).replace(/^(\.\/)+/, '');
  return (normal === '.' ? '' : normal.replace(/\/+$/, '')).toLowerCase();
};

const intoGitMetadata = (path: string): boolean => workspacePath(path).split('/').includes('.git');

/** A folder's entries; none where it cannot be read. */
type ListFolder = (dir: string) => Promise<Dirent[]>;

const listFolder: ListFolder = (dir) => fsPromises.readdir(dir, { withFileTypes: true }).catch(() => []);

/** A {@link ListFolder} that reads each folder once: one look at a workspace asks for its root once per rule. */
function listFolderOnce(): ListFolder {
  const listed = new Map<string, Promise<Dirent[]>>();
  return (dir) => {
    let entries = listed.get(dir);
    if (!entries) {
      entries = listFolder(dir);
      listed.set(dir, entries);
    }
    return entries;
  };
}

/** `rel` under `dir`, each segment matched without regard to case (the way a case-folding file system finds it). */
async function findFolded(dir: string, rel: string, list = listFolder): Promise<string | undefined> {
  let at = dir;
  for (const segment of rel.split('/')) {
    const entries = await list(at);
    const match = entries.find((e) => e.name.toLowerCase() === segment);
    if (!match) return undefined;
    at = join(at, match.name);
  }
  return at;
}

async function projectFileRisks(file: string, rule: AgentProjectFile): Promise<WorkspaceRisk[]> {
  if (rule.folder) {
    const there = await fsPromises.lstat(file).catch(() => undefined);
    return there ? [{ what: `holds ${rule.folder}`, file, actor: rule.agent }] : [];
  }
  const text = await fsPromises.readFile(file, 'utf8').catch(() => undefined);
  if (text === undefined) return [];
  return rule.risks(text).map((risk) => ({
    what: `sets ${risk.setting}, which ${rule.agent} acts on by itself`,
    file,
    ...(risk.line ? { line: risk.line } : {}),
    actor: rule.agent,
  }));
}

/**
 * The risks of one source copied into the workspace at `to` (relative; `''` for its root): repositories anywhere in
 * it, agent project files that land at their place, and anything that lands inside a repository's `.git`.
 */
async function sourceRisks(from: string, to: string): Promise<WorkspaceRisk[]> {
  const stat = await fsPromises.lstat(from).catch(() => undefined);
  if (!stat) return []; // staging reports a missing fixture
  const target = workspacePath(to);
  const risks: WorkspaceRisk[] = [];
  const isRepository = basename(target) === '.git' && !target.slice(0, -4).split('/').includes('.git');
  if (intoGitMetadata(target) && !isRepository) {
    risks.push({
      what: `is copied into a repository's metadata (${to}), where git runs what it finds`,
      file: from,
      actor: 'git',
    });
  }
  const root = stat.isDirectory() && basename(from) !== '.git' ? from : dirname(from);
  const entries = stat.isDirectory() ? await findGitEntries(from) : isRepository ? [from] : [];
  for (const entry of entries) {
    for (const risk of await repositoryRisks(entry, root)) risks.push({ ...risk, actor: 'git' });
  }
  for (const rule of AGENT_PROJECT_FILES) {
    const file = stat.isDirectory()
      ? target === ''
        ? await findFolded(from, rule.path)
        : rule.path.startsWith(`${target}/`)
          ? await findFolded(from, rule.path.slice(target.length + 1))
          : agentProjectFile(target) === rule
            ? from
            : undefined
      : agentProjectFile(target) === rule
        ? from
        : undefined;
    if (file) risks.push(...(await projectFileRisks(file, rule)));
  }
  return risks;
}

/** An inline file written from the eval file's own text: into `.git`, or as an agent's project file. */
function inlineRisks(path: string, content: string, evalFile: string): WorkspaceRisk[] {
  if (intoGitMetadata(path)) {
    return [
      {
        what: `writes ${path} into a repository's metadata, where git runs what it finds`,
        file: evalFile,
        actor: 'git',
      },
    ];
  }
  const rule = agentProjectFile(workspacePath(path));
  if (!rule) return [];
  return rule.risks(content).map((risk) => ({
    what: `writes ${path}, which sets ${risk.setting}: ${rule.agent} acts on it by itself`,
    file: evalFile,
    actor: rule.agent,
  }));
}

/** The paths a unified diff creates or changes (both sides of `diff --git`, `+++`, renames and copies). */
function diffPaths(text: string): string[] {
  const paths = new Set<string>();
  for (const line of text.split('\n')) {
    const header = /^diff --git a\/(\S+) b\/(\S+)/.exec(line);
    if (header) paths.add(header[2]!);
    const plus = /^\+\+\+ b\/(.+?)\s*$/.exec(line);
    if (plus) paths.add(plus[1]!);
    const moved = /^(?:rename|copy) to (.+?)\s*$/.exec(line);
    if (moved) paths.add(moved[1]!);
  }
  return [...paths];
}

/** A diff applied to the workspace that writes an agent's project file (its content after the patch is unknown here). */
async function diffRisks(diff: string): Promise<WorkspaceRisk[]> {
  const text = await fsPromises.readFile(diff, 'utf8').catch(() => '');
  return diffPaths(text).flatMap((path) => {
    const rule = agentProjectFile(workspacePath(path));
    return rule
      ? [{ what: `writes ${path}, whose settings ${rule.agent} acts on by itself`, file: diff, actor: rule.agent }]
      : [];
  });
}

/**
 * Reads the risks of workspace specs, from their sources: overlays, fixtures, inline files and the diff. A source
 * many cases share (a suite's fixture repository) is read once.
 */
export function createWorkspaceScanner(): (spec: WorkspaceSpec, evalFile: string) => Promise<WorkspaceRisk[]> {
  const sources = new Map<string, Promise<WorkspaceRisk[]>>();
  const source = (from: string, to: string) => {
    const key = `${from}\0${to}`;
    let risks = sources.get(key);
    if (!risks) {
      risks = sourceRisks(from, to);
      sources.set(key, risks);
    }
    return risks;
  };
  return async (spec, evalFile) => {
    const risks: WorkspaceRisk[] = [];
    for (const overlay of spec.overlays) risks.push(...(await source(overlay, '')));
    for (const file of spec.files) risks.push(...(await source(file.from, file.to)));
    for (const [path, content] of Object.entries(spec.inline)) risks.push(...inlineRisks(path, content, evalFile));
    if (spec.git?.applyDiff) risks.push(...(await diffRisks(spec.git.applyDiff)));
    return risks;
  };
}

/**
 * The same checks on a prepared workspace, just before the agent starts: what a branch checkout, a diff or anything
 * else the sources did not show put at the root (the agents' project files, the root repository).
 */
export async function preparedWorkspaceRisks(ws: string): Promise<WorkspaceRisk[]> {
  // An empty workspace (a case without fixtures) has nothing to look at: one quick look, without a thread-pool trip.
  if (readdirSync(ws).length === 0) return [];
  const list = listFolderOnce();
  const risks: WorkspaceRisk[] = [];
  for (const rule of AGENT_PROJECT_FILES) {
    const file = await findFolded(ws, rule.path, list);
    if (file) risks.push(...(await projectFileRisks(file, rule)));
  }
  for (const risk of await repositoryRisks(join(ws, '.git'), ws)) risks.push({ ...risk, actor: 'git' });
  return risks;
}
