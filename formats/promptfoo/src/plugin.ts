import { defineFormat, type Format, parsePluginSettings } from '@skill-eval/core';
import * as z from 'zod';
import { detectPromptfoo, EXTENSIONS, FILE_PATTERNS } from './detect.js';

/** Settings of the promptfoo format (none yet), given in the config's `formatSettings`. */
export const PromptfooSettingsSchema = z.object({}).strict();
export type PromptfooSettings = z.infer<typeof PromptfooSettingsSchema>;

/** Creates the format reader. */
export function createPromptfooFormat(_settings: PromptfooSettings = {}): Format {
  return {
    id: 'promptfoo',
    filePatterns: FILE_PATTERNS,
    extensions: EXTENSIONS,
    detect: detectPromptfoo,
    // The loader is imported when a file is read, not when one is detected; the template engine only when one of the
    // file's templates is more than plain text with `{{ name }}` holes (the loader then starts again with it).
    // `trust`: whether templates beyond the subset that runs no code are rendered with nunjucks, as promptfoo does;
    // by default the trust the command line set around the load (format-kit `withSideFileTrust`), else none.
    load: async (file: string, text: string, options: { trust?: boolean } = {}) => {
      const [{ loadPromptfoo }, { loadTemplateEngine, TemplateEngineNeeded }] = await Promise.all([
        import('./load-promptfoo.js'),
        import('./render.js'),
      ]);
      try {
        return loadPromptfoo(file, text, options);
      } catch (error) {
        if (!(error instanceof TemplateEngineNeeded)) throw error;
        await loadTemplateEngine();
        return loadPromptfoo(file, text, options);
      }
    },
    // The writer is imported when a suite is written (convert), not when a file is detected or read.
    write: async (suite) => (await import('./write-promptfoo.js')).writePromptfoo(suite),
  };
}

export default defineFormat<PromptfooSettings>({
  contract: 'format-v1',
  id: 'promptfoo',
  description:
    'promptfoo configs (promptfooconfig.yaml): prompts × tests × vars, defaultTest, scenarios, CSV tests and assertions, as promptfoo 0.123.1 reads them; written as one promptfooconfig.yaml.',
  parseSettings: (raw) => parsePluginSettings('promptfoo', PromptfooSettingsSchema, raw),
  create: createPromptfooFormat,
});
