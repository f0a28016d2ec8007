import { basename, dirname, join, relative, resolve } from 'node:path';
import type { LoadResult, Suite } from '@skill-eval/core';
import { observedExists, observedList } from '@skill-eval/core';
import { buildCase } from './build-case.js';
import { CaseDiagnostics } from './diagnostics.js';
import { findPluginUnderTest, type PluginUnderTest } from './plugin-under-test.js';
import { readCaseFiles } from './read-case-files.js';
import { readMocks } from './read-mocks.js';

/** Options of {@link loadClaudePluginEval}. */
export interface LoadClaudePluginEvalOptions {
  /** Directory the suite id is relative to (default the process's working directory). */
  cwd?: string;
  /** The tools granted in every case, as `claude plugin eval --allow-tools`; without it, each case's own list. */
  allowTools?: readonly string[];
}

/**
 * Reads the `claude plugin eval` case whose case.yaml or prompt.md is `file`: the whole case directory (case.yaml,
 * prompt.md, graders/*.md), merged as Claude Code merges them, into a suite of one case. The plugin the case lies in
 * gives the skills under test; when one resolves, the suite asks for skill-eval's benchmark (with and without the
 * skill), as Claude Code runs a with/without ablation by default.
 */
export function loadClaudePluginEval(
  file: string,
  _text?: string,
  options: LoadClaudePluginEvalOptions = {},
): LoadResult {
  const path = resolve(file);
  const caseDir = dirname(path);
  const diagnostics = new CaseDiagnostics();
  const raw = readCaseFiles(caseDir, diagnostics);
  const parts = caseParts(caseDir).filter((part) => part !== path);
  if (!raw) return { suites: [], diagnostics: diagnostics.diagnostics, parts };
  const caseFile = observedExists(join(caseDir, 'case.yaml')) ? join(caseDir, 'case.yaml') : path;
  const plugin = findPluginUnderTest(caseDir);
  notePlugin(plugin, caseFile, diagnostics);
  const mcpServers = readMocks(caseDir, plugin, caseFile, diagnostics);
  const built = buildCase(raw, plugin, caseFile, diagnostics, mcpServers, options.allowTools);
  if (!built) return { suites: [], diagnostics: diagnostics.diagnostics, parts };
  const { testCase, benchmark } = built;
  const skill = testCase.skills.length === 1 ? testCase.skills[0] : undefined;
  const suite: Suite = {
    id: relative(options.cwd ?? process.cwd(), caseFile) || basename(caseFile),
    name: testCase.name,
    file: caseFile,
    format: 'claude-plugin-eval',
    ...(skill ? { skill } : {}),
    cases: [testCase],
    settings: benchmark ? { benchmark: { enabled: true } } : {},
  };
  return { suites: [suite], diagnostics: diagnostics.diagnostics, parts };
}

/** The files a case directory's case is made of. */
function caseParts(caseDir: string): string[] {
  const files = ['case.yaml', 'prompt.md'].map((name) => join(caseDir, name)).filter((f) => observedExists(f));
  const graders = join(caseDir, 'graders');
  if (observedExists(graders)) {
    try {
      for (const entry of observedList(graders)) if (entry.endsWith('.md')) files.push(join(graders, entry));
    } catch {
      // Not a directory: readCaseFiles reads nothing from it either.
    }
  }
  return files;
}

function notePlugin(plugin: PluginUnderTest | undefined, caseFile: string, diagnostics: CaseDiagnostics) {
  const at = { file: caseFile, line: 1, column: 1 };
  if (!plugin) {
    diagnostics.info(
      'no-plugin',
      'No plugin.json, .claude-plugin/plugin.json or SKILL.md above this case: Claude Code runs it in one arm without a plugin, and skill-eval runs it without a skill.',
      at,
    );
    return;
  }
  if (plugin.unstaged.length > 0) {
    diagnostics.info(
      'plugin-parts-not-staged',
      `The plugin also has ${plugin.unstaged.join(', ')}, which Claude Code loads in the with-plugin arm; skill-eval stages the plugin's skills only.`,
      at,
    );
  }
}
