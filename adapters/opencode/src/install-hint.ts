/** What to tell a user whose opencode binary is missing. */
export const INSTALL_HINT =
  'Install it with `npm install -g opencode-ai`, or point to the binary with `--ek path=/path/to/opencode`.';
