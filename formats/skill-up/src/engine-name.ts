/** skill-up's built-in engine names (and their spellings) → skill-eval engine ids. */
const BUILT_IN: Record<string, string> = {
  claude_code: 'claude-code',
  'claude-code': 'claude-code',
  codex: 'codex',
  qodercli: 'qodercli',
  'qoder-cli': 'qodercli',
  qwen_code: 'qwen-code',
  'qwen-code': 'qwen-code',
  qwen: 'qwen-code',
};

/** The skill-eval engine id of a skill-up engine name; undefined for a custom engine. */
export function engineHint(name: string): string | undefined {
  return BUILT_IN[name.trim().toLowerCase()];
}

/** skill-up's spelling of a skill-eval engine id, for writing (`claude-code` → `claude_code`). */
export function skillUpEngineName(id: string): string {
  const known: Record<string, string> = { 'claude-code': 'claude_code', 'qwen-code': 'qwen_code' };
  return known[id] ?? id;
}
