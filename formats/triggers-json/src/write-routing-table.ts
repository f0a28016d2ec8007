import type { Suite, WriteResult } from '@skill-eval/core';

/**
 * Writes a suite of routing cases back as the routing table `{cases: [{id, prompt, expect}]}` it is read from; the
 * skills are the folder's, so they are not written (a table's own `skills` list named folders relative to where it
 * was, so it goes to `lost`). Cases that are not routing cases go to `lost`.
 */
export function writeRoutingTable(suite: Suite): WriteResult {
  const lost: string[] = [];
  const list = suite.settings.skillList;
  if (Array.isArray(list) && list.length > 0) {
    lost.push(
      `"skills" (${list.length} skill folders named relative to the original table): not written — name them again relative to the new file, or put it in their skills folder`,
    );
  }
  const cases: Record<string, unknown>[] = [];
  for (const c of suite.cases) {
    if (c.expectedSkill === undefined) {
      lost.push(`case ${c.id}: not a routing case (it names no skill to go to) — left out`);
      continue;
    }
    if (c.turns.length > 1) lost.push(`case ${c.id}: turns after the first (a routing case has one prompt)`);
    const id = c.id === String(cases.length + 1) ? {} : { id: c.rawId ?? c.id };
    cases.push({ ...id, prompt: c.turns[0], expect: c.expectedSkill, ...c.metadata });
  }
  return { files: [{ path: 'evals/triggers.json', text: `${JSON.stringify({ cases }, null, 2)}\n` }], lost };
}
