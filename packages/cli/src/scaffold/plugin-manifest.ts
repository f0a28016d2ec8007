import type { PluginKind } from './plugin-name.js';

/**
 * The build and test tools of a new plugin package: the ranges skill-eval itself builds and tests with, whose
 * majors all run on Node 20 (vitest 4 is the one @skill-eval/testing's conformance suites are written for).
 */
export const DEV_TOOL_RANGES = { '@types/node': '^20.19.0', typescript: '~5.9.3', vitest: '^4.0.0' } as const;

const DESCRIPTIONS: Record<PluginKind, string> = {
  engine: 'A skill-eval engine: runs eval cases on an agent program.',
  format: 'A skill-eval format: reads one-case-a-line eval files.',
  environment: 'A skill-eval environment: runs executions on this machine.',
};

/** What the package.json of a new plugin needs to know beyond its kind and name. */
export interface ManifestVersions {
  /** The range of `@skill-eval/core`, the contracts. */
  core: string;
  /** The range of `@skill-eval/testing`, the conformance suites. */
  testing: string;
}

/** The package.json of a new plugin: ESM, built to dist/ by tsc, tested after the build by vitest. */
export function pluginManifest(kind: PluginKind, packageName: string, versions: ManifestVersions): string {
  const manifest = {
    name: packageName,
    version: '0.1.0',
    description: DESCRIPTIONS[kind],
    keywords: ['skill-eval', `skill-eval-${kind}`],
    license: 'MIT',
    type: 'module',
    exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js' } },
    files: ['dist'],
    engines: { node: '>=20.19' },
    scripts: {
      build: 'tsc -p tsconfig.build.json',
      typecheck: 'tsc --noEmit',
      test: 'npm run build && vitest run',
      prepack: 'npm run build',
    },
    dependencies: { '@skill-eval/core': versions.core },
    devDependencies: { '@skill-eval/testing': versions.testing, ...DEV_TOOL_RANGES },
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** tsconfig.json (the sources and their tests, type-checked) and tsconfig.build.json (the sources, built to dist/). */
export function pluginTsconfigs(): Record<string, string> {
  const compilerOptions = {
    target: 'ES2023',
    lib: ['ES2023'],
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    noUncheckedIndexedAccess: true,
    verbatimModuleSyntax: true,
    declaration: true,
    rootDir: 'src',
    outDir: 'dist',
    types: ['node'],
    skipLibCheck: true,
  };
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  return {
    'tsconfig.json': json({ compilerOptions, include: ['src'] }),
    'tsconfig.build.json': json({ extends: './tsconfig.json', exclude: ['src/**/*.test.ts'] }),
  };
}
