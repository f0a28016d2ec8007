/** What to tell a user whose qodercli binary is missing. */
export const INSTALL_HINT =
  'Install it with `npm install -g @qoder-ai/qodercli`, or point to the binary with `--ek path=/path/to/qodercli`.';

/** What to tell a user whose qodercli runs are not authenticated. */
export const LOGIN_HINT =
  'Set QODER_PERSONAL_ACCESS_TOKEN to a personal access token (qoder.com/account/integrations), ' +
  'or log in with `qodercli login` (its state in ~/.qoder/.auth, or under QODER_CONFIG_DIR, is linked into each run).';
