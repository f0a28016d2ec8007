import { type Check, normalizeCheck } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { makeCase, makeSession } from '../test-support/fixtures.js';
import { runCheck } from './run-check.js';

const grade = (check: Check, finalMessage: string) =>
  runCheck(normalizeCheck(check), 'check', {
    testCase: makeCase(),
    session: makeSession({ finalMessage }),
    workspace: '/nonexistent',
  });

describe('is-html, contains-html', () => {
  it.each<[Check, string, boolean, string]>([
    [{ type: 'is-html' }, '<div>Hello</div>', true, 'is HTML'],
    [
      { type: 'is-html' },
      '  <!DOCTYPE html><html><head><title>T</title></head><body>Hi</body></html>\n',
      true,
      'is HTML',
    ],
    [{ type: 'is-html' }, '<img src="a.png" />', true, 'is HTML'],
    [{ type: 'is-html' }, '<my-widget></my-widget>', true, 'is HTML'],
    [{ type: 'is-html' }, 'Just plain text', false, 'text outside HTML tags'],
    [{ type: 'is-html' }, 'Text before <div>HTML</div>', false, 'text outside HTML tags'],
    [{ type: 'is-html' }, '<div>HTML</div> text after', false, 'text outside HTML tags'],
    [{ type: 'is-html' }, '<?xml version="1.0"?><root>x</root>', false, 'it is XML'],
    [{ type: 'is-html' }, '<notarealtag>', false, 'no recognised HTML element'],
    [{ type: 'is-html' }, '', false, 'it is empty'],
    [{ type: 'not-is-html' }, '2 < 3 and 4 > 1', true, 'text outside HTML tags'],
    [{ type: 'contains-html' }, 'Here you go: <p>Hello</p> done.', true, 'found HTML'],
    [{ type: 'contains-html' }, 'Use &amp; and <br/> here', true, 'found HTML'],
    [{ type: 'contains-html' }, 'a < b and b > c', false, 'no HTML'],
    [{ type: 'contains-html' }, 'Wrap it in <example>', false, 'an opening tag'],
    [{ type: 'not-contains-html' }, 'Plain prose only.', true, 'no HTML'],
  ])('%j on %j → %s', async (check, answer, passed, evidence) => {
    const { verdict, error } = await grade(check, answer);
    expect(error).toBeUndefined();
    expect(verdict.passed).toBe(passed);
    expect(verdict.evidence).toContain(evidence);
  });
});

describe('is-xml, contains-xml', () => {
  const doc = '<order id="7"><item><name>pen</name></item><item><name>ink</name></item></order>';
  it.each<[Check, string, boolean, string]>([
    [{ type: 'is-xml' }, doc, true, 'well-formed XML'],
    [
      { type: 'is-xml', value: { requiredElements: ['order.item.name', 'order.@_id'] } },
      doc,
      true,
      'with order.item.name',
    ],
    [{ type: 'is-xml', value: 'order.item, order.total' }, doc, false, 'missing required element order.total'],
    [{ type: 'is-xml' }, '<a><b>1</a>', false, 'not well-formed XML'],
    [{ type: 'is-xml' }, `Here it is: ${doc}`, false, 'not well-formed XML'],
    [{ type: 'is-xml' }, '', false, 'empty'],
    [{ type: 'not-is-xml' }, 'no markup', true, 'not well-formed'],
    [{ type: 'contains-xml' }, `Here it is:\n${doc}\nDone.`, true, 'found XML'],
    [{ type: 'contains-xml', value: ['order.item.name'] }, `Result: ${doc}`, true, 'with order.item.name'],
    [{ type: 'contains-xml', value: ['order.total'] }, `Result: ${doc}`, false, 'missing required element order.total'],
    [{ type: 'contains-xml' }, 'First <a>x</a>, then <b>y</b>.', true, 'found XML'],
    [{ type: 'contains-xml' }, 'Broken <a><b>x</a> only', false, 'not well-formed'],
    [{ type: 'contains-xml' }, 'no markup at all', false, 'no XML element'],
  ])('%j on %j → %s', async (check, answer, passed, evidence) => {
    const { verdict, error } = await grade(check, answer);
    expect(error).toBeUndefined();
    expect(verdict.passed).toBe(passed);
    expect(verdict.evidence).toContain(evidence);
  });
});

