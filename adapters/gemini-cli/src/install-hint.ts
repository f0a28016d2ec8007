/** What to tell a user whose gemini binary is missing. */
export const INSTALL_HINT =
  'Install it with `npm install -g @google/gemini-cli`, or point to the binary with `--ek path=/path/to/gemini`.';
