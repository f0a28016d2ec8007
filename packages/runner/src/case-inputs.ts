import { dirname, isAbsolute, resolve } from 'node:path';
import type { Case, SkillRef } from '@skill-eval/core';

/** Every string inside `value`, depth first. */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, out);
  return out;
}

/** The words of a shell command line, unquoted: `bash '/my skills/check.sh' -v` gives bash, /my skills/check.sh, -v. */
function shellWords(line: string): string[] {
  return (line.match(/'[^']*'|"[^"]*"|[^\s'"]+/g) ?? []).map((word) => word.replace(/^(['"])(.*)\1$/, '$2'));
}

/** The command lines of the case: setup and teardown steps, and the `script` checks at any depth (in check groups too). */
function commandLines(testCase: Case): string[] {
  const scripts: string[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) for (const v of value) visit(v);
    else if (value && typeof value === 'object') {
      const check = value as { type?: unknown; value?: unknown };
      if (check.type === 'script' && typeof check.value === 'string') scripts.push(check.value);
      for (const v of Object.values(value)) visit(v);
    }
  };
  visit([testCase.gates, testCase.checks, testCase.failIf]);
  return [...testCase.workspace.setup, ...testCase.workspace.teardown, ...scripts];
}

/**
 * The files and trees an execution reads besides the case itself: the skills the variant stages, every absolute path the
 * workspace spec names (fixtures, overlays, repo templates), files named by checks and MCP servers (absolute, or
 * `file://` relative to the eval file), and files the case's commands name by absolute path (a grading script run as
 * `bash /abs/check.sh`, a setup step copying a file in).
 */
export function referencedPaths(
  testCase: Case,
  staged: readonly SkillRef[],
): { skills: string[]; trees: string[]; files: string[] } {
  const evalDir = dirname(testCase.source.file);
  const fromChecks = strings([testCase.gates, testCase.checks, testCase.failIf, testCase.mcpServers]).flatMap((s) => {
    const text = s.trim();
    if (text.startsWith('file://')) return [resolve(evalDir, text.slice(7).replace(/:[A-Za-z_$][\w$]*$/, ''))];
    return [text];
  });
  const fromCommands = commandLines(testCase).flatMap(shellWords);
  // Inline files, commands and artifact globs are text, already in the case: only the rest can name sources. The
  // project is hashed apart, less what its copy leaves out.
  const {
    inline: _inline,
    setup: _setup,
    teardown: _teardown,
    artifacts: _artifacts,
    project: _project,
    ...sources
  } = testCase.workspace;
  const isPath = (s: string) => isAbsolute(s) && !s.includes('\n') && dirname(s) !== s;
  return {
    skills: staged.map((s) => s.dir),
    trees: [...new Set(strings(sources).filter(isPath))].sort(),
    files: [...new Set([...fromChecks, ...fromCommands].filter(isPath))].sort(),
  };
}
