import { readFileSync, statSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { lazySchema, SkillEvalError } from '@skill-eval/core';
import { itemsOf, type JsonNode, keysOf, parseJson, property, syntaxMessage } from '@skill-eval/format-kit/json';
import { maxTimeoutSeconds } from '@skill-eval/runner/loading';
import * as z from 'zod';
import { refuseUntrustedConfig } from './config-trust.js';

/** `skill-eval.config.json`: project defaults; command-line options win. Built when first used (a config is read). */
export const ConfigSchema = lazySchema(() =>
  z
    .object({
      /** Plugin modules (package names or paths) to load besides the bundled ones. */
      plugins: z.array(z.string()).default([]),
      /** Default engine(s), `id[:model]`. */
      engine: z
        .union([z.string(), z.array(z.string())], {
          error: 'expected an engine id ("claude-code", "codex:gpt-5") or a list of them',
        })
        .optional(),
      /** Default judge, `id[:model]`. */
      judge: z.string().optional(),
      /** Settings per engine id, as `--ek` would give them. */
      engineSettings: z.record(z.string(), z.record(z.string(), z.unknown())).default({}),
      /** Settings per format id (triggers-json: `runs`, `threshold`, `skillName`), for the files no setting of theirs covers. */
      formatSettings: z.record(z.string(), z.record(z.string(), z.unknown())).default({}),
      /** Default concurrency. */
      concurrency: z.number().int().positive().optional(),
      /** Default timeout per execution, in seconds; no longer than Node's timers can wait. */
      timeout: z
        .number()
        .positive()
        .max(maxTimeoutSeconds(), {
          error: `at most ${maxTimeoutSeconds()} seconds (about 24 days): Node's timers cannot wait longer`,
        })
        .optional(),
      /**
       * Where every execution runs, as `--environment` gives it (`docker:<image>`), or as an object with the
       * environment's settings: `{ "type": "docker", "image": "…", "network": "open", "env": { … } }`.
       */
      environment: z
        .union([
          z.string().min(1),
          z
            .looseObject({ type: z.string().min(1) })
            .transform(({ type, ...settings }) => ({ type, settings: settings as Record<string, unknown> })),
        ])
        .optional(),
      /** Directory of the result cache, relative to the working directory (default `.skill-eval/cache`). */
      cacheDir: z.string().min(1).optional(),
    })
    .strict(),
);
export type Config = z.infer<typeof ConfigSchema> & {
  /** The file the config was read from, for messages about it; absent when there is none. */
  file?: string;
  /**
   * The user vouches for it: named with `-c`, or found in the project and --trust given. A command in its
   * engineSettings then runs as one typed with --ek does.
   */
  trusted?: boolean;
};

export const CONFIG_FILE = 'skill-eval.config.json';

/** What no config file gives: the schema's defaults, as `ConfigSchema.parse({})` fills them in (the tests hold them to it). */
const noConfig = (): Config => ({ plugins: [], engineSettings: {}, formatSettings: {} });

/**
 * Reads the config named by --config, else `skill-eval.config.json` in cwd, else defaults. One found in cwd is not
 * the user's own: without `trust`, a setting of it that runs code or sends data away stops the command.
 */
export function loadConfig(cwd: string, explicit?: string, trust = false): Config {
  const file = explicit ? resolve(cwd, explicit) : resolve(cwd, CONFIG_FILE);
  const found = statSync(file, { throwIfNoEntry: false });
  if (!found) {
    if (explicit) throw new SkillEvalError('USAGE', `Config file not found: ${file}`);
    return noConfig();
  }
  if (found.isDirectory()) {
    throw new SkillEvalError('USAGE', `The config ${file} is a folder, not a file.`, {
      hint: explicit
        ? `--config takes a JSON file, e.g. ${CONFIG_FILE}.`
        : `${CONFIG_FILE} in the working directory is read as the config: rename the folder, or name a config file with --config.`,
    });
  }
  const text = readFileSync(file, 'utf8');
  const json = parseJson(text);
  const syntax = json.errors[0];
  if (syntax) {
    throw new SkillEvalError('BAD_INPUT', `${file}:${syntax.line}:${syntax.column}: ${syntaxMessage(syntax.code)}`, {
      hint: 'The config is strict JSON: double-quoted keys and strings, no comments, no trailing commas.',
    });
  }
  const parsed = ConfigSchema.safeParse(JSON.parse(text.replace(/^\uFEFF/, '')));
  if (!parsed.success) {
    // In file order, each at the value (or unknown key) it is about.
    const problems = parsed.error.issues
      .map((issue) => ({ issue, offset: nodeAt(json.root, issue)?.offset ?? 0 }))
      .sort((a, b) => a.offset - b.offset)
      .map(({ issue, offset }) => {
        const { line, column } = json.positionAt(offset);
        return `\n  ${line}:${column}: ${issue.path.join('.') || '(top level)'}: ${issue.message}`;
      });
    throw new SkillEvalError('BAD_INPUT', `${file} has ${problems.length} problem(s):${problems.join('')}`, {
      hint: 'Known keys: plugins, engine, judge, engineSettings, formatSettings, concurrency, timeout, environment, cacheDir.',
    });
  }
  if (!explicit && !trust) refuseUntrustedConfig(file, relative(cwd, file), json, parsed.data, cwd);
  return { ...parsed.data, file, trusted: Boolean(explicit) || trust };
}

/** The node a config problem is about: the value at its path, or the first unknown key it names. */
function nodeAt(root: JsonNode | undefined, issue: z.core.$ZodIssue): JsonNode | undefined {
  let node = root;
  for (const key of issue.path) {
    const next = typeof key === 'number' ? itemsOf(node!)[key] : property(node, String(key));
    if (!next) break;
    node = next;
  }
  if (issue.code === 'unrecognized_keys' && node) {
    const unknown = keysOf(node).find(({ key }) => issue.keys.includes(key));
    if (unknown) return unknown.keyNode;
  }
  return node;
}
