import { basename, dirname, join, relative, sep } from 'node:path';
import { observedExists, observedStat } from '@skill-eval/core';
import { isYamlMap, parseYaml, yamlKeys } from '@skill-eval/format-kit';
import { findPluginUnderTest, insideEvalDir } from './plugin-under-test.js';

/** The files a case directory is found by (binary: `var Ti=["case.yaml","prompt.md"]`). */
export const FILE_PATTERNS = ['case.yaml', 'prompt.md'] as const;

/** Folders Claude Code never scans for cases (binary: `gr=new Set(["node_modules",".claude","results","mocks"])`, and `.git`). */
const SKIPPED = new Set(['node_modules', '.claude', 'results', 'mocks', '.git']);

const CASE_KEYS = ['schema_version', 'execution', 'graders'];

/**
 * How sure (0..1) it is that `file` is a `claude plugin eval` case. A case.yaml by content: a map with
 * schema_version, execution or graders. A prompt.md is a common name, so it is claimed only where Claude Code would
 * run it as a case: beside a graders/ folder, or inside the eval folder of a plugin; never beside a case.yaml (that
 * case is read from its case.yaml), inside a folder Claude Code skips, or below another case directory.
 */
export function detectClaudePluginEval(file: string, text: string): number {
  const name = basename(file);
  if (name === 'case.yaml') {
    const parsed = parseYaml(text);
    const root = parsed.doc.contents;
    if (!isYamlMap(root)) return parsed.errors.length > 0 ? 0.3 : 0;
    const keys = yamlKeys(root);
    const hits = CASE_KEYS.filter((key) => keys.includes(key)).length;
    // Above skill-up's 0.95 for any YAML with schema_version: a file named case.yaml with two of these keys is Claude
    // Code's (skill-up's suites are eval.yaml, with `schema_version: v1alpha1`).
    return hits >= 2 ? 0.98 : hits === 1 ? 0.6 : 0;
  }
  if (name !== 'prompt.md') return 0;
  const dir = dirname(file);
  if (observedExists(join(dir, 'case.yaml'))) return 0;
  if (dir.split(sep).some((segment) => SKIPPED.has(segment))) return 0;
  const plugin = findPluginUnderTest(dir);
  if (plugin && !insideEvalDir(plugin, dir) && !isDir(join(dir, 'graders'))) return 0;
  if (plugin && belowAnotherCase(dir, join(plugin.root, plugin.evalDir))) return 0;
  if (isDir(join(dir, 'graders'))) return 0.9;
  return plugin ? 0.7 : 0;
}

const isDir = (path: string) => observedExists(path) && observedStat(path).isDirectory();

/** Claude Code stops descending at a case directory: a prompt.md below one is a file of that case. */
function belowAnotherCase(dir: string, evalRoot: string): boolean {
  for (
    let parent = dirname(dir);
    relative(evalRoot, parent) !== '' && !relative(evalRoot, parent).startsWith('..');
    parent = dirname(parent)
  ) {
    if (observedExists(join(parent, 'case.yaml')) || observedExists(join(parent, 'prompt.md'))) return true;
    if (dirname(parent) === parent) break;
  }
  return false;
}
