import { isSuiteName, isYamlName, kindOfText } from './file-kind.js';

/** Names this format claims in a folder scan; a pattern with `/` matches the path below the folder. */
export const FILE_PATTERNS = ['eval.yaml', 'eval.yml', '**/cases/*.yaml', '**/cases/*.yml'] as const;

const inCasesDir = (file: string) => /(^|[\\/])cases[\\/][^\\/]+$/.test(file);

/**
 * How sure (0..1) it is that `text` is a skill-up file (reference §8.3): `schema_version`, or `engine`
 * with `cases.files`, is a suite; an `input` map with `prompt` or `turns` is a case. AgentV keys
 * (`tests`, `scenarios`, `prompts` …) rule it out. Broken YAML is claimed weakly, and only under
 * skill-up's own names with a skill-up key in sight, so loading it can say what is wrong.
 */
export function detectSkillUp(file: string, text: string): number {
  if (!isYamlName(file)) return 0;
  const kind = kindOfText(text);
  if (kind === undefined) {
    if (isSuiteName(file) && /^schema_version\s*:/m.test(text)) return 0.5;
    if (inCasesDir(file) && /^input\s*:/m.test(text)) return 0.5;
    return 0;
  }
  if (kind === 'suite') return 0.95;
  if (kind === 'case') return 0.9;
  return 0;
}
