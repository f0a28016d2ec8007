import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Session } from '@skill-eval/core';
import { type FakeModelServer, type FakeResponse, startFakeModelServer } from '@skill-eval/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { resultsByCase } from '../test-support/run-output.js';
import { writeFiles } from '../test-support/write-files.js';

// A BMAD eval's workspace is filled in BMAD's order (eval-format.md, "Inside the workspace"): the project root copied
// from the host (less .git, node_modules, run folders and what the config excludes), the base setup/ overlay, the
// eval's own setup/ overlay, the skill under test — which nothing replaces — then the `files` fixtures. The agent
// (the anthropic engine against the fake model server) reads what it finds, and a check asserts a fixture unchanged.

const SKILL = '---\nname: brief\ndescription: Writes product briefs.\n---\nTHE SKILL UNDER TEST\n';
const evals = {
  skill_name: 'brief',
  evals: ['A1', 'A2'].map((id) => ({
    id,
    prompt: `Run headless. Look around (${id}).`,
    files: ['evals/brief/files/memo.md', '.claude/skills/brief/SKILL.md'],
    expectations: [{ type: 'fixture_unchanged', value: 'evals/brief/files/memo.md' }],
  })),
};
const files: Record<string, string> = {
  'proj/.git/HEAD': 'ref: refs/heads/main\n',
  'proj/.git/objects/.keep': '',
  'proj/.git/refs/heads/.keep': '',
  'proj/node_modules/dep/index.js': 'module.exports = 1;\n',
  'proj/_bmad/bmm/config.yaml': 'communication_language: English\n',
  'proj/docs/guide.md': 'PROJECT GUIDE\n',
  'proj/big/blob.txt': 'excluded by the config\n',
  'proj/old-run/run.json': JSON.stringify({ format: 'skill-eval-run-v1', createdAt: 'x', invocation: {}, plan: [] }),
  'proj/old-run/results.jsonl': '',
  // A stale copy of the skill in the project, and one in the base overlay: the skill under test replaces both.
  'proj/.claude/skills/brief/SKILL.md': 'STALE PROJECT COPY\n',
  'proj/src/skills/brief/SKILL.md': SKILL,
  'proj/evals/brief/evals.json': JSON.stringify(evals, null, 2),
  'proj/evals/brief/setup/_bmad/bmm/config.user.yaml': 'from: base overlay\n',
  'proj/evals/brief/setup/.claude/skills/brief/SKILL.md': 'OVERLAY COPY\n',
  'proj/evals/brief/setup/.claude/skills/helper/SKILL.md':
    '---\nname: helper\ndescription: A dependency.\n---\nHELPER\n',
  'proj/evals/brief/A1/setup/_bmad/bmm/config.user.yaml': 'from: A1 overlay\n',
  'proj/evals/brief/files/memo.md': 'MEMO v1\n',
  'skill-eval.config.json': JSON.stringify({ formatSettings: { 'evals-json': { projectExclude: ['big'] } } }),
};

const read = (file_path: string): FakeResponse => ({ toolCalls: [{ name: 'Read', input: { file_path } }] });
const READS = [
  'docs/guide.md',
  '_bmad/bmm/config.yaml',
  '_bmad/bmm/config.user.yaml',
  '.claude/skills/brief/SKILL.md',
  '.claude/skills/helper/SKILL.md',
  'evals/brief/files/memo.md',
  '.git/HEAD',
  'node_modules/dep/index.js',
  'old-run/run.json',
  'big/blob.txt',
];

