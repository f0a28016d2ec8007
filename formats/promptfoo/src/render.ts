import type Nunjucks from 'nunjucks';
import { renderPlainTemplate } from './plain-template.js';
import {
  inPart,
  MAX_FILE_OUTPUT,
  MAX_TEMPLATE_OUTPUT,
  newTemplateBudget,
  renderSafeTemplate,
  type TemplateBudget,
  TemplateRefused,
  TemplateTooCostly,
} from './safe-template.js';

/**
 * nunjucks, imported when a config needs it rather than with this module: the format is imported to detect every
 * YAML and JSON file a command reads, and most are not promptfoo's (nunjucks is a fifth of the code a `list` of a
 * YAML file would otherwise load); and most configs' templates are plain `{{ name }}` text (plain-template.ts).
 */
let nunjucks: typeof Nunjucks | undefined;

/** Imports the template engine; a render that needs it throws {@link TemplateEngineNeeded} until it is loaded. */
export async function loadTemplateEngine(): Promise<void> {
  nunjucks ??= (await import('nunjucks')).default;
}

/** Thrown by a render that needs nunjucks before {@link loadTemplateEngine} has loaded it: load it and render again. */
export class TemplateEngineNeeded extends Error {
  constructor() {
    super('the template engine is not loaded: await loadTemplateEngine() first');
    this.name = 'TemplateEngineNeeded';
  }
}

/** How templates are rendered: with --trust as promptfoo renders them, else in the subset that runs no code. */
export interface RenderOptions {
  /**
   * Whether the user passed --trust (or a function that says so, asked only when a template is more than plain text
   * with `{{ name }}` holes): then templates are rendered by nunjucks itself, as promptfoo renders them, running
   * whatever they call. Without it only the subset of safe-template.ts is rendered, and the rest refused.
   */
  trust?: boolean | (() => boolean);
  /** What the templates of the file still may cost (without --trust); one per file loaded. */
  budget?: TemplateBudget;
}

/**
 * promptfoo's template engine (promptfoo 0.123.1 `dist/src/render-B8xqc9nT.js` 201-217 `getNunjucksEngine`):
 * nunjucks 3.2.4 without autoescape, undefined variables rendered empty, the `load` filter (JSON.parse). `env` holds
 * the config's own `env` map only: skill-eval does not put the host's environment into a prompt, where promptfoo
 * does (a deliberate difference, docs/formats.md). Made on the first template that is not plain text with holes.
 * Without --trust a template is parsed by nunjucks and rendered by safe-template.ts, never compiled and run.
 */
function engine(env: Record<string, unknown>, options: RenderOptions) {
  let made: InstanceType<typeof Nunjucks.Environment> | undefined;
  const budget = options.budget ?? newTemplateBudget();
  const trusted = () => (typeof options.trust === 'function' ? options.trust() : options.trust === true);
  return {
    renderString(text: string, vars: Record<string, unknown>): string {
      // Plain text with holes renders the same either way; longer than the bound, it is left to the renderer below.
      const plain = renderPlainTemplate(text, vars, MAX_TEMPLATE_OUTPUT);
      if (plain !== undefined) {
        budget.chars -= plain.length;
        if (budget.chars < 0 && !trusted())
          throw new TemplateTooCostly(
            `the templates of this file render more than ${MAX_FILE_OUTPUT.toLocaleString('en-US')} characters`,
          );
        return plain;
      }
      if (!nunjucks) throw new TemplateEngineNeeded();
      if (!made) {
        made = new nunjucks.Environment(null, { autoescape: false, throwOnUndefined: false });
        made.addGlobal('env', env);
        made.addFilter('load', (str: unknown) => JSON.parse(String(str)));
      }
      if (trusted()) return made.renderString(text, vars);
      try {
        return renderSafeTemplate(nunjucks, made, text, vars, budget);
      } catch (error) {
        if (error instanceof TemplateRefused || error instanceof TemplateTooCostly) throw error;
        // As `Template.render` reports an error (nunjucks/src/environment.js, lib.js `_prettifyError`).
        throw nunjucks.lib._prettifyError(undefined, false, error);
      }
    },
  };
}

/** `resolveVariables` (evaluatorHelpers-BGZUsdbL.js 173-195): `{{name}}` in a var replaced by that var, 5 rounds at most. */
function resolveVariables(vars: Record<string, unknown>): void {
  const regex = /\{\{\s*(\w+)\s*\}\}/;
  let iterations = 0;
  let resolved: boolean;
  do {
    resolved = true;
    for (const key of Object.keys(vars)) {
      const value = vars[key];
      if (typeof value !== 'string') continue;
      const match = regex.exec(value);
      if (match && vars[match[1]!] !== undefined) {
        vars[key] = value.replace(match[0], String(vars[match[1]!]));
        resolved = false;
      }
    }
    iterations++;
  } while (!resolved && iterations < 5);
}

