import { execFileSync } from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { waitingFifo } from '@skill-eval/testing';
import { expect } from 'vitest';
import {
  agent,
  HAND_KEY,
  type HostileCase,
  type HostileOutcome,
  type HostileProject,
  onAgent,
  rerun,
} from '../results-and-secrets/hostile-run.js';

/** A host file the agent may point links at: its text must never reach the run directory or the terminal. */
export const HOST_TEXT = 'host-file-only-7c1e93';
const HOST_FILES = { 'host/secret.txt': `${HOST_TEXT}\n`, 'host/victim.txt': `${HOST_TEXT} victim\n` };

/** An AgentV suite of one test `one`, passing on `pass`, with more assertions and skill-eval's workspace fields. */
function suite(assertions: string[] = [], artifacts: string[] = []): string {
  const checks = ['{type: contains, value: pass}', ...assertions].join(', ');
  const side = artifacts.length
    ? `    metadata: {skill_eval: {workspace: {artifacts: ${JSON.stringify(artifacts)}}}}\n`
    : '';
  return `name: hostile\ntests:\n  - id: one\n    input: "one"\n    assertions: [${checks}]\n${side}`;
}

/** The host files as they were written, links not followed into them; no file beside them made through a link. */
function hostFilesUnchanged(outcome: HostileProject): void {
  expect(readFileSync(join(outcome.dir, 'host/victim.txt'), 'utf8')).toBe(`${HOST_TEXT} victim\n`);
  expect(readFileSync(join(outcome.dir, 'host/secret.txt'), 'utf8')).toBe(`${HOST_TEXT}\n`);
  expect(readdirSync(join(outcome.dir, 'host')).sort()).toEqual(['secret.txt', 'victim.txt']);
}

/** What holds whatever the agent planted: nothing of the host file in the run directory, the host files unchanged. */
function nothingOfTheHost(outcome: HostileOutcome): void {
  expect(outcome.marked('ran')).toBe(true);
  hostFilesUnchanged(outcome);
  for (const entry of readdirSync(outcome.run, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) {
      expect(entry.isDirectory(), `${entry.name} in the run directory is a link or a FIFO`).toBe(true);
      continue;
    }
    expect(readFileSync(join(entry.parentPath, entry.name), 'utf8')).not.toContain(HOST_TEXT);
  }
  expect(outcome.stdout + outcome.stderr).not.toContain(HOST_TEXT);
}

const warningsOf = (outcome: HostileOutcome) =>
  outcome.results().flatMap((r) => [...(r.session?.warnings ?? []), ...(r.warnings ?? [])]);

/** The agent (`body`, in the workspace) plants something, then answers `pass`; `check` adds what must hold. */
function planting(
  name: string,
  body: string,
  options: { assertions?: string[]; artifacts?: string[]; more?: string[] },
  check: (outcome: HostileOutcome) => void | Promise<void>,
): HostileCase {
  return {
    name,
    files: {
      ...HOST_FILES,
      'evals/hostile.eval.yaml': suite(options.assertions, options.artifacts),
      'agent.sh': agent(`touch "$PROJECT/marks/ran"\nA=$(dirname "$SKILL_EVAL_OUTPUT_FILE")\n${body}\necho pass`),
    },
    argv: onAgent(...(options.more ?? [])),
    async expect(outcome) {
      nothingOfTheHost(outcome);
      await check(outcome);
    },
  };
}

const fileContains = (path: string) => `{type: file-contains, path: ${path}, value: host-file}`;

/** A grader's evidence for the file check (the second check of the only result). */
const evidence = (outcome: HostileOutcome) => {
  const [result] = outcome.results();
  const check = result!.checks.find((c) => c.type === 'file-contains' || c.type === 'file-exists');
  expect(check?.passed).toBe(false);
  return check!.evidence ?? '';
};

const mentions = (outcome: HostileOutcome, pattern: RegExp) =>
  expect(warningsOf(outcome).map((w) => `${w.kind}: ${w.message}`)).toContainEqual(expect.stringMatching(pattern));

