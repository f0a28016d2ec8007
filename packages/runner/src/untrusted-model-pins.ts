import type { Case } from '@skill-eval/core';
import { applyPolicy, type PolicyFinding } from './policy/apply-policy.js';

/** The models a case may pin, by what each is asked to do: each becomes the `engine model` of the engine asked. */
const PINS: readonly { role: string; of: (testCase: Case) => string | undefined }[] = [
  { role: 'the model of its agent', of: (testCase) => testCase.model },
  { role: 'the model of its judge', of: (testCase) => testCase.judge },
  { role: 'the model that plays its user', of: (testCase) => testCase.userSimulator?.model },
];

/**
 * The models a case pins (whatever its format: skill-up `engine.model`, SkillKit's `model`, `execution.model`, a
 * promptfoo provider's model, a judge's or a simulated user's) that the policy refuses from an eval file without
 * --trust: each is checked as the `engine model` setting it becomes, since an engine hands it to its agent CLI on the
 * command line. Each finding names the role the model plays.
 */
export function untrustedModelPins(testCase: Case, trust: boolean): { role: string; finding: PolicyFinding }[] {
  const pins = PINS.flatMap(({ role, of }) => {
    const value = of(testCase);
    return value === undefined ? [] : [{ role, use: { path: 'engine model', value } }];
  });
  const { refused } = applyPolicy(
    'eval-file',
    pins.map((pin) => pin.use),
    { trust },
  );
  return refused.map((finding) => ({ role: pins.find((pin) => pin.use === finding.use)!.role, finding }));
}
