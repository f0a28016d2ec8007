import type { Case, Diagnostic, Suite } from '@skill-eval/core';
import { caseNeedsJudge } from '@skill-eval/grading/before-grading';
import { splitModel } from '@skill-eval/runner';

type Env = Readonly<Record<string, string | undefined>>;

/** `engine.model.provider` of a skill-up suite, as eval.yaml writes it (kept verbatim in `suite.settings.engine`). */
function suiteProvider(suite: Suite): string | undefined {
  const engine = suite.settings.engine as { model?: { provider?: unknown } } | undefined;
  const provider = engine?.model?.provider;
  return typeof provider === 'string' && provider.trim() ? provider.trim().toLowerCase() : undefined;
}

/** skill-up's provider-scoped variable: `openai` → `OPENAI_MODEL`. */
const modelVariable = (provider: string) => `${provider.toUpperCase()}_MODEL`;

/**
 * skill-up suites as skill-up resolves their models: once a role's provider is known (the agent's
 * `engine.model.provider`; the judge's `agent_judge.model` prefix, else the agent's), `<PROVIDER>_MODEL` (from the
 * environment or `.env`) names its model over what the eval files pin — the command line's model still wins over both
 * (`-e engine:model`, `--judge id:model`). A judge without a model of its own takes the agent provider's variable, as
 * in skill-up. Each override is noted once per suite, at eval.yaml.
 */
export function withProviderModels(suites: readonly Suite[], env: Env): { suites: Suite[]; notes: Diagnostic[] } {
  const notes: Diagnostic[] = [];
  const updated = suites.map((suite) => {
    if (suite.format !== 'skill-up') return suite;
    const overridden = new Map<string, Set<string>>();
    const fromEnv = (provider: string | undefined, pinned: string | undefined): string | undefined => {
      if (!provider) return pinned;
      const variable = modelVariable(provider);
      const value = env[variable]?.trim();
      if (!value) return pinned;
      const pinnedName = pinned === undefined ? undefined : splitModel(pinned).name;
      if (pinnedName !== undefined && pinnedName !== value) {
        overridden.set(variable, (overridden.get(variable) ?? new Set()).add(pinned!));
      }
      return `${provider}/${value}`;
    };
    const cases = suite.cases.map((testCase): Case => {
      const agentProvider = (testCase.model && splitModel(testCase.model).provider) ?? suiteProvider(suite);
      const model = fromEnv(agentProvider, testCase.model);
      const judgeProvider = (testCase.judge && splitModel(testCase.judge).provider) ?? agentProvider;
      const judge = testCase.judge
        ? fromEnv(judgeProvider, testCase.judge)
        : caseNeedsJudge(testCase)
          ? fromEnv(agentProvider, undefined)
          : undefined;
      const { model: _model, judge: _judge, ...rest } = testCase;
      return { ...rest, ...(model ? { model } : {}), ...(judge ? { judge } : {}) };
    });
    for (const [variable, pins] of overridden) {
      notes.push({
        severity: 'info',
        ruleId: 'skill-up/provider-model',
        message: `${variable} is set to "${env[variable]!.trim()}": skill-up uses it over the model${pins.size > 1 ? 's' : ''} the eval files pin (${[...pins].join(', ')}), and so does skill-eval. A model named on the command line still wins.`,
        file: suite.file,
      });
    }
    return { ...suite, cases };
  });
  return { suites: updated, notes };
}
