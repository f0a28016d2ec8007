/** What to tell a user whose codex binary is missing. */
export const INSTALL_HINT =
  'Install it with `npm install -g @openai/codex`, or point to the binary with `--ek path=/path/to/codex`.';
