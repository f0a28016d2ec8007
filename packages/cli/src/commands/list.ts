import { relative } from 'node:path';
import { hasErrors, type Listing, suiteListing, terminalLine } from '@skill-eval/core';
import type { CommandIO } from '../io/io.js';
import { type CaseSelection, selectionOf } from '../loading/case-selection.js';
import { loadEvalFiles } from '../loading/load-eval-files.js';
import { printDiagnostics } from '../loading/print-diagnostics.js';
import { loadConfig } from '../policy/config.js';

export interface ListOptions extends CaseSelection {
  json?: boolean;
  format?: string;
  config?: string;
  /** --trust: a config found in the project may load its plugins and use every setting. */
  trust?: boolean;
  /** The evals of the skill folder given as the path (BMAD's `--evals`). */
  evals?: string;
  /** --no-parse-cache sets false: every YAML file is parsed, and no parsed document is kept. */
  parseCache?: boolean;
}

/** `skill-eval list`: loads and shows the suites without running anything. Exit 2 on error diagnostics. */
export async function listCommand(paths: string[], options: ListOptions, io: CommandIO): Promise<number> {
  const config = loadConfig(io.cwd, options.config, options.trust);
  const loaded = await loadEvalFiles(paths, { ...options, select: selectionOf(options) }, config, io);
  const { suites, diagnostics } = loaded;
  if (options.json) {
    // The whole compiled case, as `schemas/list.schema.json` describes it.
    const json: Listing = {
      suites: suiteListing(suites, io.cwd),
      diagnostics: diagnostics.map((d) => ({
        severity: d.severity,
        ruleId: d.ruleId,
        file: relative(io.cwd, d.file) || d.file,
        line: d.line ?? null,
        column: d.column ?? null,
        ...(d.endLine ? { endLine: d.endLine, endColumn: d.endColumn } : {}),
        message: d.message,
      })),
    };
    io.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
  } else {
    // One write for the whole plan: a write per line costs a system call each (10,000 cases). Names, ids and tags
    // come from eval files: each is kept to its line.
    const lines: string[] = [];
    for (const suite of suites) {
      lines.push(
        terminalLine(
          `${relative(io.cwd, suite.file)}  (${suite.format}${suite.skill ? `, skill ${suite.skill.name}` : ''})`,
        ),
      );
      const idWidth = columnWidth(suite.cases.map((c) => c.id));
      for (const c of suite.cases) {
        const checks = c.gates.length + c.checks.length + c.failIf.length;
        const extra = c.kind === 'trigger' ? ` should_trigger=${c.shouldTrigger ?? true}` : '';
        // A name that only repeats the id (a case the eval file did not name) is said once.
        const name = c.name === c.id ? '' : `  ${c.name}`;
        // The tags `--tag` selects by.
        const tags = c.tags.length > 0 ? `  [${c.tags.join(', ')}]` : '';
        lines.push(
          terminalLine(`  ${c.id.padEnd(idWidth)}  ${c.kind.padEnd(7)}  ${checks} check(s)${extra}${name}${tags}`),
        );
      }
    }
    const cases = suites.reduce((n, s) => n + s.cases.length, 0);
    lines.push(`${suites.length} suite(s), ${cases} case(s)`);
    io.stdout.write(`${lines.join('\n')}\n`);
    printDiagnostics(diagnostics, io.cwd, io.stderr);
  }
  // Once the listing is out: the next load of these files rebuilds what this one parsed.
  loaded.keepCaches();
  return hasErrors(diagnostics) ? 2 : 0;
}

/** Widest id a column is padded to: a longer one overflows its line rather than pushing every other line right. */
const MAX_ID_WIDTH = 32;

/** The width of the column of a suite's ids: its widest id, at most {@link MAX_ID_WIDTH}. */
function columnWidth(ids: readonly string[]): number {
  let width = 0;
  for (const id of ids) if (id.length > width) width = id.length;
  return Math.min(width, MAX_ID_WIDTH);
}
