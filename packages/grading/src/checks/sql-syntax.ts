import { type Check, SkillEvalError } from '@skill-eval/core';
import { loadSqlParser } from './load-sql-parser.js';

/** The optional `value` of is-sql / contains-sql: dialect and allow-lists, as promptfoo reads them. */
export interface SqlSpec {
  databaseType: string;
  allowedTables?: string[];
  allowedColumns?: string[];
}

export function sqlSpec(check: Check): SqlSpec {
  const { value } = check;
  if (value === undefined || value === null) return { databaseType: 'MySQL' };
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new SkillEvalError('BAD_INPUT', `check "${check.type}" takes an object value`, {
      hint: `write { type: ${check.type}, value: { databaseType: PostgreSQL, allowedTables: ["select::null::users"] } }`,
    });
  }
  const spec = value as Record<string, unknown>;
  const list = (key: string) => {
    const raw = spec[key];
    if (raw === undefined) return undefined;
    if (Array.isArray(raw) && raw.every((s) => typeof s === 'string')) return raw as string[];
    throw new SkillEvalError('BAD_INPUT', `check "${check.type}": ${key} must be a list of strings`, {
      hint: 'entries look like "select::null::users" (tables) or "select::users::id" (columns)',
    });
  };
  const databaseType = typeof spec.databaseType === 'string' && spec.databaseType ? spec.databaseType : 'MySQL';
  return { databaseType, allowedTables: list('allowedTables'), allowedColumns: list('allowedColumns') };
}

/**
 * Why `sql` does not parse in the dialect or touches something outside the allow-lists, or undefined, as
 * node-sql-parser (promptfoo's parser) finds it.
 */
export async function sqlProblem(sql: string, spec: SqlSpec): Promise<string | undefined> {
  if (sql.trim() === '') return 'there is no SQL statement';
  const { default: sqlParser } = await loadSqlParser();
  const parser = new sqlParser.Parser();
  const problems: string[] = [];
  try {
    parser.astify(sql, { database: spec.databaseType });
  } catch (error) {
    problems.push(`not valid ${spec.databaseType} SQL (${firstLine(error)})`);
  }
  for (const [type, list] of [
    ['table', spec.allowedTables],
    ['column', spec.allowedColumns],
  ] as const) {
    if (!list) continue;
    try {
      parser.whiteListCheck(sql, list, { database: spec.databaseType, type });
    } catch (error) {
      problems.push(firstLine(error));
    }
  }
  return problems.length ? problems.join('; ') : undefined;
}

const firstLine = (error: unknown): string => String((error as Error)?.message ?? error).split('\n')[0] ?? '';
