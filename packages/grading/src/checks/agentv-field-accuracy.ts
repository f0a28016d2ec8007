/**
 * AgentV 4.42.4's field-accuracy, as its `FieldAccuracyGrader` reads the answer and compares fields
 * (@agentv/core 4.42.4 `dist/chunk-FRDEARJA.js:3713-4115`; its JSON reading `parseJsonFromText` at :130 with
 * `extractJsonBlob` :111 and `repairSchemaNearBooleanFields` :115; `deepEqual` :146). An AgentV file's
 * field-accuracy grades this way; skill-eval's own (field-accuracy.ts) reads JSON its own way.
 */

/** AgentV's `parseJsonFromText`: fences removed, first `{` to last `}` (else the whole), `"passed"` repaired. */
export function agentvJson(text: string): { value: unknown } | undefined {
  const cleaned = text.replace(/```json\n?|```/g, '').trim();
  const blob = /\{[\s\S]*\}/.exec(cleaned)?.[0] ?? cleaned;
  const repaired = blob.replace(
    /("passed"\s*:\s*)(?:"([^"]+)"|([A-Za-z_][A-Za-z0-9_-]*))/gi,
    (_match, prefix: string, quoted?: string, bare?: string) =>
      `${prefix}${(quoted ?? bare ?? '').trim().toLowerCase() === 'true' ? 'true' : 'false'}`,
  );
  try {
    return { value: JSON.parse(repaired) };
  } catch {
    return undefined;
  }
}

/** AgentV's `resolvePath` (:4025): a falsy root or a step into a non-object is undefined. */
export function agentvValueAt(root: unknown, path: string): unknown {
  if (!path || !root) return undefined;
  let node: unknown = root;
  for (const part of path.split(/\.|\[|\]/).filter((p) => p.length > 0)) {
    if (node === null || node === undefined || typeof node !== 'object') return undefined;
    node =
      /^\d+$/.test(part) && Array.isArray(node)
        ? node[Number.parseInt(part, 10)]
        : (node as Record<string, unknown>)[part];
  }
  return node;
}

/** AgentV's `deepEqual` (:146). */
export function agentvEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null) return false;
  if (typeof a !== typeof b || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => agentvEqual(v, b[i]));
  const [x, y] = [a as Record<string, unknown>, b as Record<string, unknown>];
  const keys = Object.keys(x);
  return keys.length === Object.keys(y).length && keys.every((k) => Object.hasOwn(y, k) && agentvEqual(x[k], y[k]));
}

/** AgentV's `toNumber` (:4046): a number, or text `parseFloat` reads; null otherwise. */
export function agentvNumber(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') {
    const n = Number.parseFloat(value);
    return Number.isNaN(n) ? null : n;
  }
  return null;
}

const MONTHS: Record<string, number> = {
  jan: 0,
  january: 0,
  feb: 1,
  february: 1,
  mar: 2,
  march: 2,
  apr: 3,
  april: 3,
  may: 4,
  jun: 5,
  june: 5,
  jul: 6,
  july: 6,
  aug: 7,
  august: 7,
  sep: 8,
  sept: 8,
  september: 8,
  oct: 9,
  october: 9,
  nov: 10,
  november: 10,
  dec: 11,
  december: 11,
};

/** AgentV's default date formats (`DEFAULT_DATE_FORMATS`, :3714): both US and EU orders. */
export const AGENTV_DATE_FORMATS = [
  'YYYY-MM-DDTHH:mm:ssZ',
  'YYYY-MM-DDTHH:mm:ss',
  'YYYY-MM-DD',
  'DD-MMM-YYYY',
  'MM/DD/YYYY',
  'DD/MM/YYYY',
  'MM-DD-YYYY',
  'DD-MM-YYYY',
];

/**
 * AgentV's `parseDate` (:4056): whatever `Date` parses first (so "42" is the year 2042 and "2025-02-30" rolls
 * over as Date rolls it), then `15-JAN-2025`, then numeric dates by the formats' order; null when none reads.
 */
export function agentvDate(raw: string, formats: readonly string[]): Date | null {
  if (!raw) return null;
  const text = raw.trim();
  const iso = new Date(text);
  if (!Number.isNaN(iso.getTime())) return iso;
  const named = /^(\d{1,2})-([A-Za-z]{3,9})-(\d{4})$/.exec(text);
  if (named) {
    const month = MONTHS[named[2]!.toLowerCase()];
    if (month !== undefined) return new Date(Number.parseInt(named[3]!, 10), month, Number.parseInt(named[1]!, 10));
  }
  const numeric = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/.exec(text);
  if (!numeric) return null;
  const [a, b, year] = [numeric[1]!, numeric[2]!, numeric[3]!].map((n) => Number.parseInt(n, 10)) as [
    number,
    number,
    number,
  ];
  const us = formats.some((f) => f.includes('MM/DD') || f.includes('MM-DD'));
  const eu = formats.some((f) => f.includes('DD/MM') || f.includes('DD-MM'));
  const valid = (month: number, day: number) => month >= 0 && month <= 11 && day >= 1 && day <= 31;
  if (us && !eu) return valid(a - 1, b) ? new Date(year, a - 1, b) : null;
  if (eu && !us) return valid(b - 1, a) ? new Date(year, b - 1, a) : null;
  if (a > 12 && b <= 12) return new Date(year, b - 1, a);
  if (b > 12 && a <= 12) return new Date(year, a - 1, b);
  if (a <= 12 && b <= 31) return new Date(year, a - 1, b);
  return null;
}