describe('a BMAD eval runs in a workspace filled in BMAD order', () => {
  let server: FakeModelServer;
  let dir: string;

  beforeAll(async () => {
    const conversation = (id: string, last: FakeResponse[]) => ({
      id,
      match: { user: `(${id})` },
      cycle: [[...READS.map(read), ...last, { text: 'done' }]],
    });
    server = await startFakeModelServer({
      conversations: [
        // A1 rewrites its fixture; A2 leaves it as it was.
        conversation('A1', [
          { toolCalls: [{ name: 'Write', input: { file_path: 'evals/brief/files/memo.md', content: 'MEMO v2\n' } }] },
        ]),
        conversation('A2', []),
      ],
    });
    dir = mkdtempSync(join(tmpdir(), 'skill-eval-bmad-ws-'));
    writeFiles(dir, files);
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** What each Read returned to the agent, by path. */
  const readsOf = (out: string, transcriptFile: string): Record<string, string> => {
    const session = JSON.parse(readFileSync(join(dir, out, transcriptFile), 'utf8')) as Session;
    return Object.fromEntries(
      session.toolCalls
        .filter((c) => c.name === 'Read')
        .map((c) => [(c.input as { file_path: string }).file_path, `${c.isError ? 'ERROR ' : ''}${c.output ?? ''}`]),
    );
  };

  it.each([
    ['the fastest staging this machine allows', {}],
    ['a plain copy', { SKILL_EVAL_STAGING: 'copy' }],
  ])(
    'with %s',
    async (_, staging) => {
      const out = `out-${Object.keys(staging).length}`;
      const io = captureIO(dir, {
        PATH: process.env.PATH,
        ANTHROPIC_BASE_URL: server.url,
        ANTHROPIC_API_KEY: 'test-key-anthropic',
        ...staging,
      });
      const code = await main(
        ['run', 'proj/src/skills/brief', '--engine', 'anthropic', '--out', out, '--no-cache'],
        io,
      );
      const results = resultsByCase(join(dir, out));
      const a1 = results.get('A1')!;
      const a2 = results.get('A2')!;
      expect(io.err()).not.toContain('error');

      for (const result of [a1, a2]) {
        const reads = readsOf(out, result.transcriptFile!);
        // 1. The project root, copied: its files and its BMAD configuration are there…
        expect(reads['docs/guide.md']).toContain('PROJECT GUIDE');
        expect(reads['_bmad/bmm/config.yaml']).toContain('communication_language: English');
        // …but not its repository, its dependencies, an earlier run's folder, nor what the config excludes.
        for (const left of ['.git/HEAD', 'node_modules/dep/index.js', 'old-run/run.json', 'big/blob.txt'])
          expect(reads[left], left).toMatch(/^ERROR /);
        // 4. The skill under test, over the project's stale copy and the overlay's; the overlay's dependency skill stays.
        expect(reads['.claude/skills/brief/SKILL.md']).toContain('THE SKILL UNDER TEST');
        expect(reads['.claude/skills/helper/SKILL.md']).toContain('HELPER');
        // 5. The fixtures, at their declared paths — but not over the skill, which is said.
        expect(reads['evals/brief/files/memo.md']).toContain('MEMO v1');
        expect(result.session?.warnings).toContainEqual({
          kind: 'workspace',
          message: expect.stringContaining(
            'Fixture .claude/skills/brief/SKILL.md was not laid: it would replace part of the skill under test',
          ),
        });
        if (!('SKILL_EVAL_STAGING' in staging))
          expect(['overlay', 'reflink', 'copy']).toContain(result.workspace?.staging);
        else expect(result.workspace?.staging).toBe('copy');
      }
      // 2 and 3. The base overlay, then the eval's own over it.
      expect(readsOf(out, a1.transcriptFile!)['_bmad/bmm/config.user.yaml']).toContain('from: A1 overlay');
      expect(readsOf(out, a2.transcriptFile!)['_bmad/bmm/config.user.yaml']).toContain('from: base overlay');

      // The check that the fixture was not modified fails where the agent rewrote it, and passes where it did not.
      expect(a1.status).toBe('failed');
      expect(a1.checks[0]!.evidence).toContain(
        'modified: evals/brief/files/memo.md (line 1: expected "MEMO v1", got "MEMO v2")',
      );
      expect(a2.status).toBe('passed');
      expect(a2.checks[0]!.evidence).toBe('unchanged: evals/brief/files/memo.md');
      expect(code).toBe(1);
      // The host's project was never written to.
      expect(readFileSync(join(dir, 'proj/evals/brief/files/memo.md'), 'utf8')).toBe('MEMO v1\n');
      expect(readFileSync(join(dir, 'proj/.claude/skills/brief/SKILL.md'), 'utf8')).toBe('STALE PROJECT COPY\n');
    },
    60_000,
  );
});
