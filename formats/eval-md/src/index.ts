export { type EvalMdFrontmatter, EvalMdFrontmatterSchema } from './frontmatter-schema.js';
export { type LoadEvalMdOptions, loadEvalMd } from './load-eval-md.js';
export { default, type EvalMdSettings } from './plugin.js';
export { writeEvalMd } from './write-eval-md.js';
