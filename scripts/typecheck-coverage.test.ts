import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');

/** The files `tsc -p <config>` reads as its own, relative to the repository (no type checking: only the file list). */
function filesOf(config: string): Set<string> {
  const parsed = ts.getParsedCommandLineOfConfigFile(join(ROOT, config), {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  if (!parsed) throw new Error(`${config} could not be read`);
  return new Set(parsed.fileNames.map((file) => relative(ROOT, file)));
}

/** Every workspace package folder (pnpm-workspace.yaml's `<folder>/*` globs) that has TypeScript sources of its own. */
function packagesWithSources(): string[] {
  const workspace = readFileSync(join(ROOT, 'pnpm-workspace.yaml'), 'utf8');
  const globs = [...workspace.matchAll(/^\s+-\s+([\w.-]+)\/\*\s*$/gm)].map((match) => match[1]!);
  expect(globs.length).toBeGreaterThan(2);
  return globs.flatMap((folder) =>
    readdirSync(join(ROOT, folder), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(join(ROOT, folder, entry.name, 'tsconfig.json')))
      .map((entry) => `${folder}/${entry.name}`),
  );
}

const ownTypecheck = (pkg: string) =>
  (JSON.parse(readFileSync(join(ROOT, pkg, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }).scripts
    ?.typecheck;

describe('pnpm typecheck', () => {
  const workspace = filesOf('tsconfig.workspace.json');

  it("checks every file each package's own tsconfig.json holds, in the one program or in the package's own script", () => {
    const packages = packagesWithSources();
    expect(packages.length).toBeGreaterThan(20);
    const unchecked = packages.flatMap((pkg) => {
      const own = [...filesOf(`${pkg}/tsconfig.json`)];
      if (ownTypecheck(pkg)) return own.filter((file) => workspace.has(file)).map((file) => `${file} (twice)`);
      return own.filter((file) => !workspace.has(file));
    });
    expect(unchecked).toEqual([]);
  });

  it('leaves the DOM library out of the one program, where it would change the Node types of every package', () => {
    const dom = [...workspace].filter((file) => /reference\s+lib="dom"/.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(dom).toEqual([]);
  });
});
