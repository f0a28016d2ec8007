import { join, resolve } from 'node:path';
import { observedExists, readSkillRef, type SkillRef } from '@skill-eval/core';
import type { ParsedYaml } from '@skill-eval/format-kit';
import { SKILL_UP_DEFAULTS, type SuiteDefaults } from './case-context.js';
import type { DiagnosticSink } from './diagnostic-sink.js';
import { engineHint } from './engine-name.js';
import { mapEnvironment } from './map-environment.js';
import { expectGates } from './map-expect.js';
import { judgeAndJudges, mapJudge } from './map-judge.js';
import { mapJudgeList } from './map-judge-list.js';
import { mapMcpServers } from './map-mcp.js';
import type { SkillUpSuiteFile } from './suite-schema.js';
import { nodeAt } from './yaml-path.js';

interface SuiteRead {
  /** The eval.yaml being read. */
  file: string;
  doc: SkillUpSuiteFile;
  yaml: ParsedYaml;
  sink: DiagnosticSink;
  root: string;
  /** SKILL.md of the root, when there is one. */
  skill: SkillRef | undefined;
}

/**
 * What eval.yaml gives its cases: `environment` is where they run (map-environment.ts). Each field skill-eval cannot
 * apply yet (engine model and switches, report, user simulator) is reported once here, at its key; it stays in the
 * suite settings. `cases.parallelism` and `benchmark.enabled` reach the runner through the suite settings
 * (load-suite.ts); `cases.retry_policy` becomes every case's `retry`.
 */
export function suiteDefaults({ file, doc, yaml, sink, root, skill }: SuiteRead): SuiteDefaults {
  const at = (...path: PropertyKey[]) => nodeAt(yaml, path);
  const unapplied = (path: PropertyKey[], what: string) =>
    sink.warning(
      'not-honoured',
      `"${path.join('.')}" (${what}) is not applied by skill-eval yet; it is kept in the suite settings.`,
      at(...path),
    );

  const env = doc.environment;
  const environment = mapEnvironment(env, { yaml, sink, file });
  if (doc.report !== undefined)
    unapplied(
      ['report'],
      'output formats: every run writes results.jsonl, summary.json and junit.xml, and `skill-eval report <run> --html` the HTML report',
    );

  const engine = readEngine(doc, yaml, sink, unapplied);
  const model = pinnedModel(doc.engine?.model);
  const skills = readSkills(doc, yaml, sink, root, skill);
  const ctx = { sink, yaml, suite: undefined as unknown as SuiteDefaults };
  const defaults: SuiteDefaults = {
    skillRoot: root,
    skills,
    timeoutSeconds: doc.cases.defaults?.timeout_seconds || SKILL_UP_DEFAULTS.timeoutSeconds,
    maxTurns: doc.cases.defaults?.max_turns || SKILL_UP_DEFAULTS.maxTurns,
    expectGates: [],
    collectArtifacts: doc.cases.defaults?.collect_artifacts ?? [],
    judge: undefined,
    engine,
    ...(model ? { model } : {}),
    mcpServers: mapMcpServers(doc, { file, yaml, sink, root }),
    setup: (env.setup_steps ?? []).map((step) => step.run),
    ...(environment ? { environment } : {}),
    retry: retryOf(doc.cases.retry_policy),
    ...userSimulatorOf(doc.user_simulator, yaml, sink),
  };
  ctx.suite = defaults;
  if (doc.cases.defaults?.expect) {
    defaults.expect = doc.cases.defaults.expect;
    defaults.expectGates = expectGates(doc.cases.defaults.expect, ['cases', 'defaults', 'expect'], ctx);
  }
  if (doc.judge) {
    const { type } = doc.judge;
    if (!type && Object.keys(doc.judge).length > 0) {
      sink.warning(
        'judge-without-type',
        'The suite judge has no type, so skill-up ignores it; add type: rule_based, script or agent_judge.',
        at('judge'),
      );
    }
    const mapped = type
      ? mapJudge({ ...doc.judge, type }, ['judge'], ctx, new Set(), { suiteDefault: true })
      : undefined;
    defaults.judge = { raw: doc.judge, mapped };
    if (type === 'agent_judge' && !doc.judge.criteria?.length) {
      let reported = false;
      defaults.judge.usedWithoutCriteria = () => {
        if (reported) return;
        reported = true;
        sink.error(
          'missing-key',
          '"judge.criteria" is missing or empty, and a case without a judge of its own uses this one; an agent_judge lists the criteria to grade.',
          at('judge'),
        );
      };
    }
  }
  if (doc.judges) {
    if (doc.judge !== undefined) judgeAndJudges(sink, yaml);
    defaults.judges = mapJudgeList(doc.judges, ['judges'], ctx);
  }
  return defaults;
}

/**
 * `user_simulator` of eval.yaml: provider, model and a protocol of `openai` or `anthropic` are required, as skill-up's
 * validator and `usersimulator.New` require them (internal/config/user_simulator_test.go; simulator.go:60-61). The
 * simulated user is played by the run's judge, with its own credential and endpoint: the model is asked of the judge
 * of the protocol's provider (as a pinned judge model is), and `provider` — which names the variables skill-up reads
 * a key and an endpoint from — is not used.
 */
