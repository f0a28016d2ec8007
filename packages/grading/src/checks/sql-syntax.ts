import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Check, SkillEvalError } from '@skill-eval/core';

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
 * Why `sql` does not parse in the dialect or touches something outside the allow-lists, or undefined.
 * node-sql-parser is what promptfoo uses; it is large (an optional peer dependency), so it loads only when a SQL
 * check runs.
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

const importBesideSkillEval = () => import('node-sql-parser');
type SqlParserModule = Awaited<ReturnType<typeof importBesideSkillEval>>;

/**
 * node-sql-parser from beside skill-eval (its own dependencies, its neighbours in a global install), else from the
 * project skill-eval runs in (the working directory and up), where `npm install node-sql-parser` puts it.
 */
async function loadSqlParser(): Promise<SqlParserModule> {
  try {
    return await importBesideSkillEval();
  } catch (cause) {
    try {
      const inProject = createRequire(join(process.cwd(), 'noop.js')).resolve('node-sql-parser');
      return (await import(pathToFileURL(inProject).href)) as SqlParserModule;
    } catch {
      throw new SkillEvalError('BAD_INPUT', 'SQL checks need the node-sql-parser package, which is not installed', {
        hint: 'Install it in the project (npm install node-sql-parser), or beside skill-eval.',
        cause,
      });
    }
  }
}
