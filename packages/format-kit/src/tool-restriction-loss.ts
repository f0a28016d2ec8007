import type { ToolRestriction } from '@skill-eval/core';

/**
 * The `lost` line of a case that gives its agent only some tools or keeps some from it (Claude Code's
 * `allowed_tools`/`disallowed_tools`), for a writer whose format cannot say so: converted, the agent has all its tools.
 */
export function toolRestrictionLoss(tools: ToolRestriction | undefined): string | undefined {
  if (!tools || (tools.allowed === undefined && tools.disallowed.length === 0)) return undefined;
  const parts = [
    ...(tools.allowed !== undefined ? [`only ${tools.allowed.join(', ') || 'no built-in tool'}`] : []),
    ...(tools.disallowed.length > 0 ? [`not ${tools.disallowed.join(', ')}`] : []),
  ];
  return `its agent's tools (${parts.join('; ')}); the converted case gives the agent all its tools`;
}