/** `autoWrapRawIfPartialNunjucks` (evaluatorHelpers-BGZUsdbL.js 196-201). */
function autoWrapRaw(text: string): string {
  const partial = /({%[^%]*$|{{[^}]*$|{#[^#]*$)/m.test(text);
  const wrapped = /{%\s*raw\s*%}/.test(text) && /{%\s*endraw\s*%}/.test(text);
  return partial && !wrapped ? `{% raw %}${text}{% endraw %}` : text;
}

/** `extractVariablesFromTemplate` (render-B8xqc9nT.js 223-238). */
function templateVariables(template: string): string[] {
  const found = new Set<string>();
  const text = template.replace(/\{#[\s\S]*?#\}/g, '');
  const regex = /\{\{[\s]*([^{}\s|]+)[\s]*(?:\|[^}]+)?\}\}|\{%[\s]*(?:if|for)[\s]+([^{}\s]+)[\s]*.*?%\}/g;
  for (let m = regex.exec(text); m !== null; m = regex.exec(text)) {
    const v = m[1] || m[2];
    if (v) found.add(v);
  }
  const loops = /\{%[\s]*for[\s]+(\w+)[\s]+in[\s]+(\w+)[\s]*%\}/g;
  for (let m = loops.exec(text); m !== null; m = loops.exec(text)) {
    found.delete(m[1]!);
    found.add(m[2]!);
  }
  return [...found];
}

/** `referencesUndefinedVariables` (evaluatorHelpers-BGZUsdbL.js 202-207). */
function referencesUndefined(template: string, vars: Record<string, unknown>): boolean {
  return templateVariables(template).some((name) => {
    const root = /^([A-Za-z_]\w*)/.exec(name)?.[1];
    return Boolean(root && root !== 'env' && vars[root] === undefined);
  });
}

/**
 * The vars as `renderPrompt` leaves them, in place (evaluatorHelpers-BGZUsdbL.js 372-374): one trailing newline cut
 * from each string, `{{name}}` between vars resolved. promptfoo's assertions then see these (index.js 22575).
 */
function prepareVars(input: Record<string, unknown>): Record<string, unknown> {
  const vars: Record<string, unknown> = { ...input };
  for (const key of Object.keys(vars)) {
    const value = vars[key];
    if (typeof value === 'string') vars[key] = value.replace(/\n$/, '');
  }
  resolveVariables(vars);
  return vars;
}

/**
 * An assertion's value as `runAssertion` renders it with the test's vars (promptfoo 0.123.1 `dist/src/index.js`
 * 22605-22657): a string, or each string of a list, through nunjucks, except `file://` references (and an assert-set's
 * children, each rendered on its own). Throws what nunjucks throws.
 */
export function renderAssertionValue(
  value: unknown,
  input: Record<string, unknown>,
  env: Record<string, unknown> = {},
  options: RenderOptions = {},
): unknown {
  const e = engine(env, options);
  const vars = prepareVars(input);
  const one = (v: unknown) =>
    typeof v === 'string' && !v.startsWith('file://')
      ? inPart({ kind: 'assertion', text: v }, () => e.renderString(v, vars))
      : v;
  return Array.isArray(value) ? value.map(one) : one(value);
}

function renderInObject(value: unknown, vars: Record<string, unknown>, e: ReturnType<typeof engine>): unknown {
  if (typeof value === 'string') return e.renderString(value, vars);
  if (Array.isArray(value)) return value.map((v) => renderInObject(v, vars, e));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renderInObject(v, vars, e)]));
  return value;
}

/**
 * A prompt rendered with one test's vars as promptfoo's `renderPrompt` renders it (evaluatorHelpers-BGZUsdbL.js
 * 309-437, after file vars are read): one trailing newline cut from each string var, `{{var}}` references between
 * vars resolved, a prompt that is JSON rendered value by value and printed back with two-space indents, any other
 * rendered by nunjucks with each var itself rendered first. Throws what nunjucks throws (a template syntax error), and
 * without --trust {@link TemplateRefused} for a construct that could run code, {@link TemplateTooCostly} past a bound.
 */
export function renderPrompt(
  raw: string,
  input: Record<string, unknown>,
  env: Record<string, unknown> = {},
  options: RenderOptions = {},
): string {
  const e = engine(env, options);
  const vars = prepareVars(input);
  let parsed: unknown;
  let isJson = true;
  try {
    parsed = JSON.parse(raw);
  } catch {
    isJson = false;
  }
  if (isJson) return inPart({ kind: 'prompt' }, () => JSON.stringify(renderInObject(parsed, vars, e), null, 2));
  const rendered = Object.fromEntries(
    Object.entries(vars).map(([key, value]) => {
      if (typeof value !== 'string' || referencesUndefined(value, vars)) return [key, value];
      return [key, inPart({ kind: 'var', name: key }, () => e.renderString(autoWrapRaw(value), vars))];
    }),
  );
  return inPart({ kind: 'prompt' }, () => e.renderString(autoWrapRaw(raw), rendered));
}
