import { basename } from 'node:path';
import { type Case, type Diagnostic, defineFormat, type FormatPlugin, parseCase } from '@skill-eval/core';

/** Defects to build into the reference format, so tests can show the format conformance suite catches them. */
export interface FormatDefects {
  /** Throws on a bad line instead of reporting it. */
  throwsOnBadLine?: boolean;
  /** Reports a bad line without its line number. */
  noLine?: boolean;
  /** Names its rules without the format id. */
  bareRuleIds?: boolean;
  /** Claims every file it is asked about. */
  detectsAnything?: boolean;
  /** Gives every case the same id. */
  sameIds?: boolean;
}

/** A small format, `*.qa.txt`, one `question => answer` case a line, for testing the format conformance suite. */
export function referenceFormat(defects: FormatDefects = {}): FormatPlugin<unknown> {
  const load = (file: string, text: string) => {
    const cases: Case[] = [];
    const diagnostics: Diagnostic[] = [];
    text.split('\n').forEach((line, index) => {
      if (line.trim() === '') return;
      const [question, answer] = line.split(' => ').map((part) => part.trim());
      if (!question || !answer) {
        if (defects.throwsOnBadLine) throw new Error(`bad line ${index + 1}`);
        const ruleId = defects.bareRuleIds ? 'bad-line' : 'qa/bad-line';
        const at = defects.noLine ? {} : { line: index + 1, column: 1 };
        diagnostics.push({ severity: 'error', ruleId, message: 'Write `question => answer`.', file, ...at });
        return;
      }
      const id = defects.sameIds ? 'case' : String(index + 1);
      const source = { file, line: index + 1, format: 'qa' };
      cases.push(parseCase({ id, name: question, kind: 'task', turns: [question], checks: [], source }));
    });
    const suite = { id: file, name: basename(file), file, format: 'qa', cases, settings: {} };
    return { suites: cases.length ? [suite] : [], diagnostics };
  };
  return defineFormat({
    contract: 'format-v1',
    id: 'qa',
    description: 'question => answer, one a line.',
    parseSettings: () => ({}),
    create: () => ({
      id: 'qa',
      filePatterns: ['*.qa.txt'],
      detect: (file) => (defects.detectsAnything || file.endsWith('.qa.txt') ? 0.9 : 0),
      load,
    }),
  });
}
