/** What to tell a user whose claude binary is missing. */
export const INSTALL_HINT =
  'Install it with `npm install -g @anthropic-ai/claude-code`, or point to the binary with `--ek path=/path/to/claude`.';
