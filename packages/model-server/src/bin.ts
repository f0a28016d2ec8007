#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { isSkillEvalError } from '@skill-eval/core';
import { loadFakeScript, mergeFakeScripts } from './script.js';
import { startFakeModelServer } from './server.js';

const USAGE = `Usage: skill-eval-fake-model [--script file.json]... [--port N]

Serves a scripted fake Anthropic Messages + OpenAI Responses/Chat Completions API on 127.0.0.1.
Prints {"url": "..."} on stdout once listening; logs each request on stderr. Without a script,
only [[tool:…]] / [[text:…]] / [[http:…]] directives in the user text are answered.`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      script: { type: 'string', multiple: true, default: [] },
      port: { type: 'string', default: '0' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port must be 0-65535, got "${values.port}"`);
  const scripts = await Promise.all(values.script.map((file) => loadFakeScript(file)));
  const server = await startFakeModelServer(mergeFakeScripts(...scripts), {
    port,
    log: (line) => process.stderr.write(`${line}\n`),
  });
  process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
  const stop = () => {
    server.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

class UsageError extends Error {}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  const hint = isSkillEvalError(error) && error.hint ? `\n${error.hint}` : '';
  const usage =
    error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
      ? `\n\n${USAGE}`
      : '';
  process.stderr.write(`skill-eval-fake-model: ${message}${hint}${usage}\n`);
  process.exit(2);
});
