import type { z } from 'zod';
import { SkillEvalError } from './errors.js';

/**
 * Validates plugin settings (`--ek key=value`, config) against a zod schema; a bad value becomes a
 * BAD_INPUT error naming the plugin, the key and what was expected.
 */
export function parsePluginSettings<T extends z.ZodType>(pluginId: string, schema: T, raw: unknown): z.infer<T> {
  const parsed = schema.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues
    .map((issue) => `${issue.path.join('.') || '(settings)'}: ${issue.message}`)
    .join('; ');
  throw new SkillEvalError('BAD_INPUT', `Invalid settings for ${pluginId}: ${problems}`, {
    hint: `Check the --ek values or the "${pluginId}" settings in your config.`,
  });
}
