import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The grader every code-grader pair runs, `node grade.js <mode> [arg]`: it reads AgentV's payload on stdin and
 * answers by its mode — a fixed answer, or a score from one field of the payload, so that a field either tool
 * sends differently changes the verdict.
 */
const GRADE_JS = `
const fs = require('node:fs');
const p = JSON.parse(fs.readFileSync(0, 'utf8'));
const [mode, arg] = process.argv.slice(2);
const score = (ok) => console.log(JSON.stringify({ score: ok ? 1 : 0 }));
const PAYLOAD_KEYS = 'criteria expected_output output messages input_files input metadata trace trace_summary token_usage cost_usd duration_ms start_time end_time file_changes workspace_path config';
switch (mode) {
  case 'score': console.log(JSON.stringify({ score: Number(arg), reasoning: 'as told' })); break;
  case 'no-score': console.log(JSON.stringify({ reasoning: 'forgot the score' })); break;
  case 'assertions': console.log(JSON.stringify({ assertions: [{ text: 'a', passed: true }, { text: 'b', passed: false }, { text: 'c', passed: true }] })); break;
  case 'plain': console.log('looks fine'); break;
  case 'silent-fail': process.exit(1); break;
  case 'list': console.log('[1, 2]'); break;
  case 'output-has': score(p.output.includes(arg)); break;
  case 'input': score(Array.isArray(p.input) && p.input.length === 1 && p.input[0].role === 'user' && p.input[0].content === 'answer'); break;
  case 'expected': score(Array.isArray(p.expected_output) && p.expected_output[0]?.role === 'assistant' && p.expected_output[0]?.content === arg); break;
  case 'criteria': score(p.criteria === arg); break;
  case 'config': console.log(JSON.stringify({ score: p.config?.[arg] ?? 0 })); break;
  case 'metadata': score(p.metadata?.topic === arg); break;
  case 'keys': score(Object.keys(p).join(' ') === PAYLOAD_KEYS); break;
  case 'marker': score(fs.existsSync('marker.txt')); break;
  case 'workspace': score(p.workspace_path === process.env.AGENTV_WORKSPACE_PATH); break;
  case 'crash': throw new Error('the grader has a bug');
  default: process.exit(2);
}
`;

/** Writes the graders into an eval file's folder: grade.js, grade.sh (relative, as AgentV's README runs it), markers. */
export function writeGraders(folder: string): void {
  writeFileSync(path.join(folder, 'grade.js'), GRADE_JS);
  writeFileSync(path.join(folder, 'grade.sh'), '#!/bin/sh\nexec node "$(dirname "$0")/grade.js" "$@"\n');
  chmodSync(path.join(folder, 'grade.sh'), 0o755);
  writeFileSync(path.join(folder, 'marker.txt'), 'the eval folder');
  mkdirSync(path.join(folder, 'graders'), { recursive: true });
  writeFileSync(path.join(folder, 'graders', 'marker.txt'), 'a folder of graders');
}
