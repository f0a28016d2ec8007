import type { CheckProblem } from '@skill-eval/checks';
import {
  DiagnosticSink as KitSink,
  type ParsedYaml,
  type Position,
  type YamlNode,
  yamlSpan,
} from '@skill-eval/format-kit';
import { YamlPlace } from './yaml-path.js';

/** Stable rule ids of this format; each diagnostic names one (`skill-up/<rule>`). */
export type RuleId =
  | 'syntax'
  | 'empty-file'
  | 'wrong-type'
  | 'bad-value'
  | 'missing-key'
  | 'unknown-key'
  | 'judge-and-judges'
  | 'bad-judge-id'
  | 'missing-case-file'
  | 'duplicate-case-file'
  | 'duplicate-id'
  | 'no-skill-root'
  | 'not-honoured'
  | 'engine-conflict'
  | 'custom-engine'
  | 'missing-input'
  | 'invalid-regex'
  | 'rule-several-keys'
  | 'empty-rule'
  | 'nothing-to-grade'
  | 'trigger-test-as-task'
  | 'missing-fixture'
  | 'fixture-escapes-root'
  | 'outside-project'
  | 'standalone-case'
  | 'unlisted-case'
  | 'belongs-to-suite'
  | 'judge-without-type'
  | 'no-cases'
  | 'user-simulator'
  // The check catalogue's (a check whose parameters are wrong, or whose type skill-eval cannot grade).
  | CheckProblem['ruleId'];

/** What a diagnostic may point at: a YAML node, a place in the file or an explicit position. */
export type At = YamlNode | YamlPlace | Position | null | undefined;

const FIRST: Position = { line: 1, column: 1 };

/** Collects diagnostics of one file, positioned at YAML nodes; every diagnostic gets a line and column. */
export class DiagnosticSink extends KitSink<RuleId, At> {
  constructor(file: string, yaml: Pick<ParsedYaml, 'positionOf' | 'positionAt'> | undefined) {
    super(file, 'skill-up', (at) => {
      // Only line and column: a YAML problem carries its own message and code too.
      if (at && 'line' in at && 'column' in at) return { line: (at as Position).line, column: (at as Position).column };
      const node = at instanceof YamlPlace ? at.node() : at;
      return (yaml && node ? yamlSpan(yaml, node as YamlNode) : undefined) ?? FIRST;
    });
  }
}
