const NO_SPANS = 'needs OpenTelemetry trace spans, which skill-eval does not collect (it records tool calls instead)';
const SEVERAL_OUTPUTS =
  'compares the outputs of several prompts or providers for one test, and skill-eval grades each execution on its own';

/**
 * promptfoo and AgentV assertion types that have no faithful mapping onto skill-eval's checks: why not, and
 * what to use instead. A type listed here that a check later implements (a key of the registry) stops being
 * unsupported.
 */
export const UNSUPPORTED_CHECK_TYPES: Readonly<Record<string, string>> = {
  meteor:
    "needs WordNet synonym data: promptfoo's meteor matches synonyms through the natural package's WordNet database, which skill-eval does not ship; use bleu, gleu or rouge-n, or an llm-rubric",
  'finish-reason':
    "needs the model's finish reason, which an agent session does not record (a run ends with a status and an exit code); use exit-code, or a turn or time limit",
  perplexity: 'needs token log-probabilities, which agent engines do not report; use an llm-rubric',
  'perplexity-score': 'needs token log-probabilities, which agent engines do not report; use an llm-rubric',
  similar:
    'needs an embedding model to compare meanings; use rouge-n, bleu or gleu to compare wording, or an llm-rubric to compare meaning',
  classifier: 'needs a HuggingFace text-classification model; use an llm-rubric that describes the class',
  moderation: 'needs a moderation API (OpenAI or Replicate); use is-refusal or an llm-rubric',
  guardrails:
    "reads the provider's guardrail flags, which agent engines do not report; use is-refusal or an llm-rubric",
  pi: 'needs the Pi Labs scoring API; use an llm-rubric',
  'select-best': `${SEVERAL_OUTPUTS}; compare runs in the report, or grade each with an llm-rubric`,
  'max-score': `${SEVERAL_OUTPUTS}; compare runs in the report`,
  human:
    "waits for a person to grade in promptfoo's viewer, and skill-eval has no manual grading step; use an llm-rubric",
  'trace-span-count': `${NO_SPANS}; use tool-called, tool-trajectory or trajectory:step-count`,
  'trace-span-duration': `${NO_SPANS}; use latency or execution-metrics max_duration_ms`,
  'trace-error-spans': `${NO_SPANS}; use an llm-rubric or a script check on the transcript`,
  'promptfoo:redteam':
    "needs promptfoo's red-team plugins and their grading prompts; run red-team suites with promptfoo itself",
  ruby: "runs Ruby in promptfoo's Ruby worker; use a script check (value: ruby check.rb), javascript or python",
  include: 'is an AgentV assertion include, which skill-eval does not resolve; inline the included assertions',
};

/** Why a normalised type is unsupported, or undefined; `similar:cosine` and `promptfoo:redteam:*` share their family's reason. */
export function unsupportedReason(type: string): string | undefined {
  if (Object.hasOwn(UNSUPPORTED_CHECK_TYPES, type)) return UNSUPPORTED_CHECK_TYPES[type];
  const family = type.startsWith('promptfoo:redteam:') ? 'promptfoo:redteam' : type.split(':')[0];
  return family !== type && family !== undefined && Object.hasOwn(UNSUPPORTED_CHECK_TYPES, family)
    ? UNSUPPORTED_CHECK_TYPES[family]
    : undefined;
}
