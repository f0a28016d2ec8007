import type { FixtureFile } from '@skill-eval/core';
import type { ReadContext } from './context.js';
import type { DocPath, Source } from './source.js';

/** A value together with the file and path it was read from, for diagnostics. */
export interface Located<T = unknown> {
  value: T;
  source: Source;
  path: DocPath;
}

/** One prompt template: a string, or a chat prompt (a message list). */
export interface PromptTemplate {
  template: string | { role: string; content: unknown }[];
  /** AgentV 5's id of the prompt (`identity.id`), which names the cases of a suite with several prompts. */
  id: string;
  /** `label`/`id` of a prompt object. */
  label?: string;
  at: Located;
}

/** How the workspace of every case is prepared, from `environment` (v5) or `workspace` (4.x). */
export interface WorkspaceDefaults {
  overlays: string[];
  setup: string[];
  teardown: string[];
}

/** Everything at suite level that shapes each case. */
export interface SuiteDefaults {
  ctx: ReadContext;
  prompts: PromptTemplate[] | undefined;
  /** `default_test` (v5): vars, prompts, assert, threshold, metadata merged into every test. */
  defaultTest: Located<Record<string, unknown>> | undefined;
  /** Suite-level assertions appended to every test (v5 `assert`, 4.x `assertions`/`execution.assertions`). */
  suiteAssert: Located<unknown>[];
  /** 4.x top-level `input`, prepended to every test's input. */
  suiteInput: Located | undefined;
  inputFiles: FixtureFile[];
  threshold: number | undefined;
  timeoutSeconds: number | undefined;
  runs: number | undefined;
  tags: string[];
  engine: string | undefined;
  workspace: WorkspaceDefaults;
}

const ENGINES: Record<string, string> = {
  claude: 'claude-code',
  'claude-cli': 'claude-code',
  'claude-code': 'claude-code',
  'claude-sdk': 'claude-code',
  codex: 'codex',
  'codex-cli': 'codex',
  'codex-sdk': 'codex',
  anthropic: 'anthropic',
  openai: 'openai',
  'azure-openai': 'openai',
  qodercli: 'qodercli',
};

/** The skill-eval engine an AgentV provider/target names, when it is one skill-eval has. */
export function engineHint(provider: unknown): string | undefined {
  const list = Array.isArray(provider) ? provider : [provider];
  if (list.length !== 1) return undefined;
  const one = list[0];
  const id =
    typeof one === 'string'
      ? one
      : typeof one === 'object' && one !== null
        ? ((one as Record<string, unknown>).provider ?? (one as Record<string, unknown>).id)
        : undefined;
  if (typeof id !== 'string') return undefined;
  return ENGINES[id.toLowerCase().split(':')[0]!];
}
