import { isRecord } from './context.js';

/**
 * How AgentV 4.42.4 grades two of its graders, in skill-eval's vocabulary: the `tool-trajectory` steps' argument
 * matching and latency bounds, and an `llm-grader` with no criteria of its own. Cited lines are of @agentv/core 4.42.4
 * `dist/chunk-FRDEARJA.js`.
 */

/** Something said about a step of a trajectory, at `key` under the assertion. */
export interface TrajectoryNote {
  key: (string | number)[];
  severity: 'warning' | 'error';
  code: 'trajectory-latency' | 'trajectory-args';
  message: string;
}

const ARGS_MODES = new Set(['exact', 'superset', 'subset', 'ignore']);

/** An `args_match` as the loader keeps it (:18519-18538, :18559-18577): a mode it knows, a non-empty field list, or none. */
function readArgsMatch(raw: unknown): string | string[] | undefined {
  if (Array.isArray(raw)) {
    const fields = raw.filter((f): f is string => typeof f === 'string' && f.length > 0);
    return fields.length > 0 ? fields : undefined;
  }
  return typeof raw === 'string' && ARGS_MODES.has(raw) ? raw : undefined;
}

const isComposite = (v: unknown) => typeof v === 'object' && v !== null;

/** `getNestedValue` (:4574-4583): a dotted path into a value. */
function valueAt(root: unknown, path: string): unknown {
  let current = root;
  for (const part of path.split('.')) {
    if (!isRecord(current)) return undefined;
    current = current[part];
  }
  return current;
}

/** `expected` with only the values at `fields` (dotted paths), nested as they were. */
function projected(args: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const value = valueAt(args, field);
    if (value === undefined) continue;
    const parts = field.split('.');
    let into = out;
    for (const part of parts.slice(0, -1)) {
      if (!isRecord(into[part])) into[part] = {};
      into = into[part] as Record<string, unknown>;
    }
    into[parts.at(-1)!] = value;
  }
  return out;
}

/**
 * A 4.x `tool-trajectory`'s `expected` steps as skill-eval's trajectory reads them (`{tool, args, args_match: exact |
 * superset | partial}`), following what `ToolTrajectoryGrader` checks of each call:
 * - the arguments: only `args` that are a map are compared ("any" or anything else compares none, :18548-18553),
 *   under the step's `args_match`, else the grader's, else `exact` (`resolveArgsMatchMode`, :4584-4586; `argsMatch`,
 *   :4587-4619): exact → exact; superset (every listed key present, its value equal as a whole) → superset; a field
 *   list → superset over those fields (partial where a field is a dotted path, which skill-eval cannot name: the
 *   fields' values then compare partially, said where one is a map or list); ignore → no arguments; subset (every
 *   argument of the call among those listed) has no counterpart: an error.
 * - `max_duration_ms`: AgentV skips a step's latency bound when the trace has no duration for the call, and leaves
 *   it out of the score (`checkLatency`, :4620-4628; the score, :4836-4838). skill-eval's sessions record no per-call
 *   duration, so the bound is left out the same way, with a warning.
 */
export function agentv4TrajectorySteps(item: Record<string, unknown>): {
  expected: unknown[] | undefined;
  notes: TrajectoryNote[];
} {
  const notes: TrajectoryNote[] = [];
  if (!Array.isArray(item.expected)) return { expected: undefined, notes };
  const graderMatch = readArgsMatch(item.args_match ?? item.argsMatch);
  const expected = item.expected.map((step, i) => {
    if (!isRecord(step) || typeof step.tool !== 'string') return step;
    const { args, args_match, argsMatch, max_duration_ms, maxDurationMs, ...rest } = step;
    const bound =
      max_duration_ms !== undefined ? 'max_duration_ms' : maxDurationMs !== undefined ? 'maxDurationMs' : '';
    if (bound)
      notes.push({
        key: ['expected', i, bound],
        severity: 'warning',
        code: 'trajectory-latency',
        message: `AgentV 4 checks "${bound}" only when the trace times the call, and skips it otherwise ("No duration data for ${step.tool}; latency assertion skipped"); skill-eval's sessions do not time each call, so it is skipped here: the step is checked for its tool and arguments only. Bound the whole run with latency or execution-metrics max_duration_ms to check time.`,
      });
    const out: Record<string, unknown> = { ...rest, tool: step.tool };
    if (!isRecord(args)) return out;
    const stepMatch = args_match ?? argsMatch;
    const mode = readArgsMatch(stepMatch) ?? graderMatch ?? 'exact';
    const matchKey: (string | number)[] =
      stepMatch !== undefined
        ? ['expected', i, args_match !== undefined ? 'args_match' : 'argsMatch']
        : ['expected', i];
    if (mode === 'ignore') return out;
    if (mode === 'exact') return { ...out, args, args_match: 'exact' };
    if (mode === 'subset') {
      notes.push({
        key: matchKey,
        severity: 'error',
        code: 'trajectory-args',
        message: `args_match: subset passes a call whose every argument is among those listed for "${step.tool}"; skill-eval cannot check that. Write args_match: exact (the arguments are exactly these), superset (at least these) or ignore.`,
      });
      return out;
    }
    // superset: each listed key present and equal as a whole, which skill-eval's trajectory checks as AgentV does.
    if (mode === 'superset') return { ...out, args, args_match: 'superset' };
    if (!Array.isArray(mode)) return out;
    const compared = projected(args, mode);
    // Top-level fields alone: each compared whole, as superset compares its keys.
    if (!mode.some((field) => field.includes('.'))) return { ...out, args: compared, args_match: 'superset' };
    // The values AgentV compares whole: each listed field's.
    if (mode.some((field) => isComposite(valueAt(args, field))))
      notes.push({
        key: matchKey,
        severity: 'warning',
        code: 'trajectory-args',
        message: `AgentV compares each listed field of "${step.tool}"'s arguments whole; skill-eval, given a dotted field, compares a map or list there partially (its keys beyond those written are not checked). List the fields inside it, or list top-level fields only, which compare whole.`,
      });
    return { ...out, args: compared, args_match: 'partial' };
  });
  return { expected, notes };
}

/**
 * An `llm-grader` with no `prompt` and no `rubrics`: AgentV 4 keeps it (parseGraders, :19236-19254) and grades the
 * answer against the test's `criteria` with its default grader template (`evaluateFreeform`, :1281-1284, the template
 * `DEFAULT_GRADER_TEMPLATE` at :1144 filled with `{{ criteria }}`). The criterion it grades, or undefined when the test
 * has none.
 */
export function agentv4ImplicitCriterion(type: string, testCriteria: string | undefined): string | undefined {
  if (type.toLowerCase().replaceAll('_', '-') !== 'llm-grader') return undefined;
  return testCriteria !== undefined && testCriteria.trim() !== '' ? testCriteria : undefined;
}

/**
 * The keys of an `llm-grader` that AgentV 4 does not read as its criterion: `value` and `criteria` are none of its
 * parameters (parseGraders' known ones, :19210-19226), so they go into the grader's `config`, which its judge never
 * sees (buildTemplateVariables, :1196-1210, fills `{{ criteria }}` from the test). skill-eval's AgentV 5 vocabulary
 * reads them as the criterion; in a 4.x file they are left out, with a warning.
 */
export function agentv4UnreadCriteria(type: string, item: Record<string, unknown>): string[] {
  if (type.toLowerCase().replaceAll('_', '-') !== 'llm-grader') return [];
  return ['value', 'criteria'].filter((k) => item[k] !== undefined);
}
