import { MOCK_MCP_SERVER_SCRIPT } from '@skill-eval/runner';
import { expectMcpRoundTrip } from '@skill-eval/testing/conformance';
import { it } from 'vitest';
import plugin from './index.js';

it('offers MCP tools as <server>__<tool>, runs them on the server and reports server::tool', async () => {
  await expectMcpRoundTrip({
    engine: plugin.create(plugin.parseSettings({ model: 'gpt-5.5' })),
    env: (server) => ({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: `${server.url}/v1` }),
    historyField: 'input',
    mcpServerScript: MOCK_MCP_SERVER_SCRIPT,
  });
}, 30_000);
