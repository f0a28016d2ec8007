import { join } from 'node:path';
import { type Case, errorInfo, type ResolvedMcpServer } from '@skill-eval/core';
import { MODEL_KEY_VARIABLES } from './child-env.js';
import type { EngineTarget } from './engine-target.js';
import type { ExecutionContext } from './execution-context.js';
import { ExecutionFailure } from './execution-failure.js';
import { resolveMcpServers } from './resolve-mcp-servers.js';
import type { Workspace } from './workspace.js';

/** The MCP servers the case needs, ready to install; an execution failure when the engine cannot install them. */
export async function caseMcpServers(
  testCase: Case,
  target: EngineTarget,
  workspace: Workspace,
  ctx: ExecutionContext,
): Promise<ResolvedMcpServer[] | undefined> {
  if (testCase.mcpServers.length === 0) return undefined;
  const names = testCase.mcpServers.map((s) => s.name).join(', ');
  if (!target.engine.capabilities?.mcp) {
    // Running without the servers would grade a different task: the case cannot run here.
    throw new ExecutionFailure(
      'BAD_INPUT',
      `The case needs MCP servers (${names}), but engine ${target.id} cannot install MCP servers; run it on an engine that can (claude-code, codex, gemini-cli, opencode, copilot, anthropic, openai).`,
    );
  }
  try {
    return await resolveMcpServers(testCase.mcpServers, {
      dir: join(workspace.root, 'mcp'),
      workspace: workspace.ws,
      env: ctx.env,
      trust: ctx.trust,
      modelKeys: [...MODEL_KEY_VARIABLES, ...(target.engine.environment ?? [])],
    });
  } catch (error) {
    throw new ExecutionFailure(
      errorInfo(error).code,
      `Cannot prepare MCP servers (${names}): ${errorInfo(error).message}`,
    );
  }
}
