// A program (node mcp-echo-server.mjs), not a library: it exports nothing.
export {};
