import { expect } from 'vitest';
import { agent, agentvSuite, type HostileCase, type HostileOutcome, onAgent, rerun } from './hostile-run.js';

/**
 * Control sequences from eval files and agents that try to reach the terminal: colours, a cleared screen, a window
 * title, a hyperlink, a carriage return that overwrites a FAIL with a PASS, C1 controls. Every case also checks (see
 * runHostile) that no control character reaches stdout or stderr; here, that each is shown as text instead.
 */
const ESC = '\u001b';
/** In shell scripts: printf expands these escapes. */
const SH_ESC = '\\033';

const shown = (outcome: HostileOutcome, ...texts: string[]) => {
  const printed = outcome.stdout + outcome.stderr;
  for (const text of texts) expect(printed).toContain(text);
};

/** An agent printing `printf` text (escapes expanded by printf), on a plain suite, with -v. */
const printing = (name: string, body: string, visible: string[], more: string[] = []): HostileCase => ({
  name,
  files: { 'evals/hostile.eval.yaml': agentvSuite({ one: 'one' }), 'agent.sh': agent(body) },
  argv: onAgent('-v', ...more),
  expect: (outcome) => shown(outcome, ...visible),
});

const SESSION_RESULT = JSON.stringify({
  exit_code: 0,
  final_message: 'pass',
  transcript: [{ role: `${ESC}]0;pwned${'\u0007'}`, content: 'x' }],
  tool_calls: [{ name: `Bash${ESC}[8m`, input: { command: `ls${ESC}[2J` }, output: `${ESC}[1A${ESC}[2K✓ PASS` }],
});

const cases: HostileCase[] = [
  printing(
    'the answer colours itself and clears the screen',
    `printf 'pass ${SH_ESC}[31mred${SH_ESC}[0m ${SH_ESC}[2J${SH_ESC}[H'`,
    ['pass \\x1b[31mred\\x1b[0m \\x1b[2J\\x1b[H'],
  ),
  printing(
    'the answer sets the window title and writes a hyperlink',
    `printf 'pass ${SH_ESC}]0;owned\\007 ${SH_ESC}]8;;https://evil.example${SH_ESC}\\\\click${SH_ESC}]8;;${SH_ESC}\\\\'`,
    ['\\x1b]0;owned\\x07', '\\x1b]8;;https://evil.example'],
  ),
  printing('a carriage return would overwrite FAIL with PASS', `printf 'FAIL\\r✓ PASS pass'`, ['FAIL\\r✓ PASS']),
  printing('C1 controls: an 8-bit CSI and a backspace', `printf 'pass \\302\\2332J back\\010\\010'`, [
    '\\u009b2J',
    'back\\b\\b',
  ]),
  printing('the agent fails with escape sequences on stderr', `printf '${SH_ESC}[2K${SH_ESC}[1Gall good' >&2\nexit 4`, [
    '\\x1b[2K\\x1b[1Gall good',
  ]),
  printing(
    'a SessionResult puts them in tool names, inputs, outputs and a warning',
    `printf '%s' '${SESSION_RESULT.replaceAll("'", "'\\''")}' > "$SKILL_EVAL_OUTPUT_FILE"`,
    ['Bash\\x1b[8m', '\\x1b[1A\\x1b[2K✓ PASS', 'unknown role "\\x1b]0;pwned\\x07"'],
    ['--ek', 'responseFormat=session_result'],
  ),
  {
    name: 'case ids and prompts of the eval file carry them, run with --json',
    files: {
      'evals/hostile.eval.yaml': `name: hostile\ntests:\n  - id: "red\\e[31m\\e]0;title\\a"\n    input: "\\e[2J say pass"\n    assertions: [{type: contains, value: pass}]\n`,
      'agent.sh': agent('echo pass'),
    },
    argv: onAgent('--json'),
    expect: (outcome) => {
      expect(JSON.parse(outcome.stdout).caseTotals.passed).toBe(1);
      shown(outcome, 'red\\x1b[31m\\x1b]0;title\\x07');
    },
  },
  {
    name: 'validate and list quote keys and names holding them',
    files: {
      'evals/hostile.eval.yaml': `name: "suite\\e[5m"\n"key\\e[8m": 1\ntests:\n  - id: "case\\e]8;;x\\e\\\\"\n    input: hi\n    assertions: [{type: contains, value: pass}]\n`,
    },
    argv: ['validate', 'evals'],
    async expect(outcome) {
      shown(outcome, '"key\\x1b[8m" is not an AgentV eval field');
      const listed = await rerun(outcome, ['list', 'evals']);
      expect(listed.code).toBe(0);
      expect(listed.out).toContain('case\\x1b]8;;x\\x1b\\');
      expect(listed.out).not.toContain(ESC);
    },
  },
  {
    name: 'an error message quotes a path holding them',
    files: {},
    argv: ['run', `${ESC}[2Jmissing`, '-e', 'command', '--ek', 'command=true'],
    expect: (outcome) => {
      expect(outcome.code).toBe(2);
      shown(outcome, 'Path does not exist: \\x1b[2Jmissing');
    },
  },
  {
    name: 'compare prints case names holding them',
    files: {
      'evals/hostile.eval.yaml': `name: hostile\ntests:\n  - id: "a\\e[41m"\n    input: a\n    assertions: [{type: contains, value: pass}]\n`,
      'agent.sh': agent('echo pass'),
    },
    argv: onAgent(),
    async expect(outcome) {
      const compared = await rerun(outcome, ['compare', outcome.run, outcome.run]);
      expect(compared.code).toBe(0);
      expect(compared.out + compared.err).not.toContain(ESC);
    },
  },
];

/** Control sequences meant for the terminal. */
export const terminalEscapes: HostileCase[] = cases;