/** Whether two dates fall on the same local calendar day, as AgentV's `compareDate` compares them (:3977). */
export const sameAgentvDay = (a: Date, b: Date): boolean =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** One field as AgentV's loader keeps it (`match` in skill-eval's spelling, `formats` undefined when not given). */
export interface AgentvField {
  path: string;
  match: 'exact' | 'numeric-tolerance' | 'date';
  expected?: { value: unknown };
  tolerance: number;
  relative: boolean;
  required: boolean;
  weight: number;
  formats?: string[];
}

/**
 * AgentV's `FieldAccuracyGrader.evaluate` (:3764-3790, `aggregateResults` :3998): the answer and the reference read
 * by `parseJsonFromText`, each field compared, the score the weighted share of hits (0 or 1 with all_or_nothing).
 */
export function agentvFieldAccuracy(
  fields: readonly AgentvField[],
  aggregation: string,
  answerText: string,
  reference: string | undefined,
): { score: number; evidence: string } {
  const answer = agentvJson(answerText);
  if (!answer) return { score: 0, evidence: 'AgentV cannot parse the final answer as JSON' };
  const expectedDoc = reference === undefined ? undefined : expectedData(reference);
  // `extractExpectedData` returns what it parsed; `evaluate` treats a falsy document as none (:3776).
  if (!expectedDoc && fields.some((f) => !f.expected))
    return { score: 0, evidence: 'no expected data: the reference answer is not JSON' };
  const results = fields.map((field) => compareField(field, answer.value, expectedDoc));
  const total = results.reduce((sum, r) => sum + r.weight, 0);
  const score =
    aggregation === 'all_or_nothing'
      ? Number(results.every((r) => r.hit))
      : total === 0
        ? Number(results.length === 0)
        : results.reduce((sum, r) => sum + r.weight * Number(r.hit), 0) / total;
  const clamped = Number.isFinite(score) ? Math.min(1, Math.max(0, score)) : 0;
  return { score: clamped, evidence: results.map((r) => r.message).join('; ') };
}

/**
 * The reference as AgentV's `extractExpectedData` (:3796-3812) reads its expected_output: a JSON object or list
 * written as such (skill-eval's reference holds its JSON text, which parses whole) is used as it is; text is read by
 * `parseJsonFromText`. (A text expected_output that is itself a whole JSON list reads here as the list, where AgentV
 * reads from its first `{` to its last `}`.)
 */
function expectedData(reference: string): unknown {
  try {
    const whole: unknown = JSON.parse(reference);
    if (typeof whole === 'object' && whole !== null) return whole;
  } catch {
    // Text, JSON in prose or fences: as AgentV reads it.
  }
  return agentvJson(reference)?.value;
}

function compareField(field: AgentvField, answer: unknown, reference: unknown) {
  const { path, weight } = field;
  const expected = field.expected ? field.expected.value : agentvValueAt(reference, path);
  const actual = agentvValueAt(answer, path);
  const result = (hit: boolean, message: string, w = weight) => ({ hit, weight: w, message });
  if (expected === undefined) return result(true, `${path}: no expected value`);
  if (actual === undefined) {
    return field.required ? result(false, `${path}: missing`) : result(true, `${path}: optional, missing`, 0);
  }
  const shown = `${path} is ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`;
  if (field.match === 'exact') return result(agentvEqual(actual, expected), shown);
  if (field.match === 'numeric-tolerance') {
    const [a, e] = [agentvNumber(actual), agentvNumber(expected)];
    if (a === null || e === null || !Number.isFinite(a) || !Number.isFinite(e))
      return result(false, `${shown}: not numeric`);
    const diff = Math.abs(a - e);
    const off = field.relative ? (e === 0 ? diff : diff / Math.abs(e)) : diff;
    return result(off <= field.tolerance, `${shown} (off by ${off}, tolerance ${field.tolerance})`);
  }
  const formats = field.formats ?? AGENTV_DATE_FORMATS;
  const [a, e] = [agentvDate(String(actual), formats), agentvDate(String(expected), formats)];
  if (a === null) return result(false, `${path}: ${JSON.stringify(actual)} is not a date`);
  if (e === null) return result(false, `${path}: the expected ${JSON.stringify(expected)} is not a date`);
  return result(sameAgentvDay(a, e), shown);
}
