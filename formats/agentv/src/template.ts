const SIMPLE = /\{\{\s*([A-Za-z_]\w*(?:\.\w+)*)\s*\}\}/g;
const ONLY_SIMPLE = /^\s*\{\{\s*([A-Za-z_]\w*(?:\.\w+)*)\s*\}\}\s*$/;

/** The outcome of rendering one prompt template. */
export interface Rendered {
  text: string;
  /** Variables referenced but not set (rendered empty, as nunjucks does). */
  missing: string[];
  /** The template uses nunjucks beyond `{{ name }}` (filters, tags, comments, expressions, `{{ env.X }}`), left as written. */
  fancy: boolean;
}

/** `{{ env.X }}` reads the environment in AgentV, not the test's vars. */
const isEnvReference = (name: string) => name.startsWith('env.');

/** Looks a dotted name (`user.name`, `items.0`) up in the vars. */
export function lookupVar(vars: Record<string, unknown>, name: string): unknown {
  let value: unknown = vars;
  for (const part of name.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** The variable a template consists of alone (`"{{ input }}"`), which may then stand for a message list. */
export function soleVariable(template: string): string | undefined {
  return ONLY_SIMPLE.exec(template)?.[1];
}

/** An `{{ env.NAME … }}` template, which AgentV fills from the environment when it loads the file. */
export const ENV_TEMPLATE = /\{\{\s*env\.[\s\S]*?\}\}/g;

/**
 * AgentV 4's `${{ NAME }}`, filled from the environment when it loads the file (`ENV_VAR_PATTERN` and
 * `interpolateEnv`, @agentv/core 4.42.4 dist/chunk-Z5WVZ5VI.js:1858, 1898-1905).
 */
export const AGENTV4_ENV_TEMPLATE = /\$\{\{\s*[A-Za-z_][A-Za-z0-9_]*\s*\}\}/g;

/** Whether a template uses nunjucks features beyond plain `{{ name }}` substitution. */
export function isFancyTemplate(template: string): boolean {
  if (/\{%|\{#/.test(template)) return true;
  return template.replace(SIMPLE, '').includes('{{');
}

/** A value written into text: strings as they are, objects and lists as JSON. */
const asText = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);

/**
 * Substitutes plain `{{ name }}` references (promptfoo/AgentV style). Filters, loops and other
 * nunjucks syntax are not evaluated: they stay in the text and `fancy` is set so the caller warns.
 */
export function renderTemplate(
  template: string,
  vars: Record<string, unknown>,
  written: (value: unknown) => string = asText,
): Rendered {
  const missing: string[] = [];
  let readsEnvironment = false;
  const text = template.replace(SIMPLE, (match, name: string) => {
    const value = lookupVar(vars, name);
    if ((value === undefined || value === null) && isEnvReference(name)) {
      readsEnvironment = true;
      return match;
    }
    if (value === undefined || value === null) {
      missing.push(name);
      return '';
    }
    return written(value);
  });
  return { text, missing, fancy: readsEnvironment || isFancyTemplate(template) };
}
