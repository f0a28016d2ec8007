import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { routingSummaries } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import type { CaseIndex } from '../run-dir/case-index.js';
import { caseResult, routedRun } from '../test-support/results.js';
import { junitXml } from './junit-xml.js';

const here = fileURLToPath(new URL('.', import.meta.url));
// The Jenkins xUnit plugin's junit-10.xsd, the schema most CI systems' JUnit readers follow.
const XSD = readFileSync(`${here}../fixtures/junit/junit-10.xsd`, 'utf8');

async function validate(xml: string) {
  return validateXML({
    xml: [{ fileName: 'junit.xml', contents: xml }],
    schema: [{ fileName: 'junit-10.xsd', contents: XSD }],
  });
}

const results = [
  caseResult({ executionId: 'a', caseId: '1', caseName: 'extracts tables' }),
  caseResult({
    executionId: 'b',
    caseId: '2',
    caseName: 'fills the <form> & "signs" it',
    status: 'failed',
    score: 0.33,
    durationMs: 2500,
    checks: [
      { type: 'contains', name: 'mentions total', passed: true, score: 1 },
      {
        type: 'llm-rubric',
        name: 'Signs with the user’s name',
        passed: false,
        score: 0,
        evidence: 'Signed "Bob"\nnot <Alice>',
      },
      {
        type: 'regex',
        name: 'dates ISO',
        passed: false,
        score: 0,
        evidence: 'found 03/04/2025 \u001b[31mred\u001b[0m',
      },
    ],
  }),
  caseResult({
    executionId: 'c',
    caseId: '3',
    caseName: 'times out',
    status: 'error',
    score: 0,
    checks: [],
    error: { code: 'TIMEOUT', message: 'The engine did not return within 60 s.' },
    session: undefined,
    warnings: [{ kind: 'workspace', message: 'Teardown command "exit 5" exited with status 5.' }],
  }),
  caseResult({ executionId: 'd', caseId: '4', caseName: 'skipped one', status: 'skipped', checks: [] }),
  caseResult({
    executionId: 'e',
    suiteId: 'skills/other/evals/eval.yaml',
    caseId: 'x',
    caseName: 'other suite',
    engine: 'anthropic',
    variant: 'without_skill',
    run: 2,
    model: 'claude-test',
  }),
];

const cases: CaseIndex = {
  format: 'skill-eval-cases-v1',
  cases: [
    {
      suiteId: 'skills/pdf/evals.json',
      caseId: '2',
      name: 'fills',
      kind: 'task',
      file: 'skills/pdf/evals.json',
      line: 14,
      turns: ['Fill it'],
      assertions: [],
    },
  ],
};

