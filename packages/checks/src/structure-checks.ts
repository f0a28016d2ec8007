import { type CheckSpec, defineCheck } from './check-spec.js';
import { isRecord, passMark, wants } from './param-types.js';

const PROMPTFOO = ['skill-eval', 'promptfoo'] as const;

/** A JSON Schema: a map, or its YAML/JSON text (promptfoo reads both); an empty text is none. */
const jsonSchema = (description: string) =>
  wants<unknown>(description, (v) => isRecord(v) || typeof v === 'string' || v === null);

const json = (summary: string, origins: CheckSpec['origins']) =>
  defineCheck({
    summary,
    params: {
      value: jsonSchema('a JSON Schema (a map, or its YAML/JSON text) the JSON must match, checked by Ajv'),
      schema: jsonSchema('a JSON Schema, as value takes it (skill-eval spelling)'),
    },
    origins,
  });

const elementPaths = wants<unknown>(
  'the element paths it must hold ("root.child"): a list, a comma list, or { requiredElements: [...] }',
  (v) =>
    typeof v === 'string' ||
    (Array.isArray(v) && v.every((p) => typeof p === 'string')) ||
    (isRecord(v) && Array.isArray(v.requiredElements) && v.requiredElements.every((p) => typeof p === 'string')),
);

const xml = (summary: string) =>
  defineCheck({
    summary,
    params: {
      value: elementPaths,
      requiredElements: wants<string[]>('a list of element paths ("root.child")', (v) => Array.isArray(v)),
    },
    origins: PROMPTFOO,
  });

const sqlSpec = wants<Record<string, unknown>>(
  'a map { databaseType, allowedTables, allowedColumns } (lists of "select::null::users" entries)',
  (v) =>
    isRecord(v) &&
    ['allowedTables', 'allowedColumns'].every(
      (key) =>
        v[key] === undefined || (Array.isArray(v[key]) && (v[key] as unknown[]).every((s) => typeof s === 'string')),
    ),
);

const sql = (summary: string) => defineCheck({ summary, params: { value: sqlSpec }, origins: PROMPTFOO });

const toolDefinitions = wants<unknown[]>(
  'the tool definitions given to the model: [{ name, parameters }], OpenAI [{ type: function, function }] or Anthropic [{ name, input_schema }]',
  (v) =>
    Array.isArray(v) &&
    v.every((entry) => {
      const fn = isRecord(entry) && isRecord(entry.function) ? entry.function : entry;
      return isRecord(fn) && typeof fn.name === 'string';
    }),
);

const functionCall = (summary: string) =>
  defineCheck({ summary, params: { functions: toolDefinitions, tools: toolDefinitions }, origins: PROMPTFOO });

const field = wants<unknown[]>(
  'a list of { path, match (exact, numeric_tolerance, date), expected, tolerance, relative, required, weight, formats }',
  (v) =>
    Array.isArray(v) &&
    v.length > 0 &&
    v.every(
      (f) =>
        isRecord(f) &&
        typeof f.path === 'string' &&
        (f.match === undefined ||
          ['exact', 'numeric_tolerance', 'numeric-tolerance', 'date'].includes(String(f.match))),
    ),
);

const fragmentNames = (description: string) =>
  wants<string[]>(description, (v) => Array.isArray(v) && v.every((name) => typeof name === 'string'));

/** Checks of the final answer's structure. */
export const STRUCTURE_CHECKS: Readonly<Record<string, CheckSpec>> = {
  'is-json': json('the whole final answer is JSON (matching the schema, given one)', [
    'skill-eval',
    'promptfoo',
    'agentv',
  ]),
  'contains-json': json('some JSON object in the final answer parses (and matches the schema, given one)', PROMPTFOO),
  'is-xml': xml('the whole final answer is well-formed XML holding the required elements'),
  'contains-xml': xml('some XML element in the final answer is well-formed and holds the required elements'),
  'is-html': defineCheck({ summary: 'the whole final answer is HTML', origins: PROMPTFOO }),
  'contains-html': defineCheck({ summary: 'the final answer holds an HTML element', origins: PROMPTFOO }),
  'is-sql': sql('the whole final answer is SQL in the dialect, touching only the allowed tables and columns'),
  'contains-sql': sql('the final answer holds SQL (a fenced block or the whole text), as is-sql checks it'),
  'is-valid-function-call': functionCall('the final answer is a function call of a declared tool, arguments matching'),
  'is-valid-openai-function-call': functionCall('the final answer is an OpenAI function call of a declared tool'),
  'is-valid-openai-tools-call': functionCall('the final answer is a list of OpenAI tool calls of declared tools'),
  'field-accuracy': defineCheck({
    summary: "fields of the JSON final answer match their expected values (or the reference answer's)",
    params: {
      fields: field,
      aggregation: wants<string>('weighted_average (the default) or all_or_nothing', (v) =>
        ['weighted_average', 'all_or_nothing'].includes(String(v)),
      ),
      threshold: passMark('a number from 0 to 1: the share of fields to reach (default 0.8)'),
    },
    needs: ['fields'],
    origins: ['skill-eval', 'agentv'],
  }),
  // BMAD TEA's fragment-selection eval (bmad-method-test-architecture-enterprise test/eval-fragment-selection.js):
  // the agent answers {"fragments": [...]} and each case is scored on that list.
  'fragment-selection': defineCheck({
    summary:
      'the final answer\'s {"fragments": [...]} list, read as BMAD TEA\'s fragment-selection runner reads it, holds every mustLoad name and no mustNotLoad one',
    params: {
      mustLoad: fragmentNames('a list of fragment file names the answer must select ("test-quality.md")'),
      mustNotLoad: fragmentNames('a list of fragment file names the answer must not select'),
    },
    needs: [['mustLoad', 'mustNotLoad']],
    origins: ['skill-eval'],
  }),
};
