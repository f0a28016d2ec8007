/** What to tell a user whose copilot binary is missing. */
export const INSTALL_HINT =
  'Install it with `npm install -g @github/copilot`, or point to the binary with `--ek path=/path/to/copilot`.';
