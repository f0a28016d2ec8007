import { type Check, SkillEvalError } from '@skill-eval/core';
import { textValue } from './check-value.js';

/** The regex check's pattern and flags, compiled; a bad pattern or flag is BAD_INPUT (also found at load time). */
export function compileRegex(check: Check): { re: RegExp; pattern: string; flags: string } {
  const pattern = textValue(check);
  const flags = check.flags === undefined ? '' : String(check.flags);
  try {
    // `g` would make exec() stateful; one match is all a check needs.
    return { re: new RegExp(pattern, flags.replaceAll('g', '')), pattern, flags };
  } catch (error) {
    throw new SkillEvalError('BAD_INPUT', `invalid regex /${pattern}/${flags}: ${(error as Error).message}`, {
      hint: 'patterns use JavaScript regular expression syntax',
    });
  }
}
