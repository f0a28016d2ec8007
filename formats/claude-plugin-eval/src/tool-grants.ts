import type { ToolRestriction } from '@skill-eval/core';
import type { CaseDiagnostics, Where } from './diagnostics.js';

/**
 * The tools Claude Code 2.1.330 gives every eval run without a grant (binary: `var Hi=new Set(["Read","Glob","Grep",
 * "NotebookRead","Skill",…,"TodoWrite"])`), and ToolSearch, which it offers beside them. Observed: a run with no
 * `--allow-tools` is offered Agent, Glob, Grep, Read, Skill and ToolSearch, whatever the case's `allowed_tools`; so is
 * `claude -p --tools <this list>`.
 */
export const READ_ONLY_TOOLS = [
  'Read',
  'Glob',
  'Grep',
  'NotebookRead',
  'Skill',
  'AskUserQuestion',
  'TaskCreate',
  'TaskGet',
  'TaskList',
  'TaskUpdate',
  'TaskStop',
  'Agent',
  'TodoWrite',
  'ToolSearch',
];

/**
 * Granting one of the file-writing tools offers all three (binary `function yf`: `if([...Pr].some((a)=>o.has(a)))for(let
 * a of Pr)o.add(a)`, where `Pr=new Set([Lt,lt,Ks])`, `Lt="Write"`, `lt="Edit"`, `Ks="NotebookEdit"`). Observed: a run
 * granted Write is offered Edit too.
 */
const FILE_WRITERS = ['Write', 'Edit', 'NotebookEdit'];

/** Tools no eval run has (binary: "a tool never available in an evaluation (Monitor, EnterWorktree, ExitWorktree)"). */
const NEVER_AVAILABLE = ['Monitor', 'EnterWorktree', 'ExitWorktree'];

/** The shell tools Claude Code confines in its OS sandbox (binary `var jr=[ke,yt]`, `yt="PowerShell"`). */
const SHELL_TOOLS = ['Bash', 'PowerShell'];

/** `Bash(npm test:*)` → `Bash`. */
const toolOf = (entry: string) => entry.replace(/\(.*$/s, '').trim();

/**
 * The tools a case's run has, as Claude Code gives them (binary `function ir(e,r,o={})`, the grants, and `async function
 * mf(`, the child's `--allowed-tools` / `--disallowed-tools`): the read-only set, what the operator grants with
 * `--allow-tools` in every case, the mocked MCP tools (granted without a grant; skill-eval leaves MCP tools to the
 * case's servers), less `disallowed_tools` and what no eval run has. A tool the case lists beyond the read-only set is
 * given only if the operator granted it; observed: `--allow-tools Write` gives Write to a case listing only Skill.
 * skill-eval has no command line of Claude Code's: `operatorGrant` is the format's `allowTools` setting, and without it
 * the case's own `allowed_tools` (the tools Claude Code's `init` interview tells the author to list, and to grant).
 */
export function toolRestriction(
  allowedTools: readonly string[],
  operatorGrant: readonly string[] | undefined,
  disallowedTools: readonly string[] | undefined,
  at: { case: Where; allowed?: Where; disallowed?: Where },
  diagnostics: CaseDiagnostics,
): ToolRestriction {
  const granted = new Set(READ_ONLY_TOOLS);
  const named = operatorGrant ? 'The allowTools setting' : 'execution.allowed_tools';
  const where = (operatorGrant ? undefined : at.allowed) ?? at.case;
  for (const entry of operatorGrant ?? allowedTools) {
    const tool = toolOf(entry);
    if (tool === '' || tool.startsWith('mcp__')) continue;
    if (NEVER_AVAILABLE.includes(tool)) {
      diagnostics.warning(
        'tool-grant-differs',
        `${named}: ${tool} is never available inside a Claude Code eval run; it is not given here either.`,
        where,
      );
      continue;
    }
    if (entry.trim() !== tool) {
      diagnostics.warning(
        'tool-grant-differs',
        `${named}: "${entry}" — Claude Code allows only the ${tool} calls the pattern matches; skill-eval gives the agent ${tool} whole (its engines take tool names, not patterns).`,
        where,
      );
    }
    if (SHELL_TOOLS.includes(tool)) {
      diagnostics.info(
        'tool-grant-differs',
        `${named}: ${tool} — Claude Code runs it only inside its OS sandbox, and refuses the run on a machine without one; skill-eval's agent runs it in its workspace like its other tools.`,
        where,
      );
    }
    granted.add(tool);
  }
  const disallowed: string[] = [];
  for (const entry of disallowedTools ?? []) {
    const tool = toolOf(entry);
    if (entry.trim() !== tool || tool === '') {
      // Binary `function Fr(e)`: an entry with a rule, or no tool's name, is rejected, and the case is not run.
      diagnostics.error(
        'wrong-type',
        `execution.disallowed_tools: "${entry}" is not a tool name; Claude Code takes whole tools here (Bash, not Bash(rm *)) and refuses the case. Name the tool.`,
        at.disallowed!,
      );
      continue;
    }
    if (!disallowed.includes(tool)) disallowed.push(tool);
  }
  const allowed = [...granted].filter((tool) => !disallowed.includes(tool));
  // The family follows what is left once the disallowed tools are out (binary: `ir` drops them from the grants before
  // `yf` widens them). Observed: allowed_tools [Write] with disallowed_tools [Write] is offered no Edit either.
  if (allowed.some((tool) => FILE_WRITERS.includes(tool)))
    for (const writer of FILE_WRITERS)
      if (!disallowed.includes(writer) && !allowed.includes(writer)) allowed.push(writer);
  return { allowed, disallowed };
}
