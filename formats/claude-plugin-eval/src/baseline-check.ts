import type { Check } from '@skill-eval/core';
import { observedStat } from '@skill-eval/core';
import { resolveFixture } from '@skill-eval/format-kit';
import type { CaseDiagnostics, Where } from './diagnostics.js';
import type { Located } from './located.js';
import { caseBoundary, readCaseText } from './side-text.js';

/** Binary `var Zi=10485760`: the most a baseline file may hold. */
const BASELINE_CAP = 10_485_760;
/** Binary `function Qi(e)`: a trajectory of more than 24 messages shows its first and last 12. */
const SHOWN = 12;

/**
 * Claude Code's `baseline` grader (binary `async function Wm(e,r)`): its judge is asked whether the NEW trajectory
 * satisfies the criterion at least as well as the BASELINE one, recorded in `baseline_file` (JSON lines, one message
 * each, a file inside the case directory: `async function Ao`), and passes on a majority of PASS. In skill-eval the
 * judge is asked the same of the run it grades, with the baseline written into the criterion as Claude Code shows it.
 */
export function baselineCheck(
  fields: Record<string, Located>,
  caseDir: string,
  criteria: string,
  at: Where,
  diagnostics: CaseDiagnostics,
): Check | null {
  const file = fields.baseline_file!;
  const path = String(file.value);
  const found = resolveFixture(path, [caseDir]);
  if (found.kind !== 'ok' || !observedStat(found.fixture.from).isFile()) {
    const why =
      found.kind === 'escape' ? found.reason.replace('the skill root', 'the case directory') : 'it does not exist';
    diagnostics.error(
      found.kind === 'escape' ? 'path-escapes-case' : 'missing-field',
      `baseline_file "${path}": ${why}; Claude Code reads it from the case directory and fails the grader otherwise.`,
      file.at,
    );
    return null;
  }
  if (observedStat(found.fixture.from).size > BASELINE_CAP) {
    diagnostics.error('grader-not-gradable', `baseline_file "${path}" is over ${BASELINE_CAP} bytes.`, file.at);
    return null;
  }
  const text = readCaseText(found.fixture.from, caseBoundary(caseDir), diagnostics, file.at, {
    ref: path,
    maxBytes: BASELINE_CAP,
  });
  if (text === undefined) return null;
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const messages: unknown[] = [];
  for (const [i, line] of lines.entries()) {
    try {
      messages.push(JSON.parse(line));
    } catch {
      diagnostics.error(
        'grader-not-gradable',
        `baseline_file "${path}": line ${i + 1} is not JSON; Claude Code fails this grader on every run ("failed to read baseline").`,
        file.at,
      );
      return null;
    }
  }
  diagnostics.info(
    'judge-sees-more',
    "Claude Code's judge compares its own JSON traces of the two runs, three times; skill-eval's judge compares the run's transcript with the baseline, once.",
    at,
  );
  return {
    type: 'llm-rubric',
    value: [
      'Compare this run (the NEW trajectory) with the BASELINE trajectory below.',
      `Criterion:\n${criteria}`,
      `\nBASELINE trajectory:\n${trajectoryText(messages)}`,
      '\nDoes the NEW trajectory satisfy the criterion at least as well as the BASELINE?',
    ].join('\n'),
    verdict: 'pass-fail',
  };
}

/** Binary `function Qi(e)`: one JSON line per message, the middle elided past 24. */
function trajectoryText(messages: readonly unknown[]): string {
  const text = (message: unknown) => JSON.stringify(message);
  if (messages.length <= 2 * SHOWN) return messages.map(text).join('\n');
  return [
    ...messages.slice(0, SHOWN).map(text),
    `[\u2026${messages.length - 2 * SHOWN} messages elided\u2026]`,
    ...messages.slice(-SHOWN).map(text),
  ].join('\n');
}