export const graderCases: HostileCase[] = [
  planting(
    'turns the graded file into a link to a host file',
    'ln -s "$PROJECT/host/secret.txt" report.md',
    { assertions: [fileContains('report.md')] },
    (o) => expect(evidence(o)).toMatch(/report\.md is a symbolic link, which is never followed/),
  ),
  planting(
    'turns a folder of the graded path into a link to a host folder',
    'ln -s "$PROJECT/host" out',
    { assertions: [fileContains('out/secret.txt')] },
    (o) => expect(evidence(o)).toMatch(/out\/secret\.txt leads outside the folder through a link/),
  ),
  planting(
    'makes the graded file a FIFO no one writes',
    'mkfifo report.md',
    { assertions: [fileContains('report.md')] },
    (o) => expect(evidence(o)).toMatch(/report\.md is a FIFO, not a file/),
  ),
  planting(
    'makes the graded file a sparse 100 MB file',
    'echo host-file > report.md && truncate -s 100M report.md',
    { assertions: [fileContains('report.md')] },
    (o) => expect(evidence(o)).toMatch(/report\.md is 104857600 bytes, more than the \d+ read at most/),
  ),
  planting(
    'asks file-exists about a link to a host file',
    'ln -s "$PROJECT/host/secret.txt" report.md',
    { assertions: ['{type: file-not-exists, value: report.md}'] },
    (o) => {
      const [result] = o.results();
      expect(result!.checks.find((c) => c.type === 'file-not-exists')?.evidence).toBe(
        'exists: report.md (symbolic link)',
      );
    },
  ),
];

export const artifactCases: HostileCase[] = [
  planting(
    'leaves a link to a host file where an artifact pattern matches',
    'ln -s "$PROJECT/host/secret.txt" leak.txt',
    { artifacts: ['*.txt'] },
    (o) => expect(o.results()[0]!.workspace?.collected ?? []).toEqual([]),
  ),
  planting(
    'leaves a linked folder where an artifact pattern matches',
    'ln -s "$PROJECT/host" report',
    { artifacts: ['report/**'] },
    (o) => expect(o.results()[0]!.workspace?.collected ?? []).toEqual([]),
  ),
  planting('leaves a FIFO where an artifact pattern matches', 'mkfifo stuck.txt', { artifacts: ['*.txt'] }, (o) =>
    expect(o.results()[0]!.workspace?.collected ?? []).toEqual([]),
  ),
  planting(
    'leaves a sparse file over the per-file cap where an artifact pattern matches',
    'truncate -s 300M huge.txt',
    { artifacts: ['*.txt'] },
    (o) =>
      mentions(
        o,
        /^artifacts: huge\.txt was not copied: it is 314572800 bytes, over the 268435456-byte limit of one file/,
      ),
  ),
  planting(
    'leaves a sparse 64 MB file an artifact pattern matches, copied sparse',
    'echo head > sparse.txt && truncate -s 64M sparse.txt',
    { artifacts: ['*.txt'] },
    (o) => {
      const [result] = o.results();
      const copy = join(o.run, 'artifacts', result!.executionId, 'collected', 'sparse.txt');
      expect(statSync(copy).size).toBe(64 * 1024 * 1024);
      expect(statSync(copy).blocks * 512).toBeLessThan(4 * 1024 * 1024);
    },
  ),
  planting(
    'swaps a collected file and a link to a host file as fast as it can, in the background',
    'echo plain > a.txt; ln -s "$PROJECT/host/secret.txt" b.txt; (while true; do mv a.txt t.txt; mv b.txt a.txt; mv t.txt b.txt; done) >/dev/null 2>&1 &\necho $! > "$PROJECT/marks/swapper"',
    { artifacts: ['*.txt'] },
    () => undefined,
  ),
];

