/**
 * Where this format's rules come from: Claude Code 2.1.330's own `claude plugin eval`, read in the JavaScript the
 * native binary embeds (`@anthropic-ai/claude-code-linux-x64@2.1.330`, file `claude`, build GIT_SHA
 * 8c664bec500172ded713624f9ecac0eb7e714829, built 2026-11-20T17:34:37Z). The binary is minified, so comments cite a
 * string one can search for in it (`grep -a '<string>' claude`) rather than a line.
 */
export const CLAUDE_CODE_VERSION = '2.1.330';
