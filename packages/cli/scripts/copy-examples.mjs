// Copies the repository's example skills that carry a fake-model script (examples/<skill>/evals/fake-model.json)
// into the package, for `skill-eval demo` after an npm install.
import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const examples = fileURLToPath(new URL('../../../examples/', import.meta.url));
const target = fileURLToPath(new URL('../examples/', import.meta.url));
rmSync(target, { recursive: true, force: true });
for (const name of readdirSync(examples)) {
  if (existsSync(join(examples, name, 'evals', 'fake-model.json'))) {
    cpSync(join(examples, name), join(target, name), { recursive: true });
  }
}
