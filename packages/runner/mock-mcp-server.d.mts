// A program (node mock-mcp-server.mjs <mock.json>), not a library: it exports nothing.
export {};
