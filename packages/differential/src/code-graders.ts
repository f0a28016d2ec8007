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
  marker) if [ -f marker.txt ]; then echo '{"score": 1}'; else echo '{"score": 0}'; fi ;;
  crash) echo 'Error: the grader has a bug' >&2; exit 1 ;;
  *) exit 2 ;;
esac
`;

/**
 * The grader of the pairs that read AgentV's payload, `node grade.js <mode> [arg]`: a score from one field of the
 * payload, so that a field either tool sends differently changes the verdict.
 */
const GRADE_JS = `
const fs = require('node:fs');
const p = JSON.parse(fs.readFileSync(0, 'utf8'));
const [mode, arg] = process.argv.slice(2);
const score = (ok) => console.log(JSON.stringify({ score: ok ? 1 : 0 }));
const PAYLOAD_KEYS = 'criteria expected_output output messages input_files input metadata trace trace_summary token_usage cost_usd duration_ms start_time end_time file_changes workspace_path config';
switch (mode) {
  case 'output-has': score(p.output.includes(arg)); break;
  case 'input': score(Array.isArray(p.input) && p.input.length === 1 && p.input[0].role === 'user' && p.input[0].content === 'answer'); break;
  case 'expected': score(Array.isArray(p.expected_output) && p.expected_output[0]?.role === 'assistant' && p.expected_output[0]?.content === arg); break;
  case 'criteria': score(p.criteria === arg); break;
  case 'config': console.log(JSON.stringify({ score: p.config?.[arg] ?? 0 })); break;
  case 'metadata': score(p.metadata?.topic === arg); break;
  case 'keys': score(Object.keys(p).join(' ') === PAYLOAD_KEYS); break;
  case 'workspace': score(p.workspace_path === process.env.AGENTV_WORKSPACE_PATH); break;
  default: process.exit(2);
}
`;

/**
 * Writes the graders into an eval file's folder: answer.sh, grade.js, grade.sh (relative, as AgentV's README runs it),
 * markers.
 */
export function writeGraders(folder: string): void {
  writeFileSync(path.join(folder, 'answer.sh'), ANSWER_SH);
  chmodSync(path.join(folder, 'answer.sh'), 0o755);
  writeFileSync(path.join(folder, 'grade.js'), GRADE_JS);
  writeFileSync(path.join(folder, 'grade.sh'), '#!/bin/sh\nexec node "$(dirname "$0")/grade.js" "$@"\n');
  chmodSync(path.join(folder, 'grade.sh'), 0o755);
  writeFileSync(path.join(folder, 'marker.txt'), 'the eval folder');
  mkdirSync(path.join(folder, 'graders'), { recursive: true });
  writeFileSync(path.join(folder, 'graders', 'marker.txt'), 'a folder of graders');
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
