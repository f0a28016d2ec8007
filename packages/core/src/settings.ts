import * as z from 'zod';
import { SkillEvalError } from './errors.js';
import { normalizePluginId } from './registry.js';

/**
 * Validates plugin settings (`--ek key=value`, config) against a zod schema; a bad value becomes a
 * BAD_INPUT error naming the plugin, the key and what was expected.
 */
export function parsePluginSettings<T extends z.ZodType>(pluginId: string, schema: T, raw: unknown): z.infer<T> {
  const parsed = schema.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues
    .map((issue) => `${issue.path.join('.') || '(settings)'}: ${issue.message}${knownKeysNote(schema, issue)}`)
    .join('; ');
  throw new SkillEvalError('BAD_INPUT', `Invalid settings for ${pluginId}: ${problems}`, {
    hint: `Check the --ek values or the "${pluginId}" settings in your config.`,
  });
}

/** For an unknown key, the keys the settings object there does take (a misspelt `maxToken` shows `maxTokens`). */
function knownKeysNote(schema: z.ZodType, issue: z.core.$ZodIssue): string {
  if (issue.code !== 'unrecognized_keys') return '';
  const keys = objectAt(schema, issue.path);
  return keys ? ` (known: ${Object.keys(keys.shape).join(', ')})` : '';
}

/** The object schema at `path` inside `schema`, through optional, default, nullable and transform wrappers. */
function objectAt(schema: z.ZodType, path: readonly PropertyKey[]): z.ZodObject | undefined {
  const unwrap = (node: unknown): unknown => {
    if (node instanceof z.ZodPipe) return unwrap(node.in);
    if (node instanceof z.ZodOptional || node instanceof z.ZodDefault || node instanceof z.ZodNullable)
      return unwrap(node.unwrap());
    return node;
  };
  let node = unwrap(schema);
  for (const key of path) {
    if (!(node instanceof z.ZodObject)) return undefined;
    node = unwrap(node.shape[key as string]);
  }
  return node instanceof z.ZodObject ? node : undefined;
}

/**
 * What a config map by plugin id (`engineSettings`, `formatSettings`) gives `plugin`: the entries under its id and
 * under any alias, keys compared as plugin ids are (`claude_code`, `Claude-Code`), the id's own entry winning.
 * Undefined when there is none.
 */
export function configuredSettings(
  byId: Readonly<Record<string, unknown>> | undefined,
  plugin: { readonly id: string; readonly aliases?: readonly string[] },
): Record<string, unknown> | undefined {
  const id = normalizePluginId(plugin.id);
  const names = new Set([id, ...(plugin.aliases ?? []).map(normalizePluginId)]);
  const entries = Object.entries(byId ?? {})
    .filter(([key]) => names.has(normalizePluginId(key)))
    .sort(([a], [b]) => Number(normalizePluginId(a) === id) - Number(normalizePluginId(b) === id));
  if (entries.length === 0) return undefined;
  return Object.assign({}, ...entries.map(([, settings]) => settings));
}
