import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { watchReadsSync } from '@skill-eval/core';
import { withSideFileTrust } from '@skill-eval/format-kit';
import { afterAll, describe, expect, it } from 'vitest';
import { type FileContext, readReferenced } from './files.js';
import { at, yamlSource } from './source.js';

const root = realpathSync(mkdtempSync(join(tmpdir(), 'promptfoo-files-')));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const project = join(root, 'project');
mkdirSync(project);
writeFileSync(join(root, 'secret.md'), 'outside-secret-71be\n');
writeFileSync(join(project, 'p.md'), 'Say hi\n');
symlinkSync(join(root, 'secret.md'), join(project, 'link.md'));

/** Reads `ref` as the config in the project would; what was read, the errors, and what the load noted. */
function read(ref: string) {
  const source = yamlSource(join(project, 'promptfooconfig.yaml'), 'prompts: []\n');
  const ctx: FileContext = { basePath: project, boundary: project, parts: new Set() };
  const { value, reads } = watchReadsSync(() =>
    readReferenced(ref, ctx, source, at(['prompts', 0]), 'The prompt file'),
  );
  const errors = source.sink.diagnostics.filter((d) => d.severity === 'error');
  return { files: value, errors: errors.map((d) => d.ruleId), noted: [...reads.entries()].join('\n') };
}

describe.runIf(process.platform !== 'win32')('readReferenced', () => {
  it('reads a file of the project', () => {
    expect(read('file://p.md').files).toEqual([{ path: join(project, 'p.md'), text: 'Say hi\n' }]);
  });

  it('refuses a file out of the project (absolute, `..`, a link) before reading it', () => {
    for (const ref of [`file://${root}/secret.md`, 'file://../secret.md', 'file://link.md']) {
      const got = read(ref);
      expect(got.files, ref).toEqual([]);
      expect(got.errors, ref).toEqual(['promptfoo/outside-project']);
      expect(got.noted, ref).not.toContain('outside-secret');
    }
    const trusted = withSideFileTrust(true, () => read('file://link.md'));
    expect(trusted.files.map((f) => f.text)).toEqual(['outside-secret-71be\n']);
  });

  it('refuses a glob that leaves the folder before walking anything', () => {
    for (const ref of ['file:///**/nonexist*.md', 'file://../**/*.md']) {
      const got = read(ref);
      expect(got.errors, ref).toEqual(['promptfoo/outside-project']);
      expect(got.noted, ref).not.toContain('"glob"');
    }
  });

  it('refuses a FIFO at once', () => {
    execFileSync('mkfifo', [join(project, 'q.md')]);
    expect(read('file://q.md').errors).toEqual(['promptfoo/unreadable-file']);
  });
});
