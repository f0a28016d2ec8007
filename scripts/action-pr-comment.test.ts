// The action's comment poster (action/post-pr-comment.mjs) against a fake GitHub REST API on 127.0.0.1: one comment
// per pull request and job, found again across pages and updated; forks' read-only tokens are a notice, not a failure.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { commentBody, postPrComment } from '../action/post-pr-comment.mjs';

const MARKER = '<!-- skill-eval:pr-comment -->';

interface Comment {
  id: number;
  body: string;
  user?: { login: string; type: 'Bot' | 'User' };
}

/** Who the workflow's own token comments as. */
const ACTIONS_BOT = { login: 'github-actions[bot]', type: 'Bot' } as const;

describe('the action’s pull-request comment (fake GitHub API)', () => {
  let server: Server;
  let api: string;
  let dir: string;
  let comments: Comment[];
  let refuseWrites: number | undefined;
  /** The user a personal token given to the action belongs to (GET /user); the workflow's own token has none. */
  let tokenUser: string | undefined;
  const seen: { method: string; url: string; auth: string | undefined }[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      seen.push({ method: request.method!, url: request.url!, auth: request.headers.authorization });
      let text = '';
      request.on('data', (chunk) => (text += chunk));
      request.on('end', () => {
        const url = new URL(request.url!, 'http://x');
        const reply = (status: number, value: unknown) => {
          response.writeHead(status, { 'content-type': 'application/json' });
          response.end(JSON.stringify(value));
        };
        if (request.method === 'GET' && url.pathname === '/user') {
          return tokenUser ? reply(200, { login: tokenUser }) : reply(403, { message: 'Resource not accessible' });
        }
        if (request.method === 'GET' && url.pathname === '/repos/owner/skills/issues/7/comments') {
          const page = Number(url.searchParams.get('page'));
          const size = Number(url.searchParams.get('per_page'));
          return reply(200, comments.slice((page - 1) * size, page * size));
        }
        if (refuseWrites) return reply(refuseWrites, { message: 'Resource not accessible by integration' });
        if (request.method === 'POST' && url.pathname === '/repos/owner/skills/issues/7/comments') {
          const comment = { id: 1000 + comments.length, body: JSON.parse(text).body, user: ACTIONS_BOT };
          comments.push(comment);
          return reply(201, comment);
        }
        const patched = /^\/repos\/owner\/skills\/issues\/comments\/(\d+)$/.exec(url.pathname);
        if (request.method === 'PATCH' && patched) {
          const comment = comments.find((c) => c.id === Number(patched[1]));
          if (!comment) return reply(404, {});
          comment.body = JSON.parse(text).body;
          return reply(200, comment);
        }
        reply(404, { message: 'Not Found' });
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    api = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));
  beforeEach(() => {
    comments = [];
    refuseWrites = undefined;
    tokenUser = undefined;
    seen.length = 0;
    dir = mkdtempSync(join(tmpdir(), 'skill-eval-action-'));
    return () => rmSync(dir, { recursive: true, force: true });
  });

  const post = (markdown: string, jobId = 'evals/eval', event: unknown = { pull_request: { number: 7 } }) => {
    writeFileSync(join(dir, 'event.json'), JSON.stringify(event));
    const env = {
      GITHUB_TOKEN: 'ghs_test',
      GITHUB_REPOSITORY: 'owner/skills',
      GITHUB_EVENT_PATH: join(dir, 'event.json'),
      GITHUB_API_URL: api,
    };
    return postPrComment({ markdown, jobId, env });
  };

  it('posts one comment, then updates that one on the next push instead of adding another', async () => {
    expect(await post(`${MARKER}\n## first`)).toMatchObject({ outcome: 'created' });
    expect(await post(`${MARKER}\n## second`)).toMatchObject({ outcome: 'updated' });
    expect(comments).toHaveLength(1);
    expect(comments[0]!.body).toBe(`${MARKER}\n<!-- skill-eval:job evals/eval -->\n## second`);
    expect(seen.every((request) => request.auth === 'Bearer ghs_test')).toBe(true);
  });

  it('finds its comment past the first page, and leaves other jobs’ and people’s comments alone', async () => {
    comments = Array.from({ length: 150 }, (_, i) => ({ id: i + 1, body: `comment ${i}` }));
    comments.push({ id: 500, body: `${MARKER}\n<!-- skill-eval:job other/job -->\n## theirs`, user: ACTIONS_BOT });
    comments.push({ id: 501, body: `${MARKER}\n<!-- skill-eval:job evals/eval -->\n## old`, user: ACTIONS_BOT });
    expect(await post(`${MARKER}\n## new`)).toMatchObject({ outcome: 'updated' });
    expect(comments.find((c) => c.id === 501)!.body).toContain('## new');
    expect(comments.find((c) => c.id === 500)!.body).toContain('## theirs');
    expect(
      seen
        .filter((r) => r.method === 'GET' && r.url.includes('/comments'))
        .map((r) => new URL(r.url, 'http://x').searchParams.get('page')),
    ).toEqual(['1', '2']);
  });

  it('never takes a comment someone else wrote with its marker for its own', async () => {
    const forged = `${MARKER}\n<!-- skill-eval:job evals/eval -->\n## skill-eval: all passed`;
    comments.push({ id: 600, body: forged, user: { login: 'mallory', type: 'User' } });
    expect(await post(`${MARKER}\n## skill-eval: 1 failed`)).toMatchObject({ outcome: 'created' });
    expect(comments.find((c) => c.id === 600)!.body).toBe(forged);
    expect(comments.at(-1)).toMatchObject({ user: ACTIONS_BOT, body: expect.stringContaining('1 failed') });
  });

  it('updates the comment of the user whose personal token it was given', async () => {
    tokenUser = 'maintainer';
    const before = `${MARKER}\n<!-- skill-eval:job evals/eval -->\n## old`;
    comments.push({ id: 700, body: before, user: { login: 'maintainer', type: 'User' } });
    expect(await post(`${MARKER}\n## new`)).toMatchObject({ outcome: 'updated' });
    expect(comments.find((c) => c.id === 700)!.body).toContain('## new');
  });

  it('a fork’s read-only token is a notice that names why, never a failure', async () => {
    refuseWrites = 403;
    const result = await post(`${MARKER}\n## x`);
    expect(result.outcome).toBe('skipped');
    expect(result.message).toContain('fork');
  });

  it('posts nothing outside a pull request', async () => {
    expect(await post(`${MARKER}\n## x`, 'j', { push: {} })).toMatchObject({ outcome: 'skipped' });
    expect(seen).toEqual([]);
  });

  it('refuses a file skill-eval did not write, and keeps a job id from closing the HTML comment', () => {
    expect(() => commentBody('## not ours', 'j')).toThrow(/does not start with/);
    expect(commentBody(`${MARKER}\nx`, 'a --> <b>\n')).toBe(`${MARKER}\n<!-- skill-eval:job a > <b> -->\nx`);
  });

  it('cuts a body longer than GitHub takes, saying so', () => {
    const body = commentBody(`${MARKER}\n${'x'.repeat(70_000)}`, 'j');
    expect(body.length).toBeLessThan(65_536);
    expect(body).toMatch(/…cut: the comment was longer than GitHub takes/);
  });
});
