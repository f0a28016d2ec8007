export { detectPromptfoo, FILE_PATTERNS } from './detect.js';
export { type LoadPromptfooOptions, loadPromptfoo, mergeDefault } from './load-promptfoo.js';
export { default, type PromptfooSettings } from './plugin.js';
export { PromptfooConfigFileSchema } from './promptfoo-file-schema.js';
export { loadTemplateEngine, renderPrompt, TemplateEngineNeeded } from './render.js';
export { writePromptfoo } from './write-promptfoo.js';
