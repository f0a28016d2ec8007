import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../test-support/paths.js';
import { pluginFiles } from './plugin-files.js';
import type { PluginKind } from './plugin-name.js';

// docs/plugins.md shows the scaffold's own files: those e2e/new-plugin.e2e.test.ts builds and runs the conformance
// suites on, so the examples a reader copies pass them.
const doc = readFileSync(join(REPO_ROOT, 'docs', 'plugins.md'), 'utf8');

/** The text of the ```ts block labelled with `path`, if the document has one. */
function blockOf(path: string): string | undefined {
  const start = doc.indexOf(`\`\`\`ts ${path}\n`);
  if (start < 0) return undefined;
  const from = doc.indexOf('\n', start) + 1;
  return doc.slice(from, doc.indexOf('\n```\n', from) + 1);
}

describe('docs/plugins.md shows the files skill-eval new writes', () => {
  const shown: [PluginKind, string, string][] = [
    ['engine', 'my-agent', 'src/index.ts'],
    ['engine', 'my-agent', 'src/index.test.ts'],
    ['format', 'prompts', 'src/index.ts'],
    ['format', 'prompts', 'src/index.test.ts'],
    ['environment', 'box', 'src/index.ts'],
    ['environment', 'box', 'src/index.test.ts'],
  ];
  it.each(shown)('%s %s: %s', (kind, id, path) => {
    const name = `skill-eval-${kind}-${id}`;
    const files = pluginFiles(kind, id, name, { core: '^0.1.0', testing: '^0.1.0' });
    expect(blockOf(`${name}/${path}`), `a \`\`\`ts ${name}/${path} block`).toBe(files[path]);
  });
});
