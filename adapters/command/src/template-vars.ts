import type { SessionInputJson } from './session-input.js';
import type { TemplateVars } from './template.js';

/** Names skill-eval fills in itself; `${kwargs.<key>}` comes on top. They win over environment variables. */
export const BUILTIN_NAMES: ReadonlySet<string> = new Set([
  'workspace',
  'prompt',
  'messages',
  'messages_json',
  'session_input',
  'session_input_json',
  'input_file',
  'output_file',
  'artifacts_dir',
  'model',
  'model_provider',
  'model_name',
  'api_key',
  'case_id',
  'variant',
  'max_turns',
  'timeout_seconds',
  'kwargs',
  'kwargs_json',
]);

/** The template variables of one call, as skill-up defines them (`${model}` is whatever model string we have). */
export function buildTemplateVars(
  input: SessionInputJson,
  files: { inputFile: string; outputFile: string; artifactsDir: string },
): TemplateVars {
  const model = input.model ?? '';
  const slash = model.indexOf('/');
  const messagesJson = JSON.stringify(input.messages);
  const kwargsJson = JSON.stringify(input.kwargs);
  const only = input.messages.length === 1 && input.messages[0]!.role === 'user' ? input.messages[0]!.content : '';
  const vars: TemplateVars = {
    workspace: input.workspace,
    prompt: only,
    messages: messagesJson,
    messages_json: messagesJson,
    session_input: JSON.stringify(input),
    session_input_json: JSON.stringify(input),
    input_file: files.inputFile,
    output_file: files.outputFile,
    artifacts_dir: files.artifactsDir,
    model,
    model_provider: slash > 0 ? model.slice(0, slash) : '',
    model_name: slash > 0 ? model.slice(slash + 1) : model,
    case_id: input.case_id,
    variant: input.variant,
    max_turns: input.max_turns === undefined ? '' : String(input.max_turns),
    timeout_seconds: String(input.timeout_seconds),
    kwargs: kwargsJson,
    kwargs_json: kwargsJson,
  };
  for (const [key, value] of Object.entries(input.kwargs)) vars[`kwargs.${key}`] = value;
  return vars;
}
