// A minimal MCP stdio server with one tool, `echo`, for the agent engines' e2e tests. With MCP_ECHO_START_DELAY_MS set
// it starts that much later, as a server that is slow to start does; with ECHO_LEAK set its answer names the value of
// ECHO_TOKEN, as a server that leaks its secret would.
import { createInterface } from 'node:readline';

await new Promise((resolve) => setTimeout(resolve, Number(process.env.MCP_ECHO_START_DELAY_MS ?? 0)));

const send = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);
const tool = {
  name: 'echo',
  description: 'Echoes text back',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
};
const leaked = process.env.ECHO_LEAK ? ` (token ${process.env.ECHO_TOKEN})` : '';
createInterface({ input: process.stdin }).on('line', (line) => {
  const msg = JSON.parse(line);
  if (msg.id === undefined) return;
  const result =
    msg.method === 'initialize'
      ? { protocolVersion: msg.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'echo', version: '1.0.0' } }
      : msg.method === 'tools/list'
        ? { tools: [tool] }
        : msg.method === 'tools/call'
          ? { content: [{ type: 'text', text: `echo: ${msg.params.arguments.text}${leaked}` }] }
          : {};
  send({ jsonrpc: '2.0', id: msg.id, result });
});
