import { describe, expect, it } from 'vitest';
import { CHECK_CATALOGUE } from './catalogue.js';
import { checkTypeProblem, KNOWN_CHECK_TYPES } from './check-type-problem.js';

/** The assertion names of ../shared/reference/anchors.md §4 (promptfoo 0.123.1, AgentV 4.42.4 and 5.x). */
const PROMPTFOO = [
  'equals',
  'contains',
  'icontains',
  'contains-any',
  'contains-all',
  'icontains-any',
  'icontains-all',
  'starts-with',
  'regex',
  'word-count',
  'is-json',
  'contains-json',
  'is-html',
  'contains-html',
  'is-xml',
  'contains-xml',
  'is-sql',
  'contains-sql',
  'is-refusal',
  'levenshtein',
  'rouge-n',
  'bleu',
  'gleu',
  'meteor',
  'perplexity',
  'perplexity-score',
  'finish-reason',
  'is-valid-function-call',
  'is-valid-openai-function-call',
  'is-valid-openai-tools-call',
  'tool-call-f1',
  'guardrails',
  'javascript',
  'python',
  'ruby',
  'webhook',
  'cost',
  'latency',
  'skill-used',
  'trajectory:tool-used',
  'trajectory:tool-args-match',
  'trajectory:tool-sequence',
  'trajectory:step-count',
  'trajectory:goal-success',
  'trace-span-count',
  'trace-span-duration',
  'trace-error-spans',
  'llm-rubric',
  'agent-rubric',
  'g-eval',
  'factuality',
  'model-graded-factuality',
  'model-graded-closedqa',
  'answer-relevance',
  'context-faithfulness',
  'context-recall',
  'context-relevance',
  'conversation-relevance',
  'search-rubric',
  'similar',
  'similar:cosine',
  'classifier',
  'moderation',
  'pi',
  'select-best',
  'max-score',
  'human',
  'promptfoo:redteam:harmful',
  'assert-set',
];
const AGENTV = [
  'ends-with',
  'llm-grader',
  'rubrics',
  'code-grader',
  'composite',
  'tool-trajectory',
  'skill-trigger',
  'execution-metrics',
  'token-usage',
  'field-accuracy',
  'llm-judge',
  'code-judge',
  'script',
];

describe('checkTypeProblem', () => {
  it.each([...PROMPTFOO, ...AGENTV])('%s is accepted or reported as unsupported, never unknown', (type) => {
    const problem = checkTypeProblem(type);
    if (problem !== undefined) expect(problem).toMatch(new RegExp(`^check type "${type}" is not supported: it .+; `));
  });

  it.each([
    ['contians', 'contains'],
    ['Not_Contians', 'contains'],
    ['skill-usd', 'skill-used'],
    ['is-jsn', 'is-json'],
    ['llm-rubrik', 'llm-rubric'],
    ['tool-calld', 'tool-called'],
  ])('%s is unknown and names the closest type, %s', (type, closest) => {
    expect(checkTypeProblem(type)).toBe(`unknown check type "${type}"; did you mean "${closest}"?`);
  });

  it.each([
    ['meteor', 'WordNet'],
    ['finish-reason', 'finish reason'],
    ['similar:dot', 'embedding model'],
    ['promptfoo:redteam:pii', 'red-team'],
    ['trace-error-spans', 'OpenTelemetry'],
    ['not-moderation', 'moderation API'],
  ])('%s is unsupported because it needs %s', (type, reason) => {
    expect(checkTypeProblem(type)).toContain(reason);
  });

  it('accepts the supported types with any spelling a format may use', () => {
    for (const type of ['CONTAINS', 'not-contains', 'is_json', 'not_skill_used', 'Trajectory:Tool-Used']) {
      expect(checkTypeProblem(type)).toBeUndefined();
    }
  });

  it('knows every check of the catalogue, the judge and groups among them', () => {
    for (const type of [...Object.keys(CHECK_CATALOGUE), 'llm-rubric', 'assert-set']) {
      expect(KNOWN_CHECK_TYPES).toContain(type);
    }
    expect(KNOWN_CHECK_TYPES).not.toContain('meteor');
  });
});
