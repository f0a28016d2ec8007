import { findSqlParserWith } from '@skill-eval/grading';
import { resolveWhereSkillEvalIs } from './installed-packages.js';

/**
 * Points SQL checks at node-sql-parser where skill-eval is installed — beside it, then npm's global folder — as its
 * other optional packages are found, but never at the project: a package there came with the project, and importing
 * it would run its code in skill-eval.
 */
export function findSqlParserWhereSkillEvalIs(): void {
  findSqlParserWith(resolveWhereSkillEvalIs);
}
