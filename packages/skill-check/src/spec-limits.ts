/**
 * The limits the checks hold a skill to, each with where it is written. The Agent Skills specification is
 * agentskills/agentskills@69ef37e9424c0a7ea9dd2293b559e43ec8176379 docs/specification.mdx; its reference validator
 * is skills-ref/src/skills_ref/validator.py at the same commit; Anthropic's skill-creator validator is
 * anthropics/skills@9d2f1ae187231d8199c64b5b762e1bdf2244733d skills/skill-creator/scripts/quick_validate.py.
 */

/** The frontmatter keys the specification defines (specification.mdx:25-32; validator.py:15-22; quick_validate.py:42). */
export const SPEC_KEYS = ['name', 'description', 'license', 'compatibility', 'metadata', 'allowed-tools'] as const;

// Codex's loader, read at openai/codex@f793618e7b4d32961d4891b75550dcaced1f033b codex-rs/core/src/skills/loader.rs
// (the bundled engine is @openai/codex 0.169.0): `SkillFrontmatter` requires `name` and `description` as text, and
// `parse_skill_file` does not load a skill whose frontmatter is missing or not YAML, or whose name or description is
// empty or longer than `MAX_NAME_LEN = 64` / `MAX_DESCRIPTION_LEN = 1024` characters (`validate_len`).

/** `name`: 1-64 characters (specification.mdx:61; validator.py:10; quick_validate.py:70; Codex's `MAX_NAME_LEN`). */
export const NAME_MAX = 64;

/**
 * `description`: 1-1024 characters (specification.mdx:94; validator.py:11; quick_validate.py:83; Codex's
 * `MAX_DESCRIPTION_LEN`).
 */
export const DESCRIPTION_MAX = 1024;

/** `compatibility`: 1-500 characters when given (specification.mdx:127; validator.py:12; quick_validate.py:91). */
export const COMPATIBILITY_MAX = 500;

/** "Keep your main `SKILL.md` under 500 lines" (specification.mdx:224). */
export const SKILL_MD_MAX_LINES = 500;

/** "Instructions (< 5000 tokens recommended): the full SKILL.md body" (specification.mdx:221). */
export const BODY_MAX_TOKENS = 5000;

/**
 * Characters per token where no tokenizer is at hand: Claude Code 2.1.330 sizes its skill listing with the same
 * figure (bin/claude.exe, the listing budget `contextWindow * 4 * 0.01`, constant `t5n=4`).
 */
export const CHARS_PER_TOKEN = 4;

/**
 * Claude Code 2.1.330 (bin/claude.exe, `Gws=1536`, read by `oOn()` unless the `skillListingMaxDescChars` setting
 * says otherwise): each skill's entry in the listing the model chooses from is `description - when_to_use` (`QZt`),
 * cut to this many characters with an ellipsis.
 */
export const CLAUDE_CODE_LISTING_MAX = 1536;

/**
 * The largest markdown file Claude Code 2.1.330 reads as a skill, in bytes (bin/claude.exe: `LJt=1048576` in
 * `loadMarkdownFilesFromDir`, `N6e=1048576` for a plugin's skills): a larger SKILL.md is skipped ("not a regular file
 * or exceeds … byte limit").
 */
export const CLAUDE_CODE_MAX_BYTES = 1_048_576;

/**
 * Claude Code 2.1.330's budget for the whole skill listing, in characters (bin/claude.exe, `JZt`): 1 % of the context
 * window (`Uws=0.01`, 200 000 tokens unless known, `jws`) at 4 characters a token (`t5n`), unless the
 * `skillListingBudgetFraction` setting or SLASH_COMMAND_TOOL_CHAR_BUDGET says otherwise. Over it (`r5n`), Claude Code
 * keeps whole entries while they fit and lists the others by name alone, without their description.
 */
export const CLAUDE_CODE_LISTING_BUDGET = 200_000 * 4 * 0.01;

/**
 * The frontmatter keys Claude Code 2.1.330 knows in the markdown files it loads, skills among them (bin/claude.exe,
 * the array `Zd`, verbatim): a key here that the specification does not define works in Claude Code, not elsewhere.
 */
export const CLAUDE_CODE_KEYS: readonly string[] = [
  'name',
  'description',
  'model',
  'allowed-tools',
  'argument-hint',
  'arguments',
  'disable-model-invocation',
  'user-invocable',
  'effort',
  'shell',
  'version',
  'when_to_use',
  'paths',
  'hooks',
  'context',
  'agent',
  'created_by',
  'improved_by',
  'mcpServers',
  'lspServers',
  'agents',
  'outputStyles',
  'themes',
  'workflows',
  'channels',
  'monitors',
  'settings',
  'experimental',
  'commands',
  'skills',
  'dependencies',
  'userConfig',
  'metadata',
  'engines',
  'network',
  'displayName',
  'defaultEnabled',
  'fallback',
  'evals',
  'author',
  'homepage',
  'repository',
  'license',
  'keywords',
  'compatibility',
  'tools',
  'disallowedTools',
  'color',
  'permissionMode',
  'maxTurns',
  'autoCompactWindow',
  'initialPrompt',
  'memory',
  'background',
  'omitClaudeMd',
  'isolation',
  'observer',
  'observerMessage',
  'observeSubagents',
  'observeToolResults',
  'keep-coding-instructions',
  'force-for-plugin',
  'type',
  'originSessionId',
  'hide-from-slash-command-tool',
];