describe('junitXml', () => {
  it('validates against the common JUnit XSD (junit-10.xsd)', async () => {
    const xml = junitXml(results, { cases });
    const { valid, errors } = await validate(xml);
    expect(errors).toEqual([]);
    expect(valid).toBe(true);
  });

  it('the validator does reject a file that breaks the schema', async () => {
    // Guards the test above: a testsuite without its required `tests` count must fail.
    const broken = junitXml(results).replace(/<testsuite name="([^"]*)" tests="\d+"/, '<testsuite name="$1"');
    expect((await validate(broken)).valid).toBe(false);
  });

  it('has one testcase per execution, grouped per suite with counts', () => {
    const xml = junitXml(results, { cases });
    expect(xml).toMatch(/<testsuites name="skill-eval" tests="5" failures="1" errors="1" time="[\d.]+">/);
    expect(xml).toContain('<testsuite name="skills/pdf/evals.json" tests="4" failures="1" errors="1" skipped="1"');
    expect(xml).toContain(
      '<testsuite name="skills/other/evals/eval.yaml" tests="1" failures="0" errors="0" skipped="0"',
    );
    expect(xml.match(/<testcase /g)).toHaveLength(5);
    expect(xml).toContain('name="other suite [anthropic, without_skill, #2]" classname="skills/other/evals/eval.yaml"');
    expect(xml).toContain(
      'name="extracts tables [claude-code, with_skill, #1]" classname="skills/pdf/evals.json" time="1.234"',
    );
  });

  it('a failure names the failed checks with their evidence, escaped', () => {
    const xml = junitXml(results, { cases });
    const failure = xml.match(/<testcase name="fills[^>]*>(.*?)<\/testcase>/s)?.[0] ?? '';
    expect(failure).toContain('file="skills/pdf/evals.json" line="14"');
    expect(failure).toContain(
      '<failure message="2 of 3 checks failed: Signs with the user’s name; dates ISO" type="checks">',
    );
    expect(failure).toContain('✗ Signs with the user’s name (llm-rubric)\n  Signed "Bob"\n  not &lt;Alice&gt;');
    // Control characters cannot appear in XML 1.0 at all, even escaped.
    expect(failure).toContain('found 03/04/2025 \uFFFD[31mred\uFFFD[0m');
    expect(failure).toContain('name="fills the &lt;form&gt; &amp; &quot;signs&quot; it [claude-code, with_skill, #1]"');
  });

  it('an error carries its code and message; a skip is <skipped/>; details sit in system-out', () => {
    const xml = junitXml(results);
    expect(xml).toContain(
      '<error message="The engine did not return within 60 s." type="TIMEOUT">TIMEOUT: The engine did not return within 60 s.</error>',
    );
    expect(xml).toMatch(/name="skipped one[^>]*><skipped\/><system-out>/);
    expect(xml).toContain('<system-out>engine: anthropic\nvariant: without_skill\nmodel: claude-test\nrun: 2');
    expect(xml).toContain('<property name="cost_usd" value="0.012300"/>');
    expect(xml).toContain('warning (workspace): Teardown command "exit 5" exited with status 5.</system-out>');
  });

  it('gives the same file whatever order the results come in, in the order of the case index', () => {
    const index: CaseIndex = {
      format: 'skill-eval-cases-v1',
      cases: ['3', '1', '2', '4'].map((caseId, i) => ({
        suiteId: 'skills/pdf/evals.json',
        caseId,
        name: caseId,
        kind: 'task' as const,
        file: `skills/pdf/case-${caseId}.yaml`,
        line: i + 1,
        turns: ['Do it'],
        assertions: [],
      })),
    };
    const xml = junitXml(results, { cases: index });
    expect(junitXml([...results].reverse(), { cases: index })).toBe(xml);
    // The suite's file is its first case's, in index order; its testcases follow the index.
    expect(xml).toContain('file="skills/pdf/case-3.yaml"');
    const order = [...xml.matchAll(/<testcase name="([^"]*)"/g)].map((m) => m[1]!.split(' ')[0]);
    expect(order.slice(0, 4)).toEqual(['times', 'extracts', 'fills', 'skipped']);
    expect(junitXml([...results].reverse())).toBe(junitXml(results));
  });

  it('an empty run is still a valid file', async () => {
    const xml = junitXml([]);
    expect(xml).toContain('<testsuites name="skill-eval" tests="0"');
    expect((await validate(xml)).valid).toBe(true);
  });
});

describe('junitXml: routing between skills', () => {
  const runs = [
    routedRun('1', 'Make a PDF of this', 'pdf', 'pdf'),
    routedRun('1', 'Make a PDF of this', 'pdf', 'csv'),
    routedRun('2', 'Hello there', null, 'pdf'),
    routedRun('2', 'Hello there', null, null),
    routedRun('3', 'Sum sales.csv', 'csv', null),
    routedRun('3', 'Sum sales.csv', 'csv', 'pdf', { status: 'error', error: { code: 'TIMEOUT', message: 'slow' } }),
  ];
  const failures = (xml: string) =>
    [...xml.matchAll(/<testcase name="([^"]*)"[^>]*><failure message="([^"]*)" type="([^"]*)">/g)].map((m) => ({
      name: m[1],
      message: m[2],
      type: m[3],
    }));

  it('fails each misrouted run with a message naming the expected and the invoked skill', async () => {
    const xml = junitXml(runs);
    expect(failures(xml)).toEqual([
      {
        name: 'Make a PDF of this [claude-code, with_skill, #1]',
        message: 'misrouted: expected skill &quot;pdf&quot;, invoked skill &quot;csv&quot;',
        type: 'routing',
      },
      {
        name: 'Hello there [claude-code, with_skill, #1]',
        message: 'misrouted: expected no skill, invoked skill &quot;pdf&quot;',
        type: 'routing',
      },
      {
        name: 'Sum sales.csv [claude-code, with_skill, #1]',
        message: 'misrouted: expected skill &quot;csv&quot;, invoked no skill',
        type: 'routing',
      },
    ]);
    // The errored run routed nothing: an error, not a misroute, whatever it fired first.
    expect(xml).toContain('<error message="slow" type="TIMEOUT">');
    expect((await validate(xml)).valid).toBe(true);
  });

  it('has as many routing failures as the matrix has runs off its diagonal', () => {
    const [table] = routingSummaries(runs);
    const offDiagonal = table!.matrix.reduce(
      (sum, row, i) => sum + row.reduce((s, n, j) => s + (i === j ? 0 : n), 0),
      0,
    );
    const xml = junitXml(runs);
    expect(offDiagonal).toBe(3);
    expect(failures(xml).filter((f) => f.type === 'routing')).toHaveLength(offDiagonal);
    expect(xml).toContain(`failures="${offDiagonal}"`);
  });

  it('counts a misrouted run as a failure even when its other checks carried it, and names those that failed', () => {
    const carried = routedRun('4', 'Chart it', 'csv', 'pdf', {
      status: 'passed',
      score: 0.75,
      checks: [
        { type: 'skill-routed', name: 'skill-routed', passed: false, score: 0 },
        { type: 'contains', name: 'mentions chart', passed: true, score: 1 },
      ],
    });
    const alsoFailed = routedRun('5', 'Plot it', 'csv', 'pdf', {
      checks: [
        { type: 'skill-routed', name: 'skill-routed', passed: false, score: 0 },
        { type: 'contains', name: 'mentions plot', passed: false, score: 0 },
      ],
    });
    const xml = junitXml([carried, alsoFailed]);
    expect(xml).toMatch(/<testsuites name="skill-eval" tests="2" failures="2"/);
    expect(failures(xml).map((f) => f.message)).toEqual([
      'misrouted: expected skill &quot;csv&quot;, invoked skill &quot;pdf&quot;',
      'misrouted: expected skill &quot;csv&quot;, invoked skill &quot;pdf&quot;; also 1 other check failed: mentions plot',
    ]);
  });
});
