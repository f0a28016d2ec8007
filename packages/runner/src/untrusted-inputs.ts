import { relative } from 'node:path';
import type { Case, Diagnostic, Suite } from '@skill-eval/core';
import { MODEL_KEY_VARIABLES } from './child-env.js';
import { untrustedMcpServer } from './resolve-mcp-servers.js';
import { untrustedModelPins } from './untrusted-model-pins.js';
import { createWorkspaceScanner, type WorkspaceRisk } from './untrusted-workspace.js';

export interface UntrustedInputsOptions {
  /** The user passed --trust: only what stays refused even then is reported. */
  trust: boolean;
  /** Variables the run's engines and judge read their model keys from, beyond {@link MODEL_KEY_VARIABLES}. */
  modelKeys?: readonly string[];
  /** Directory the messages name files relative to (default: as they are). */
  cwd?: string;
}

/** Who runs what a workspace brings, in the words of a message. */
const ACTORS: Record<string, string> = {
  git: 'git (skill-eval’s own, the agent’s and the agent CLI’s own git status) honours it',
  claude: 'claude runs it before and beside what the model decides',
  qodercli: 'qodercli runs it before and beside what the model decides',
};

/**
 * Everything in the suites that would start a program, read outside its folder or send data away without the user
 * having said --trust — real MCP servers, fixture repositories whose git config runs programs, agent settings files
 * with hooks, pinned models that an agent CLI could read as options — and the model keys an MCP server may never be
 * handed, even with --trust. Each is an error diagnostic at the eval file and line that brings it (a fixture's and a
 * pinned model's at its case), one per thing, found before any agent runs.
 */
export async function findUntrustedInputs(
  suites: readonly Suite[],
  options: UntrustedInputsOptions,
): Promise<Diagnostic[]> {
  const modelKeys = [...MODEL_KEY_VARIABLES, ...(options.modelKeys ?? [])];
  const shown = (file: string) => (options.cwd ? relative(options.cwd, file) || file : file);
  const found = new Map<string, Diagnostic>();
  const report = (ruleId: string, message: string, at: { file: string; line?: number; column?: number }) => {
    if (found.has(message)) return; // a fixture many cases share is named once, at the first of them
    const position = { ...(at.line ? { line: at.line } : {}), ...(at.column ? { column: at.column } : {}) };
    found.set(message, { severity: 'error', ruleId, message, file: at.file, ...position });
  };
  const workspaceRisks = createWorkspaceScanner();
  for (const testCase of suites.flatMap((s) => s.cases)) {
    for (const server of testCase.mcpServers) {
      const refusal = untrustedMcpServer(server, { trust: options.trust, modelKeys });
      if (refusal) report('trust/mcp-server', `${refusal.message} ${refusal.hint}`, server.source ?? testCase.source);
    }
    if (options.trust) continue;
    for (const { role, finding } of untrustedModelPins(testCase, options.trust)) {
      // No case name in it: a model the whole file pins (SkillKit's, skill-up's eval.yaml) is named once.
      const model = JSON.stringify(finding.use.value);
      report(
        'trust/model-name',
        `The case pins ${model} as ${role}, and a model ${finding.why}, so the case runs only with --trust. Write the model's plain id (claude-sonnet-4-5, openai/gpt-5), or read it, then pass --trust.`,
        testCase.source,
      );
    }
    for (const risk of await workspaceRisks(testCase.workspace, testCase.source.file)) {
      report(ruleOf(risk), riskMessage(risk, testCase, shown), testCase.source);
    }
  }
  return [...found.values()];
}

const ruleOf = (risk: WorkspaceRisk) => (risk.actor === 'git' ? 'trust/fixture-repository' : 'trust/agent-settings');

function riskMessage(risk: WorkspaceRisk, testCase: Case, shown: (file: string) => string): string {
  const where =
    risk.file === testCase.source.file ? 'The case' : `${shown(risk.file)}${risk.line ? `:${risk.line}` : ''}`;
  const fix = risk.file === testCase.source.file ? 'remove it from the eval file' : 'remove it from the fixture';
  return `${where} ${risk.what}; ${ACTORS[risk.actor] ?? `${risk.actor} acts on it by itself`}, so the case runs only with --trust. Read it, then pass --trust, or ${fix}.`;
}