export const copyBackCases: HostileCase[] = [
  planting(
    'links a host file into the folder of its own output files',
    'ln -s "$PROJECT/host/secret.txt" "$A/linked.log"',
    {},
    (o) => mentions(o, /^artifacts: linked\.log was not copied: it is a symbolic link/),
  ),
  planting(
    'plants <file>.redacting as a link to a host file beside a file holding the key',
    'echo "$ANTHROPIC_API_KEY" > "$A/key.log" && ln -s "$PROJECT/host/victim.txt" "$A/key.log.redacting"',
    { more: HAND_KEY },
    (o) => {
      const [result] = o.results();
      expect(readFileSync(join(o.run, 'artifacts', result!.executionId, 'key.log'), 'utf8')).toBe('[REDACTED]\n');
    },
  ),
  planting('leaves a FIFO among its output files', 'mkfifo "$A/pipe.log"', {}, (o) =>
    mentions(o, /^artifacts: pipe\.log was not copied: it is not a regular file/),
  ),
  planting('links a host folder among its output files', 'ln -s "$PROJECT/host" "$A/hostdir"', {}, (o) =>
    mentions(o, /^artifacts: hostdir was not copied: it is a symbolic link/),
  ),
  planting('leaves a sparse 300 MB file among its output files', 'truncate -s 300M "$A/huge.log"', {}, (o) =>
    mentions(o, /^artifacts: huge\.log was not copied: it is 314572800 bytes, over the 268435456-byte limit/),
  ),
  planting(
    'plants collected/<name> in its output folder, a link to a host file the collection would write',
    'echo mine > notes.txt && mkdir -p "$A/collected" && ln -s "$PROJECT/host/victim.txt" "$A/collected/notes.txt"',
    { artifacts: ['*.txt'] },
    (o) => {
      const [result] = o.results();
      expect(readFileSync(join(o.run, 'artifacts', result!.executionId, 'collected', 'notes.txt'), 'utf8')).toBe(
        'mine\n',
      );
      mentions(o, /^artifacts: collected\/notes\.txt was not copied: it is a symbolic link/);
    },
  ),
  planting(
    'rewrites the prompt and input it was handed, and swaps its transcript for a link to a host file',
    'for f in prompt.txt session-input.json; do echo forged > "$A/$f"; done\n' +
      'rm -f "$A/command-transcript.jsonl" && ln -s "$PROJECT/host/victim.txt" "$A/command-transcript.jsonl"',
    {},
    (o) => {
      const [result] = o.results();
      const kept = join(o.run, 'artifacts', result!.executionId);
      // The run keeps what the harness handed the program and what it saw it answer, not what the program left.
      expect(readFileSync(join(kept, 'prompt.txt'), 'utf8')).toBe('one');
      expect(JSON.parse(readFileSync(join(kept, 'session-input.json'), 'utf8')).case_id).toBe('one');
      const transcript = readFileSync(join(kept, 'command-transcript.jsonl'), 'utf8');
      expect(JSON.parse(transcript).stdout).toBe('pass');
      expect(result!.session?.transcriptPath).toBe(join(kept, 'command-transcript.jsonl'));
      expect(
        warningsOf(o)
          .map((w) => w.message)
          .join('\n'),
      ).not.toMatch(/command-transcript/);
    },
  ),
  planting(
    'links a host file among its output files, with --keep-workspaces',
    'ln -s "$PROJECT/host/victim.txt" "$A/linked.log"',
    { more: ['--keep-workspaces'] },
    (o) => {
      const kept = warningsOf(o).flatMap((w) => /^Workspace kept at (.+)$/.exec(w.message)?.[1] ?? []);
      expect(kept).toHaveLength(1);
      // The kept workspace holds no unredacted copy of the output files: those are in the run directory.
      expect(readdirSync(kept[0]!)).not.toContain('artifacts');
      execFileSync('rm', ['-rf', kept[0]!]);
    },
  ),
];