// Answers that made promptfoo's patterns, or a search repeated from every tag, take minutes: each now grades within
// the test's time limit, with the verdict the patterns give.
describe('markup checks on long answers', () => {
  it.each<[string, Check, string, boolean]>([
    ['a megabyte of newlines', { type: 'contains-html' }, '\n'.repeat(1 << 20), false],
    ['three megabytes of prose', { type: 'contains-html' }, 'the cat sat on the mat '.repeat(150_000), false],
    ['start tags and one end', { type: 'contains-html' }, `${'<a '.repeat(300_000)}>`, true],
    ['attributes after spaces', { type: 'contains-html' }, `<p>${' '.repeat(500_000)}class="x"</p>`, true],
    ['300,000 unclosed elements', { type: 'contains-xml' }, '<a>'.repeat(300_000), false],
    ['one closed element after them', { type: 'contains-xml' }, `${'<b>'.repeat(300_000)}<c>ok</c>`, true],
  ])('%s: %j', async (_what, check, answer, passed) => {
    const { verdict, error } = await grade(check, answer);
    expect(error).toBeUndefined();
    expect(verdict.passed).toBe(passed);
  });
});

describe('is-sql, contains-sql', () => {
  const users = { allowedTables: ['select::null::users'] };
  it.each<[Check, string, boolean, string]>([
    [{ type: 'is-sql' }, 'SELECT id, name FROM users WHERE age > 21', true, 'valid MySQL SQL'],
    [{ type: 'is-sql' }, 'SELEC id FROM users', false, 'not valid MySQL SQL'],
    [
      { type: 'is-sql', value: { databaseType: 'PostgreSQL' } },
      'SELECT id FROM users LIMIT 5',
      true,
      'valid PostgreSQL',
    ],
    [{ type: 'is-sql', value: users }, 'SELECT id FROM users', true, 'valid MySQL SQL'],
    [{ type: 'is-sql', value: users }, 'SELECT id FROM orders', false, "'select::null::orders' is required"],
    [{ type: 'is-sql' }, 'Here is the query: SELECT 1', false, 'not valid'],
    [{ type: 'is-sql' }, '', false, 'no SQL statement'],
    [{ type: 'not-is-sql' }, 'just words', true, 'not valid'],
    [
      { type: 'contains-sql' },
      'Run this:\n```sql\nSELECT id FROM users\n```\nThen check.',
      true,
      'the code block is valid',
    ],
    [{ type: 'contains-sql' }, 'SELECT id FROM users', true, 'the final answer is valid'],
    [{ type: 'contains-sql' }, '```sql\nSELEC nothing\n```', false, 'the code block is not valid'],
  ])('%j on %j → %s', async (check, answer, passed, evidence) => {
    const { verdict, error } = await grade(check, answer);
    expect(error).toBeUndefined();
    expect(verdict.passed).toBe(passed);
    expect(verdict.evidence).toContain(evidence);
  });

  it.each<[Check, string]>([
    [{ type: 'is-sql', value: 'MySQL' }, 'takes an object value'],
    [{ type: 'contains-sql', value: { allowedTables: 'users' } }, 'allowedTables must be a list'],
    [{ type: 'is-xml', value: { requiredElements: [1] } }, 'not element paths'],
  ])('%j is errored', async (check, message) => {
    const { verdict, error } = await grade(check, 'SELECT 1');
    expect(verdict.errored).toBe(true);
    expect(error?.message).toContain(message);
  });
});
