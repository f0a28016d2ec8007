import { dirname, isAbsolute, join, relative } from 'node:path';
import { observedEntries, observedExists, observedStat, readSkillRef, type SkillRef } from '@skill-eval/core';
import { readPluginText } from './side-text.js';

/** The plugin (or skill folder) a case directory belongs to, as `claude plugin eval` resolves it from a path. */
export interface PluginUnderTest {
  /** The plugin's root: the folder holding `.claude-plugin/plugin.json`, `plugin.json` or `SKILL.md`. */
  root: string;
  /** The eval folder below the root: the manifest's `experimental.evals`, else `evals`. */
  evalDir: string;
  /** The skills skill-eval stages for the with-plugin arm. */
  skills: SkillRef[];
  /** Plugin parts skill-eval does not stage (commands/, agents/, hooks/, .mcp.json …), as found. */
  unstaged: string[];
}

/** How far up from a case directory the plugin is looked for. */
const LEVELS = 12;

/*
 * Claude Code auto-detects "plugin.json, .claude-plugin/plugin.json, or SKILL.md" between the case directory and the
 * discovery root (binary string `auto-detection found no plugin.json, .claude-plugin/plugin.json, or SKILL.md`); the
 * eval folder is `experimental.evals` of the manifest, else `evals/` (binary: `var vt="evals"` and the warning
 * `it must be a string naming a directory relative to the plugin root, set as "experimental": {"evals": …}`).
 */
export function findPluginUnderTest(caseDir: string): PluginUnderTest | undefined {
  let dir = caseDir;
  for (let level = 0; level <= LEVELS; level++) {
    const manifest = manifestOf(dir);
    if (manifest !== undefined || observedExists(join(dir, 'SKILL.md'))) {
      return {
        root: dir,
        evalDir: evalDirOf(manifest) ?? 'evals',
        skills: skillsOf(dir),
        unstaged: ['commands', 'agents', 'hooks', '.mcp.json'].filter((part) => observedExists(join(dir, part))),
      };
    }
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
  return undefined;
}

/** The manifest's data: {} when it exists but cannot be read, undefined when there is none. */
function manifestOf(dir: string): Record<string, unknown> | undefined {
  for (const path of [join(dir, '.claude-plugin', 'plugin.json'), join(dir, 'plugin.json')]) {
    if (!observedExists(path)) continue;
    try {
      const text = readPluginText(path, dir);
      if (text === undefined) return {};
      const data = JSON.parse(text) as unknown;
      return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }
  return undefined;
}

function evalDirOf(manifest: Record<string, unknown> | undefined): string | undefined {
  const experimental = manifest?.experimental;
  if (typeof experimental !== 'object' || experimental === null) return undefined;
  const evals = (experimental as Record<string, unknown>).evals;
  if (typeof evals !== 'string' || evals.trim() === '' || evals.includes('..') || evals.startsWith('/'))
    return undefined;
  return evals.trim().replace(/\/+$/, '');
}

/** The root itself when it is a skill folder, else each `skills/<name>/SKILL.md`. */
function skillsOf(root: string): SkillRef[] {
  if (observedExists(join(root, 'SKILL.md'))) return [readSkillRef(root)];
  const skills = join(root, 'skills');
  if (!observedExists(skills) || !observedStat(skills).isDirectory()) return [];
  return observedEntries(skills)
    .filter((entry) => entry.isDirectory() && observedExists(join(skills, entry.name, 'SKILL.md')))
    .map((entry) => readSkillRef(join(skills, entry.name)))
    .sort((a, b) => a.dir.localeCompare(b.dir));
}

/** Whether `caseDir` lies inside the plugin's eval folder. */
export function insideEvalDir(plugin: PluginUnderTest, caseDir: string): boolean {
  const path = relative(join(plugin.root, plugin.evalDir), caseDir);
  return path === '' || (!path.startsWith('..') && !isAbsolute(path));
}
