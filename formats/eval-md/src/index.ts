export { claimsName, detectEvalMd, FILE_PATTERNS } from './detect.js';
export { type EvalMdFrontmatter, EvalMdFrontmatterSchema } from './frontmatter-schema.js';
export { type LoadEvalMdOptions, loadEvalMd, readEvalMd } from './load-eval-md.js';
export type { MarkdownParser } from './parse-markdown.js';
export { createEvalMdFormat, default, type EvalMdSettings, EvalMdSettingsSchema } from './plugin.js';
export { writeEvalMd } from './write-eval-md.js';
