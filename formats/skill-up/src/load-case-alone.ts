import { basename, dirname, relative } from 'node:path';
import { type LoadResult, readSkillRef, type Suite } from '@skill-eval/core';
import { buildCase } from './build-case.js';
import { SKILL_UP_DEFAULTS, type SuiteDefaults } from './case-context.js';
import { findCaseOwner } from './case-owner.js';
import { SkillUpCaseFileSchema } from './case-schema.js';
import type { LoadOptions } from './load-suite.js';
import { readYamlFile } from './read-yaml-file.js';
import { evalDirOfCase, skillRootFor } from './skill-root.js';
import { nodeAt } from './yaml-path.js';

/**
 * Reads a case file named on its own. A case file its eval.yaml lists belongs to that suite and
 * yields nothing here; any other loads as a suite of one case with skill-up's defaults.
 */
export function loadCaseAlone(file: string, text: string, options: LoadOptions = {}): LoadResult {
  const owner = findCaseOwner(file);
  if (owner?.lists) {
    const diagnostics = [
      {
        severity: 'info' as const,
        ruleId: 'skill-up/belongs-to-suite',
        message: `This case is listed in ${relative(dirname(file), owner.evalFile)} and loads with that suite; run that file to run it.`,
        file,
        line: 1,
        column: 1,
      },
    ];
    return { suites: [], diagnostics };
  }
  const read = readYamlFile(file, text, SkillUpCaseFileSchema, 'case file (input.prompt, judge …)');
  const { sink, yaml, value } = read;
  if (!value || !yaml) return { suites: [], diagnostics: sink.diagnostics };
  const top = nodeAt(yaml, []);
  if (owner) {
    sink.warning(
      'unlisted-case',
      `${relative(dirname(file), owner.evalFile)} does not list this case in cases.files, so skill-up would not run it; it loads on its own with skill-up's defaults. Add it to cases.files.`,
      top,
    );
  } else {
    sink.info(
      'standalone-case',
      "No eval.yaml lists this case; it loads as a suite of one case with skill-up's defaults (300 s timeout, 10 turns).",
      top,
    );
  }
  const { root, found } = skillRootFor(evalDirOfCase(file));
  if (!found)
    sink.warning(
      'no-skill-root',
      `No SKILL.md within 10 levels above this file; paths resolve from ${root}, as skill-up falls back to.`,
      top,
    );
  const skill = found ? readSkillRef(root) : undefined;
  const defaults: SuiteDefaults = {
    skillRoot: root,
    skills: skill ? [skill] : [],
    timeoutSeconds: SKILL_UP_DEFAULTS.timeoutSeconds,
    maxTurns: SKILL_UP_DEFAULTS.maxTurns,
    expectGates: [],
    collectArtifacts: [],
    judge: undefined,
    engine: undefined,
    mcpServers: [],
  };
  const built = buildCase(read, { file, sink, yaml, suite: defaults });
  if (!built) return { suites: [], diagnostics: sink.diagnostics };
  const suite: Suite = {
    id: relative(options.cwd ?? process.cwd(), file) || basename(file),
    name: skill?.name ?? built.id,
    file,
    format: 'skill-up',
    skill,
    cases: [built],
    settings: { skillRoot: root, standalone: true },
  };
  return { suites: [suite], diagnostics: sink.diagnostics };
}
