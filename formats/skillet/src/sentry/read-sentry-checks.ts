import { problemSentence, validChecks } from '@skill-eval/checks';
import type { Check } from '@skill-eval/core';
import { isYamlMap, isYamlScalar, isYamlSeq, type YamlNode } from '@skill-eval/format-kit';
import type { DiagnosticSink } from '../diagnostic-sink.js';
import { type RunAssertion, runCheckScript, skilletRegex } from './run-check-script.js';
import type { SentryYaml } from './sentry-yaml.js';
import { isText, shown } from './yaml-values.js';

// getsentry/skillet at 443bf3dd83af699d4aca02317733710af391b7a4 (the last commit before `.eval.ts`): the check kinds
// of src/eval/parser.ts:17-43, read by parseChecks (parser.ts:182-206) and graded by runChecks (checks.ts:176-217).

/** The kinds of a check, in the order parseChecks tries them (parser.ts:188-203): the first one present is the check. */
const KINDS = ['run', 'output_contains', 'output_not_contains', 'output_matches'] as const;
/** A `run:` check's assertions, in the order runWorkspaceCheck tries them (checks.ts:83-168): the first one decides. */
const ASSERTIONS = ['exits', 'matches', 'contains', 'not_contains', 'equals', 'not_equals'] as const;
/** skillet's timeout of a `run:` command (checks.ts:65). */
const RUN_TIMEOUT_SECONDS = 10;

/** The checks of one case, as skill-eval gates: skillet fails the case on any failed check, before its judge. */
export function readSentryChecks(
  node: YamlNode | undefined,
  turns: number,
  sink: DiagnosticSink,
  y: SentryYaml,
): Check[] {
  if (node === undefined || (isYamlScalar(node) && node.value === null)) return [];
  if (!isYamlSeq(node)) {
    // getArray (parser.ts:153-156) reads anything but a list as no checks.
    sink.warning(
      'ignored-value',
      `"checks" is ${shown(node)}, which skillet ignores (no check runs); write a list.`,
      node,
    );
    return [];
  }
  const checks: Check[] = [];
  y.items(node).forEach((item, i) => {
    const label = `Check ${i + 1}`;
    const check = readCheck(item, label, turns, sink, y);
    if (!check) return;
    checks.push(
      ...validChecks([check], (problem) =>
        sink.report(problem.severity, problem.ruleId, problemSentence(problem, `${label}: `), item ?? node),
      ),
    );
  });
  return checks;
}

function readCheck(
  item: YamlNode | undefined,
  label: string,
  turns: number,
  sink: DiagnosticSink,
  y: SentryYaml,
): Check | undefined {
  if (!isYamlMap(item)) {
    // parser.ts:186: `if (!isRecord(c)) continue;`
    sink.warning(
      'ignored-check',
      `${label} is ${shown(item)}, which skillet skips without a word; write a map such as {output_contains: "…"}.`,
      item,
    );
    return undefined;
  }
  const keys = y.keys(item);
  const kind = KINDS.find((k) => isText(y.get(item, k)));
  for (const key of keys) {
    const known =
      (KINDS as readonly string[]).includes(key) || (kind === 'run' && (ASSERTIONS as readonly string[]).includes(key));
    if (!known)
      sink.warning(
        'unknown-key',
        `${label} has the key "${key}", which skillet ignores, and so does skill-eval; remove it.`,
        y.get(item, key) ?? item,
      );
  }
  if (!kind) {
    const untyped = KINDS.filter((k) => keys.includes(k)).map((k) => `"${k}" is ${shown(y.get(item, k))}`);
    const why = untyped.length > 0 ? `${untyped.join(', ')}, not text` : `it has none of ${KINDS.join(', ')}`;
    sink.warning('ignored-check', `${label} is skipped by skillet without a word: ${why}.`, item);
    return undefined;
  }
  for (const key of KINDS.filter((k) => k !== kind && keys.includes(k))) {
    const why = isText(y.get(item, key))
      ? `skillet reads only the first of ${KINDS.join(', ')} in a check, here "${kind}"`
      : `it is ${shown(y.get(item, key))}, not text`;
    sink.warning(
      'ignored-check',
      `${label}: "${key}" is ignored — ${why}; write it as a check of its own.`,
      y.get(item, key),
    );
  }
  const value = (y.get(item, kind) as YamlNode & { value: string }).value;
  if (kind === 'run') return runCheck(item, value, label, sink, y);
  return outputCheck(kind, value, turns, y.get(item, kind)!, label, sink);
}

