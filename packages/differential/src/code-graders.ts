import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The grader of the code-grader pairs whose answer is fixed, `sh answer.sh <mode> [arg]`: a shell starts in a
 * millisecond where node takes tens, and most pairs need no more. It reads its stdin first, as every grader here
 * does: AgentV writes the payload to a grader that may have exited already, and its unhandled EPIPE would fail the
 * suite.
 */
const ANSWER_SH = `#!/bin/sh
cat >/dev/null
case "$1" in
  score) echo "{\\"score\\": $2, \\"reasoning\\": \\"as told\\"}" ;;
  no-score) echo '{"reasoning": "forgot the score"}' ;;
  assertions) echo '{"assertions": [{"text": "a", "passed": true}, {"text": "b", "passed": false}, {"text": "c", "passed": true}]}' ;;
  plain) echo 'looks fine' ;;
  silent-fail) exit 1 ;;
  list) echo '[1, 2]' ;;
  marker) case "$(cat marker.txt 2>/dev/null)" in
      'the eval folder') echo '{"score": 1}' ;;
      'a folder of graders') echo '{"score": 0.9}' ;;
      *) echo '{"score": 0}' ;;
    esac ;;
  crash) echo 'Error: the grader has a bug' >&2; exit 1 ;;
  *) exit 2 ;;
esac
`;

/** The fields of the test whose payload the `payload` grader checks. */
export const PAYLOAD_TEST = { criteria: 'Be kind', expected_output: 'Hello World', metadata: { topic: 'rain' } };

/**
 * The grader of the pairs that read AgentV's payload, `node grade.js <mode> [arg]`: a score from the payload, so that
 * a field either tool sends differently changes the verdict. `payload` checks every field of {@link PAYLOAD_TEST}'s
 * payload in one run (node starts in tens of milliseconds), naming the fields that differ.
 */
const GRADE_JS = `
const fs = require('node:fs');
const p = JSON.parse(fs.readFileSync(0, 'utf8'));
const [mode, arg] = process.argv.slice(2);
const test = ${JSON.stringify(PAYLOAD_TEST)};
const PAYLOAD_KEYS = 'criteria expected_output output messages input_files input metadata trace trace_summary token_usage cost_usd duration_ms start_time end_time file_changes workspace_path config';
switch (mode) {
  case 'output-has': console.log(JSON.stringify({ score: p.output.includes(arg) ? 1 : 0 })); break;
  case 'config': console.log(JSON.stringify({ score: p.config?.[arg] ?? 0 })); break;
  case 'payload': {
    const held = {
      input: Array.isArray(p.input) && p.input.length === 1 && p.input[0].role === 'user' && p.input[0].content === 'answer',
      expected_output: Array.isArray(p.expected_output) && p.expected_output[0]?.role === 'assistant' && p.expected_output[0]?.content === test.expected_output,
      criteria: p.criteria === test.criteria,
      metadata: p.metadata?.topic === test.metadata.topic,
      keys: Object.keys(p).join(' ') === PAYLOAD_KEYS,
      workspace_path: p.workspace_path === process.env.AGENTV_WORKSPACE_PATH,
    };
    const differ = Object.keys(held).filter((field) => !held[field]);
    console.log(JSON.stringify({ score: differ.length ? 0 : 1, reasoning: 'differ: ' + differ.join(' ') }));
    break;
  }
  default: process.exit(2);
}
`;

/**
 * Writes the graders into an eval file's folder (answer.sh, also run as `./answer.sh`, the way AgentV's README runs
 * a grader; grade.js) and the markers by which `answer.sh marker` tells the folder it runs from; returns the run's
 * workspace, a folder of its own, so that a grader run from there scores otherwise.
 */
export function writeGraders(folder: string): string {
  writeFileSync(path.join(folder, 'answer.sh'), ANSWER_SH);
  chmodSync(path.join(folder, 'answer.sh'), 0o755);
  writeFileSync(path.join(folder, 'grade.js'), GRADE_JS);
  writeFileSync(path.join(folder, 'marker.txt'), 'the eval folder');
  mkdirSync(path.join(folder, 'graders'), { recursive: true });
  writeFileSync(path.join(folder, 'graders', 'marker.txt'), 'a folder of graders');
  const workspace = path.join(folder, 'workspace');
  mkdirSync(workspace, { recursive: true });
  writeFileSync(path.join(workspace, 'marker.txt'), 'the workspace');
  return workspace;
}

/** Whether a pair's assertions start a grader process. */
export const startsGrader = (pair: { assertions: unknown }): boolean =>
  JSON.stringify(pair.assertions).includes('"code-grader"');

/**
 * Grades every item: those that start a grader process side by side, since each mostly waits on its process, and
 * the rest one after another beside them.
 */
export async function gradeEach<T>(
  items: readonly T[],
  startsProcess: (item: T) => boolean,
  grade: (item: T) => Promise<void>,
): Promise<void> {
  const inSequence = async (rest: readonly T[]) => {
    for (const item of rest) await grade(item);
  };
  await Promise.all([
    Promise.all(items.filter(startsProcess).map(grade)),
    inSequence(items.filter((item) => !startsProcess(item))),
  ]);
}
