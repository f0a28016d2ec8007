import { resolve } from 'node:path';
import { resolveFixture } from '@skill-eval/format-kit';
import type { At, DiagnosticSink } from './diagnostic-sink.js';

/**
 * Resolves a path written in the file against the skill root, as skill-up does. A path leaving the
 * root is an error; one that does not exist only warns (fixtures are often left out of copies), and
 * the path is still returned so the run reports it.
 */
export function resolveSkillPath(
  entry: string,
  root: string,
  field: string,
  sink: DiagnosticSink,
  at: At,
): string | undefined {
  const found = resolveFixture(entry, [root]);
  if (found.kind === 'escape') {
    sink.error('fixture-escapes-root', `"${field}" ${JSON.stringify(entry)} is refused: ${found.reason}.`, at);
    return undefined;
  }
  if (found.kind === 'missing') {
    sink.warning(
      'missing-fixture',
      `"${field}" ${JSON.stringify(entry)} does not exist (looked at ${found.lookedAt.join(', ')}); paths are relative to the skill root.`,
      at,
    );
    return resolve(root, entry);
  }
  return found.fixture.from;
}
