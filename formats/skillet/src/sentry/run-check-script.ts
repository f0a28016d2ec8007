/**
 * getsentry/skillet's workspace check (`run:` with at most one assertion that counts), as the shell command of a
 * skill-eval `script` check: it passes, by exiting 0, exactly when skillet's `runWorkspaceCheck` passes
 * (src/eval/checks.ts:57-171 at 443bf3dd83af699d4aca02317733710af391b7a4).
 */

/** The assertion of a `run:` check that decides it, in the order skillet tries them (checks.ts:83-168). */
export type RunAssertion =
  | { kind: 'exits'; value: number }
  | { kind: 'matches'; value: string }
  | { kind: 'contains'; value: string }
  | { kind: 'not_contains'; value: string }
  | { kind: 'equals'; value: string }
  | { kind: 'not_equals'; value: string };

/** `text` as one single-quoted shell word: the shell passes it on unchanged. */
export const shellQuoted = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`;

/**
 * skillet runs the command with `execSync(run, {cwd: workDir, timeout: 10_000})`, i.e. `/bin/sh -c run` in the
 * workspace (checks.ts:62-67); the script check runs in the workspace too, so the same shell runs it there.
 */
const runCommand = (run: string) => `/bin/sh -c ${shellQuoted(run)}`;

/**
 * skillet's `buildRegex` (checks.ts:26-46): flags `m`, plus `i` and `s` from a leading Python-style `(?ims)`, which
 * is cut from the pattern; any other syntax is JavaScript's.
 */
export function skilletRegex(pattern: string): { source: string; flags: string } {
  let flags = 'm';
  let source = pattern;
  const inline = /^\(\?([ims]+)\)/.exec(source);
  if (inline?.[1] !== undefined) {
    for (const ch of inline[1]) if ((ch === 'i' || ch === 's') && !flags.includes(ch)) flags += ch;
    source = source.slice(inline[0].length);
  }
  return { source, flags };
}

/** `stdout.trimEnd()` (checks.ts:79): `$(…)` has cut the final line feeds; this cuts the other trailing spaces. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: a shell parameter expansion, not a template.
const TRIM_END = 'while :; do case $out in *[[:space:]]) out=${out%?} ;; *) break ;; esac; done';

/** Runs the command, keeps its stdout, and fails — as skillet does without `exits` — on a non-zero exit (checks.ts:92-102). */
const CAPTURE = (run: string) =>
  [
    `out=$(${runCommand(run)}); code=$?`,
    `printf '%s\\n' "$out"`,
    'if [ "$code" -ne 0 ]; then echo "command failed with exit code $code" >&2; exit 1; fi',
    TRIM_END,
  ].join('\n');

/** Node evaluates the pattern, so that it is JavaScript's `RegExp#test`, as skillet's (checks.ts:105-107). */
const REGEX_TEST =
  'const s=require("fs").readFileSync(0,"utf8");process.exit(new RegExp(process.argv[1],process.argv[2]).test(s)?0:1)';

/** The script's body for one assertion; `run` alone passes on exit 0 (checks.ts:92-102, 170). */
export function runCheckScript(run: string, assertion?: RunAssertion): string {
  if (!assertion) return runCommand(run);
  switch (assertion.kind) {
    case 'exits':
      // Only the exit code counts (checks.ts:83-90); no code is a fraction or out of 0..255, so those never pass.
      return Number.isInteger(assertion.value) && assertion.value >= 0 && assertion.value <= 255
        ? `${runCommand(run)}\ntest "$?" -eq ${assertion.value}`
        : `${runCommand(run)}\nexit 1`;
    case 'matches': {
      const { source, flags } = skilletRegex(assertion.value);
      return `${CAPTURE(run)}\nprintf '%s' "$out" | node -e ${shellQuoted(REGEX_TEST)} ${shellQuoted(source)} ${flags}`;
    }
    case 'contains':
      return `${CAPTURE(run)}\ncase $out in *${shellQuoted(assertion.value)}*) exit 0 ;; esac\nexit 1`;
    case 'not_contains':
      return `${CAPTURE(run)}\ncase $out in *${shellQuoted(assertion.value)}*) exit 1 ;; esac\nexit 0`;
    // skillet compares with the expected text trimmed at both ends (checks.ts:146, 159).
    case 'equals':
      return `${CAPTURE(run)}\ncase $out in ${shellQuoted(assertion.value.trim())}) exit 0 ;; esac\nexit 1`;
    case 'not_equals':
      return `${CAPTURE(run)}\ncase $out in ${shellQuoted(assertion.value.trim())}) exit 1 ;; esac\nexit 0`;
  }
}
