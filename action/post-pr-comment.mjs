// Posts the run's pull-request comment (pr-comment.md, written by `skill-eval report --pr-comment`) on the pull request
// of the workflow run, or updates the comment it posted before: one comment per pull request and job, kept current on
// every push. Used by the action (action.yml); plain Node, no dependency.
//
// Usage: node post-pr-comment.mjs <pr-comment.md> <job id>
// Environment (set by GitHub Actions): GITHUB_TOKEN, GITHUB_REPOSITORY, GITHUB_EVENT_PATH, GITHUB_API_URL.
//
// It never fails the job: a pull request from a fork gets a token that may not comment (a notice says so), and any
// other failure is a warning. The eval's verdict is the job's status, not the comment's.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The first line of every comment skill-eval posts (see PR_COMMENT_MARKER in @skill-eval/report). */
const MARKER = '<!-- skill-eval:pr-comment -->';

/** Comments GitHub takes at most (65536 characters); a longer body is cut with a note. */
const MAX_BODY = 65_000;

/** The body to post: the comment, with the job it belongs to on the marker's next line. */
export function commentBody(markdown, jobId) {
  const lines = markdown.split('\n');
  if (lines[0] !== MARKER) throw new Error(`The comment file does not start with ${MARKER}: it was not written by skill-eval.`);
  const body = [MARKER, jobLine(jobId), ...lines.slice(1)].join('\n');
  if (body.length <= MAX_BODY) return body;
  return `${body.slice(0, MAX_BODY)}\n\n…cut: the comment was longer than GitHub takes. The full report has everything.\n`;
}

const jobLine = (jobId) => `<!-- skill-eval:job ${String(jobId).replace(/--|[\r\n]/g, '')} -->`;

/**
 * Whether `comment` is the one this job posted before: its body starts with the marker and the job's line, and it was
 * posted by an app (the workflow's own token comments as `github-actions[bot]`, an app's as its bot) or by the user
 * whose token this is. Anyone may write the marker into a comment of their own; updating theirs would leave the verdict
 * in a comment they can rewrite afterwards, and post none of ours.
 */
const ours = (comment, jobId, tokenLogin) => {
  const [first, second] = String(comment.body ?? '').split('\n');
  const postedByUs = comment.user?.type === 'Bot' || (tokenLogin !== undefined && comment.user?.login === tokenLogin);
  return first === MARKER && second === jobLine(jobId) && postedByUs;
};

/** The login of the user a personal token belongs to; none for the workflow's or an app's token (GitHub says 403). */
async function loginOfToken(api, headers, fetchImpl) {
  const response = await fetchImpl(`${api}/user`, { headers }).catch(() => undefined);
  if (!response?.ok) return undefined;
  const user = await response.json().catch(() => ({}));
  return typeof user.login === 'string' ? user.login : undefined;
}

/**
 * Posts or updates the comment; resolves to what happened: `created`, `updated`, `skipped` (no pull request, or a
 * token that may not comment), or `failed`, with a message for the log.
 */
export async function postPrComment({ markdown, jobId, env, fetchImpl = fetch }) {
  const event = env.GITHUB_EVENT_PATH ? JSON.parse(readFileSync(env.GITHUB_EVENT_PATH, 'utf8')) : {};
  const number = event.pull_request?.number;
  if (!number) return { outcome: 'skipped', message: 'Not a pull request: no comment to post.' };
  if (!env.GITHUB_TOKEN) return { outcome: 'skipped', message: 'No token: give the action github-token to comment.' };
  const api = (env.GITHUB_API_URL || 'https://api.github.com').replace(/\/+$/, '');
  const issue = `${api}/repos/${env.GITHUB_REPOSITORY}/issues/${number}`;
  const headers = {
    authorization: `Bearer ${env.GITHUB_TOKEN}`,
    accept: 'application/vnd.github+json',
    'x-github-api-version': '2022-11-28',
    'content-type': 'application/json',
  };
  const body = commentBody(markdown, jobId);
  try {
    const tokenLogin = await loginOfToken(api, headers, fetchImpl);
    const existing = await findComment(`${issue}/comments`, headers, jobId, tokenLogin, fetchImpl);
    const response = existing
      ? await fetchImpl(`${api}/repos/${env.GITHUB_REPOSITORY}/issues/comments/${existing}`, {
          method: 'PATCH',
          headers,
          body: JSON.stringify({ body }),
        })
      : await fetchImpl(`${issue}/comments`, { method: 'POST', headers, body: JSON.stringify({ body }) });
    if (response.ok) return { outcome: existing ? 'updated' : 'created', message: `Comment ${existing ? 'updated' : 'posted'} on #${number}.` };
    return refusal(response, number);
  } catch (error) {
    if (error instanceof Response) return refusal(error, number);
    return { outcome: 'failed', message: `Could not comment on #${number}: ${error.message}` };
  }
}

/** The id of this job's earlier comment, looking through every page of the pull request's comments. */
async function findComment(url, headers, jobId, tokenLogin, fetchImpl) {
  for (let page = 1; page <= 50; page++) {
    const response = await fetchImpl(`${url}?per_page=100&page=${page}`, { headers });
    if (!response.ok) throw response;
    const comments = await response.json();
    const found = comments.find((comment) => ours(comment, jobId, tokenLogin));
    if (found) return found.id;
    if (comments.length < 100) return undefined;
  }
  return undefined;
}

async function refusal(response, number) {
  const said = await response.text().catch(() => '');
  if (response.status === 403 || response.status === 404) {
    return {
      outcome: 'skipped',
      message: `The token may not comment on #${number} (HTTP ${response.status}): a pull request from a fork gets a read-only token. The run's results are in the job summary and its artifact.`,
    };
  }
  return { outcome: 'failed', message: `Could not comment on #${number}: HTTP ${response.status} ${said.slice(0, 200)}` };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const [file, jobId = 'skill-eval'] = process.argv.slice(2);
  const result = await postPrComment({ markdown: readFileSync(file, 'utf8'), jobId, env: process.env });
  const command = result.outcome === 'failed' ? 'warning' : 'notice';
  console.log(result.outcome === 'created' || result.outcome === 'updated' ? result.message : `::${command}::${result.message}`);
}