function userSimulatorOf(
  spec: SkillUpSuiteFile['user_simulator'],
  yaml: ParsedYaml,
  sink: DiagnosticSink,
): Pick<SuiteDefaults, 'userSimulator'> {
  if (spec === undefined) return {};
  const at = (...path: PropertyKey[]) => nodeAt(yaml, ['user_simulator', ...path]);
  const missing = (['provider', 'model', 'protocol'] as const).filter((key) => !spec[key]?.trim());
  if (missing.length > 0) {
    sink.error(
      'user-simulator',
      `user_simulator needs ${missing.join(', ')}: skill-up refuses a simulator without provider, model and protocol (openai or anthropic).`,
      at(),
    );
    return {};
  }
  if (spec.protocol !== 'openai' && spec.protocol !== 'anthropic') {
    sink.error(
      'bad-value',
      `user_simulator.protocol is ${JSON.stringify(spec.protocol)}; skill-up speaks only openai or anthropic to the simulator.`,
      at('protocol'),
    );
    return {};
  }
  sink.info(
    'user-simulator',
    `The simulated user is played by ${spec.model} through the run's judge of ${spec.protocol}, with its credential and endpoint; user_simulator.provider (${spec.provider}), which names where skill-up finds a key and an endpoint, is not used.`,
    at('provider'),
  );
  const timeout = spec.timeout_seconds;
  return {
    userSimulator: {
      model: `${spec.protocol}/${spec.model!.trim()}`,
      ...(timeout !== undefined && timeout > 0 ? { timeoutSeconds: timeout } : {}),
    },
  };
}

/**
 * `retry_policy` as a case retry: `max_retries` absent reads as 0 (skill-up's zero value: no retry), `retry_on`
 * absent as both kinds.
 */
function retryOf(policy: SkillUpSuiteFile['cases']['retry_policy']): SuiteDefaults['retry'] {
  if (!policy?.max_retries) return undefined;
  return { max: policy.max_retries, on: policy.retry_on ?? ['timeout', 'error'] };
}

function readEngine(
  doc: SkillUpSuiteFile,
  yaml: ParsedYaml,
  sink: DiagnosticSink,
  unapplied: (path: PropertyKey[], what: string) => void,
): string | undefined {
  const engine = doc.engine;
  // No engine named: skill-up's default (claude_code) is left to skill-eval's own default engine.
  if (!engine) return undefined;
  const { name, type } = engine;
  if (name && type && name !== type) {
    sink.error(
      'engine-conflict',
      `engine.name is ${JSON.stringify(name)} but engine.type is ${JSON.stringify(type)}; they are the same field, keep one.`,
      nodeAt(yaml, ['engine', 'type']),
    );
    return undefined;
  }
  const chosen = name || type;
  const hint = chosen ? engineHint(chosen) : undefined;
  // A custom engine is mapped onto the command engine by the suite loader (map-custom-engine.ts).
  for (const key of ['kwargs', 'version', 'entry'] as const) {
    if (engine[key] !== undefined) unapplied(['engine', key], 'engine option');
  }
  // The model's provider and name are applied (see pinnedModel); its endpoint and parameters are not.
  for (const key of ['base_url', 'params'] as const) {
    if (engine.model?.[key] !== undefined) unapplied(['engine', 'model', key], 'model endpoint or parameters');
  }
  return hint;
}

/** `engine.model` as one string: `provider/name`, or `name` without a provider; undefined without a name. */
function pinnedModel(model: NonNullable<SkillUpSuiteFile['engine']>['model']): string | undefined {
  const name = model?.name?.trim();
  if (!name) return undefined;
  const provider = model?.provider?.trim();
  return provider ? `${provider}/${name}` : name;
}

function readSkills(
  doc: SkillUpSuiteFile,
  yaml: ParsedYaml,
  sink: DiagnosticSink,
  root: string,
  skill: SkillRef | undefined,
): SkillRef[] {
  const skills: SkillRef[] = skill ? [skill] : [];
  (doc.skills ?? []).forEach((entry, i) => {
    const at = nodeAt(yaml, ['skills', i]);
    if (entry.source === 'registry') {
      sink.warning(
        'not-honoured',
        `skills[${i}] comes from a registry; skill-eval stages local skills only. It is kept in the suite settings.`,
        at,
      );
      return;
    }
    const dir = resolve(root, entry.path ?? '.');
    // The root itself without a SKILL.md was already reported (no-skill-root).
    if (skills.some((s) => s.dir === dir) || (!skill && dir === root)) return;
    if (observedExists(join(dir, 'SKILL.md'))) skills.push(readSkillRef(dir));
    else
      sink.warning(
        'missing-fixture',
        `skills[${i}] path ${JSON.stringify(entry.path ?? '.')} has no SKILL.md (looked in ${dir}); it is not staged.`,
        at,
      );
  });
  return skills;
}
