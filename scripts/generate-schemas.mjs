// Writes JSON Schemas generated from the zod schemas into schemas/, for editors
// (`# yaml-language-server: $schema=...`, `"$schema"` in JSON). Run after `pnpm build`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderSchemas } from './render-schemas.mjs';

const out = fileURLToPath(new URL('../schemas/', import.meta.url));
mkdirSync(out, { recursive: true });
for (const [file, text] of Object.entries(await renderSchemas())) {
  writeFileSync(join(out, file), text);
  console.log(`schemas/${file}`);
}
