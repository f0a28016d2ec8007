import { basename } from 'node:path';
import { parseJson, property } from '@skill-eval/format-kit';
import { hasBmadCaseItems, shapeOf } from './dialect.js';

/** File names this format claims when scanning a directory. */
export const FILE_PATTERNS = ['evals.json', '*.evals.json', 'cases.json'] as const;

const claimsName = (file: string) => {
  const name = basename(file);
  return name === 'evals.json' || name.endsWith('.evals.json') || name === 'cases.json';
};

/**
 * How sure (0..1) it is that `text` is an Agent Skills `evals.json`, a BMAD `cases.json` or a BMAD TEA `evals.json`. Content
 * decides; the file name only lifts files whose content says nothing (broken JSON, a missing
 * `evals` key), so that loading them reports what is wrong. Trigger sets are left to their own format.
 */
export function detectEvalsJson(file: string, text: string): number {
  const { root, errors } = parseJson(text);
  const shape = shapeOf(root);
  if (shape === 'trigger-set' || shape === 'trigger-set-grouped') return 0;
  if (shape === 'agent-skills') return property(root, 'evals')?.type === 'array' ? 0.95 : 0.6;
  if (shape === 'bmad-tea') return 0.95;
  if (shape === 'bmad-cases') {
    if (hasBmadCaseItems(root)) return root?.type === 'array' ? 0.9 : 0.95;
    // `cases` without BMAD's `input` + `rubric` is another tool's file (over a thousand public `evals/cases.json`):
    // read only when named, so that loading it says what BMAD would need.
    return claimsName(file) ? 0.3 : 0;
  }
  if (!claimsName(file)) return 0;
  if (errors.length > 0) return 0.5;
  // Valid JSON with an eval file's name but none of its keys is someone else's file: the runner lists its keys.
  return root?.type === 'object' && property(root, 'skill_name') ? 0.3 : 0;
}
