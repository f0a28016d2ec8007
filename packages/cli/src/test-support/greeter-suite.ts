/** A skill that greets like a pirate: its answers open with "Ahoy". */
export const PIRATE_SKILL = '---\nname: greeter\ndescription: Greets like a pirate.\n---\nAlways open with "Ahoy".\n';

/** A skill-up eval.yaml on claude_code listing `evals/cases/<name>.yaml` for each name, plus `extra` lines. */
export function greeterEvalYaml(caseNames: readonly string[], extra = ''): string {
  return [
    'schema_version: v1alpha1',
    'environment:',
    '  type: none',
    'engine:',
    '  name: claude_code',
    'cases:',
    '  files:',
    ...caseNames.map((name) => `    - evals/cases/${name}.yaml`),
    extra,
  ].join('\n');
}

/** A skill-up case file whose answer must contain "Ahoy". */
export const greeterCaseYaml = (id: string, prompt: string): string =>
  `id: ${id}\ninput:\n  prompt: "${prompt}"\nexpect:\n  must_contain: ["Ahoy"]\n`;
