// Scaffolds one workspace package: package.json, tsconfigs. Usage: node scripts/new-package.mjs <dir> <name> <description>
import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const [dir, name, description] = process.argv.slice(2);
if (!dir || !name) throw new Error('usage: new-package <dir> <name> <description>');
mkdirSync(join(dir, 'src'), { recursive: true });
const pkgFile = join(dir, 'package.json');
if (!existsSync(pkgFile)) {
  writeFileSync(pkgFile, JSON.stringify({
    name,
    version: '0.1.0',
    description,
    license: 'MIT',
    type: 'module',
    main: './dist/index.js',
    types: './dist/index.d.ts',
    exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js' } },
    files: ['dist'],
    engines: { node: '>=20.19' },
    scripts: {
      build: 'tsc -p tsconfig.build.json --noCheck',
      test: 'vitest run',
    },
    dependencies: {},
    devDependencies: {},
  }, null, 2) + '\n');
}
writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
  extends: '../../tsconfig.base.json',
  compilerOptions: { rootDir: 'src', outDir: 'dist' },
  include: ['src'],
}, null, 2) + '\n');
writeFileSync(join(dir, 'tsconfig.build.json'), JSON.stringify({
  extends: './tsconfig.json',
  exclude: ['src/**/*.test.ts', 'src/**/fixtures/**', 'src/test-support/**'],
}, null, 2) + '\n');