/** Files of other commands' inputs and outputs, planted before the command: merge, convert and report. */
export const commandCases: HostileCase[] = [
  {
    ...planting('merge: a shard whose results.jsonl is a FIFO', '', {}, () => undefined),
    async expect(outcome) {
      nothingOfTheHost(outcome);
      const shard = join(outcome.dir, 'shard');
      mkdirSync(shard);
      execFileSync('mkfifo', [join(shard, 'results.jsonl')]);
      const merged = await rerun(outcome, ['merge', outcome.run, shard, '-o', 'merged']);
      expect(merged.code).toBe(2);
      expect(merged.err).toMatch(/shard\/results\.jsonl cannot be read: .*not a regular file/);
    },
  },
  {
    ...planting('merge: a shard whose artifacts hold a link to a host file', '', {}, () => undefined),
    async expect(outcome) {
      nothingOfTheHost(outcome);
      const [result] = outcome.results();
      symlinkSync(
        join(outcome.dir, 'host/secret.txt'),
        join(outcome.run, 'artifacts', result!.executionId, 'planted.txt'),
      );
      const merged = await rerun(outcome, ['merge', outcome.run, '-o', 'merged']);
      expect(merged.code, merged.err).toBe(0);
      expect(merged.err).toMatch(/planted\.txt was not copied: it is a symbolic link/);
      expect(readdirSync(join(outcome.dir, 'merged', 'artifacts', result!.executionId))).not.toContain('planted.txt');
    },
  },
  {
    ...planting('merge: a shard whose result names its execution `..`, the shard itself', '', {}, () => undefined),
    async expect(outcome) {
      nothingOfTheHost(outcome);
      const results = join(outcome.run, 'results.jsonl');
      const [line] = readFileSync(results, 'utf8').split('\n');
      writeFileSync(results, `${JSON.stringify({ ...JSON.parse(line!), executionId: '..' })}\n`);
      // The plan agrees, so the line is not refused as foreign to the run.
      const manifest = join(outcome.run, 'run.json');
      writeFileSync(manifest, JSON.stringify({ ...JSON.parse(readFileSync(manifest, 'utf8')), plan: ['..'] }));
      mkdirSync(join(outcome.run, '.github', 'workflows'), { recursive: true });
      writeFileSync(join(outcome.run, '.github', 'workflows', 'planted.yml'), 'on: push\n');
      const merged = await rerun(outcome, ['merge', outcome.run, '-o', 'merged']);
      expect(merged.err).toContain('execution id ".." is not a folder name; it was left out');
      expect(existsSync(join(outcome.dir, 'merged', '.github'))).toBe(false);
    },
  },
  {
    ...planting('convert -o into a folder whose sub-folder is a link to a host folder', '', {}, () => undefined),
    async expect(outcome) {
      nothingOfTheHost(outcome);
      mkdirSync(join(outcome.dir, 'converted'));
      symlinkSync(join(outcome.dir, 'host'), join(outcome.dir, 'converted', 'evals'));
      const converted = await rerun(outcome, [
        'convert',
        'evals/hostile.eval.yaml',
        '--to',
        'evals-json',
        '-o',
        'converted',
        '--force',
      ]);
      expect(converted.code).not.toBe(0);
      expect(readdirSync(join(outcome.dir, 'host')).sort()).toEqual(['secret.txt', 'victim.txt']);
    },
  },
  {
    ...planting(
      'report --junit --pr-comment on a run whose files and their temporary names are links to a host file',
      '',
      {},
      () => undefined,
    ),
    async expect(outcome) {
      nothingOfTheHost(outcome);
      // The temporary names skill-eval used to write beside its files, for this process (the CLI runs in it here).
      for (const name of ['junit.xml', 'pr-comment.md'])
        symlinkSync(join(outcome.dir, 'host/victim.txt'), join(outcome.run, `${name}.${process.pid}.tmp`));
      rmSync(join(outcome.run, 'junit.xml'), { force: true });
      symlinkSync(join(outcome.dir, 'host/victim.txt'), join(outcome.run, 'junit.xml'));
      const report = await rerun(outcome, ['report', outcome.run, '--junit', '--pr-comment']);
      expect(report.code, report.err).toBe(0);
      hostFilesUnchanged(outcome);
      for (const name of ['junit.xml', 'pr-comment.md']) expect(lstatSync(join(outcome.run, name)).isFile()).toBe(true);
    },
  },
  {
    ...planting('run --resume of a run whose temporary names are links to a host file', '', {}, () => undefined),
    async expect(outcome) {
      nothingOfTheHost(outcome);
      for (const name of ['results.jsonl', 'summary.json', 'cases.json', 'run.json'])
        symlinkSync(join(outcome.dir, 'host/victim.txt'), join(outcome.run, `${name}.${process.pid}.tmp`));
      // A line cut off by a kill: the resume writes results.jsonl again without it.
      appendFileSync(join(outcome.run, 'results.jsonl'), '{"executionId":"cut');
      const resumed = await rerun(outcome, ['run', '--resume', outcome.run, '--trust']);
      expect(resumed.code, resumed.err).toBe(0);
      hostFilesUnchanged(outcome);
      expect(readFileSync(join(outcome.run, 'results.jsonl'), 'utf8')).not.toContain('"cut');
    },
  },
  {
    ...planting('run --resume of a run whose run.lock is a link to /dev/zero', '', {}, () => undefined),
    async expect(outcome) {
      nothingOfTheHost(outcome);
      symlinkSync('/dev/zero', join(outcome.run, 'run.lock'));
      const started = Date.now();
      const resumed = await rerun(outcome, ['run', '--resume', outcome.run, '--trust']);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(resumed.code).toBe(2);
      expect(resumed.err).toMatch(/is being run now/);
      expect(resumed.err).toMatch(/run\.lock/);
    },
  },
  {
    ...planting('run --resume of a run whose run.json is a FIFO', '', {}, () => undefined),
    async expect(outcome) {
      nothingOfTheHost(outcome);
      rmSync(join(outcome.run, 'run.json'));
      waitingFifo(join(outcome.run, 'run.json'), 15);
      const started = Date.now();
      const resumed = await rerun(outcome, ['run', '--resume', outcome.run, '--trust']);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(resumed.code).toBe(2);
      expect(resumed.err).toMatch(/run\.json cannot be read: .*not a regular file/);
    },
  },
  {
    ...planting('report on a run whose summary.json is a FIFO', '', {}, () => undefined),
    async expect(outcome) {
      nothingOfTheHost(outcome);
      execFileSync('rm', [join(outcome.run, 'summary.json')]);
      execFileSync('mkfifo', [join(outcome.run, 'summary.json')]);
      const report = await rerun(outcome, ['report', outcome.run]);
      expect(report.code).toBe(2);
      expect(report.err).toMatch(/summary\.json: it is not a regular file \(a FIFO, a device or a socket\)/);
    },
  },
];