/**
 * `output_*` checks read `agentResult.output` (checks.ts:182-213): every piece of the agent's text in the whole
 * conversation, joined (agent/loop.ts:97-107, 157). skill-eval's text checks read a turn's final answer: with one turn
 * the check reads it; with several, a group reads each turn's — any turn for a find, every turn for a `not`.
 */
function outputCheck(
  kind: 'output_contains' | 'output_not_contains' | 'output_matches',
  value: string,
  turns: number,
  node: YamlNode,
  label: string,
  sink: DiagnosticSink,
): Check | undefined {
  if (value === '') {
    // `agentOutput.includes("")` and `/(?:)/m.test(…)` hold for any answer (checks.ts:183, 193, 204).
    if (kind === 'output_not_contains') {
      sink.error(
        'empty-output-check',
        `${label}: every answer contains the empty text, so skillet fails this check, and the case, on every run. Write the text that must not appear.`,
        node,
      );
    } else {
      sink.warning(
        'empty-output-check',
        `${label}: every answer ${kind === 'output_matches' ? 'matches the empty pattern' : 'contains the empty text'}, so skillet passes this check on every run; it is left out. Write what to look for.`,
        node,
      );
    }
    return undefined;
  }
  let base: Check;
  if (kind === 'output_matches') {
    if (!compiles(value, label, node, sink)) return undefined;
    const { source, flags } = skilletRegex(value);
    base = { type: 'regex', value: source, flags };
  } else base = { type: 'contains', value };
  const negate = kind === 'output_not_contains';
  const name = `${kind}: ${value}`;
  if (turns <= 1) return { ...base, name, ...(negate ? { negate } : {}) };
  const perTurn = Array.from({ length: turns }, (_, i) => ({ ...base, turn: i + 1, ...(negate ? { negate } : {}) }));
  // A find passes when any turn's answer holds it (a share of 1/turns), a `not` when none does (all must pass).
  return negate
    ? { type: 'assert-set', name, checks: perTurn }
    : { type: 'assert-set', name, checks: perTurn, scoring: 'passed-share', threshold: 1 / turns };
}

/** A `run:` check: a script check running skillet's command and assertion in the workspace. */
function runCheck(item: YamlNode, run: string, label: string, sink: DiagnosticSink, y: SentryYaml): Check | undefined {
  const present: { key: (typeof ASSERTIONS)[number]; node: YamlNode }[] = [];
  for (const key of ASSERTIONS) {
    const node = y.get(item, key);
    if (node === undefined) continue;
    // parser.ts:190-195: a string assertion, or a number for `exits`; anything else is dropped.
    const kept = key === 'exits' ? isYamlScalar(node) && typeof node.value === 'number' : isText(node);
    if (kept) present.push({ key, node });
    else
      sink.warning(
        'ignored-value',
        `${label}: "${key}" is ${shown(node)}, which skillet ignores; write ${key === 'exits' ? 'a number' : 'text'}.`,
        node,
      );
  }
  const [decides, ...rest] = present;
  for (const { key, node } of rest) {
    sink.warning(
      'ignored-check',
      `${label}: "${key}" is ignored — skillet tests only "${decides!.key}" of a run: check (src/eval/checks.ts); write it as a check of its own.`,
      node,
    );
  }
  const assertion =
    decides && ({ kind: decides.key, value: (decides.node as YamlNode & { value: never }).value } as RunAssertion);
  if (
    assertion?.kind === 'exits' &&
    !(Number.isInteger(assertion.value) && assertion.value >= 0 && assertion.value <= 255)
  ) {
    sink.warning(
      'exits-never',
      `${label}: no command exits with ${assertion.value}, so skillet fails this check on every run.`,
      decides!.node,
    );
  }
  if (assertion?.kind === 'matches' && !compiles(assertion.value, label, decides!.node, sink)) return undefined;
  return {
    type: 'script',
    name: `run: ${run}${assertion ? ` (${assertion.kind})` : ''}`,
    value: runCheckScript(run, assertion),
    timeoutSeconds: RUN_TIMEOUT_SECONDS,
  };
}

/**
 * Whether skillet's `buildRegex` compiles the pattern: `new RegExp` throws inside runChecks, and runSingleCase then
 * ends the case as an error (runner.ts:276-285); so it is an error here, where the file is read.
 */
function compiles(pattern: string, label: string, node: YamlNode, sink: DiagnosticSink): boolean {
  const { source, flags } = skilletRegex(pattern);
  try {
    new RegExp(source, flags);
    return true;
  } catch (error) {
    sink.error(
      'invalid-regex',
      `${label}: skillet cannot compile /${source}/${flags} (${(error as Error).message}) and ends the case as an error; write a JavaScript regular expression.`,
      node,
    );
    return false;
  }
}
