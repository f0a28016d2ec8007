/** AgentV 5's eval-file loader (packages/core/src/evaluation/yaml-parser.ts), bundled by build/build.sh. */
export function loadTests(evalFilePath: string, repoRoot: string): Promise<readonly Record<string, unknown>[]>;
export function loadTestSuite(evalFilePath: string, repoRoot: string): Promise<Record<string, unknown>>;
