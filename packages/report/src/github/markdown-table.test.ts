import { micromark } from 'micromark';
import { describe, expect, it } from 'vitest';
import { caseResult, runSummary } from '../test-support/results.js';
import { boldCount, markdownCell, markdownTable } from './markdown-table.js';
import { prCommentMarkdown } from './pr-comment.js';
import { stepSummaryMarkdown } from './step-summary.js';

// A CommonMark renderer, to see what a reader would.
const render = async (markdown: string): Promise<string> => micromark(markdown);

/** Every line ending a renderer or a browser may break a line at. */
const ANY_LINE_ENDING = /\r\n|[\r\n\u0085\u2028\u2029]/;
const ENDINGS = { CRLF: '\r\n', CR: '\r', LF: '\n', NEL: '\u0085', LS: '\u2028', PS: '\u2029' };

const failed = (executionId: string, caseName: string) =>
  caseResult({ executionId, caseId: executionId, caseName, status: 'failed', score: 0, checks: [] });

/** The rows of the step summary's failed-cases table: every line below its heading, up to the next blank one. */
const failureRows = (markdown: string): string[] => {
  const lines = markdown.split(ANY_LINE_ENDING);
  const start = lines.indexOf('### Failed cases') + 2;
  const end = lines.indexOf('', start);
  return lines.slice(start + 2, end === -1 ? undefined : end);
};

describe('markdownCell', () => {
  it.each(Object.entries(ENDINGS))('folds a %s in a value, so that it cannot end its row', async (_, ending) => {
    const hostile = `before${ending}# forged heading${ending}\`\`\`${ending}| a | forged | row |${ending}after`;
    const results = [failed('h', hostile), failed('next', 'the case after it')];
    for (const markdown of [
      stepSummaryMarkdown(results, runSummary(results, '/tmp/run')),
      prCommentMarkdown({ runDir: '/tmp/run', results }),
    ]) {
      const rows = failureRows(markdown);
      expect(rows).toHaveLength(2);
      expect(rows[0]).toMatch(/^\| before # forged heading \\`\\`\\` \\\| a \\\| forged \\\| row \\\| after \|/);
      expect(rows[1]).toMatch(/^\| the case after it \|/);
      const page = await render(markdown);
      expect(page).not.toMatch(/<h\d>forged/);
      expect(page).not.toMatch(/<pre|<code/);
      expect(page).toContain('the case after it');
    }
  });

  it('shows inline Markdown in a value as text: no link, image, code, emphasis or autolink', async () => {
    const hostile = [
      '![x](https://evil.example/p.png)',
      '[click here](https://evil.example/login)',
      '<https://evil.example/auto>',
      '`code`',
      '*em* _em_ **strong** __strong__ ~~struck~~',
      '$\\huge{math}$',
      '[ref]: https://evil.example/ref',
      '\\[not a link\\](x)',
    ].join(' ');
    const results = [failed('m', hostile)];
    const markdown = prCommentMarkdown({ runDir: '/tmp/run', results });
    const page = await render(markdown);
    for (const tag of ['<a ', '<img', '<code', '<em', '<strong', '<del']) expect(page).not.toContain(tag);
    // Shown as the text it was, every character of it.
    const text = page
      .replace(/<[^>]+>/g, '')
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&');
    expect(text).toContain(hostile);
    expect(failureRows(markdown)).toHaveLength(1);
  });

  it('leaves text with nothing to render as it was', () => {
    expect(markdownCell('with_skill')).toBe('with_skill');
    expect(markdownCell('skills/pdf/evals.json')).toBe('skills/pdf/evals.json');
    expect(markdownCell('$0.0100')).toBe('$0.0100');
    expect(markdownCell('67% (2/3), 1.5 s — done!')).toBe('67% (2/3), 1.5 s — done!');
    expect(markdownCell(42)).toBe('42');
  });

  it('keeps the guarantees it had: pipes, backslashes and HTML as text', () => {
    expect(markdownCell('a | b \\ <b>&</b>')).toBe('a \\| b \\\\ &lt;b&gt;&amp;&lt;/b&gt;');
  });

  it('writes bold only where the table types it so: a count, never a value', async () => {
    expect(markdownCell('**3**')).toBe('\\*\\*3\\*\\*');
    const html = await render(markdownTable(['a', 'b'], [[boldCount(3), '**3**']]));
    expect(html).toContain('<strong>3</strong>');
    expect(html.match(/<strong>/g)).toHaveLength(1);
  });
});
