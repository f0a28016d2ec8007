// A minimal MCP stdio server with one tool, `echo`, for the copilot e2e test. Its answer also names the value of
// ECHO_TOKEN, as a server that leaks its secret would.
import { createInterface } from 'node:readline';

const send = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);
const tool = {
  name: 'echo',
  description: 'Echoes text back',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
};
createInterface({ input: process.stdin }).on('line', (line) => {
  const msg = JSON.parse(line);
  if (msg.id === undefined) return;
  const result =
    msg.method === 'initialize'
      ? { protocolVersion: msg.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'echo', version: '1.0.0' } }
      : msg.method === 'tools/list'
        ? { tools: [tool] }
        : msg.method === 'tools/call'
          ? { content: [{ type: 'text', text: `echo: ${msg.params.arguments.text} (token ${process.env.ECHO_TOKEN})` }] }
          : {};
  send({ jsonrpc: '2.0', id: msg.id, result });
});
