import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { tempFolder } from '@skill-eval/testing/temp-folder';

/**
 * Writes `files` (path relative to a new temporary folder → content) and returns the folder, which is removed when the
 * test that made it ends (or, made outside a test, when its file's tests have run).
 */
export function pluginTree(files: Record<string, string>): string {
  const root = tempFolder('claude-plugin-eval-');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

/** A plugin with one skill, as `claude plugin eval` resolves it (`.claude-plugin/plugin.json`). */
export const GREETER_PLUGIN: Record<string, string> = {
  '.claude-plugin/plugin.json': '{ "name": "greeter", "version": "0.1.0" }\n',
  'skills/greet/SKILL.md': '---\nname: greet\ndescription: Greet a person by name.\n---\nSay `Hello, <name>!`.\n',
};
