import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeEngineConformance } from '@skill-eval/testing/conformance';
import plugin from './index.js';

/**
 * A minimal agent for the command engine's contract mode: it reads the SessionInput, offers the skills staged
 * under .agents/skills to the fake Anthropic server, runs the Skill and Write tools it is asked for, and writes
 * a SessionResult. The command engine has no model of its own, so this program stands in for the agent; the
 * suite's server-side assertions then hold for what the engine hands the program (history, env, workspace).
 */
const AGENT = String.raw`
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
const input = JSON.parse(readFileSync(process.env.SKILL_EVAL_INPUT_FILE, 'utf8'));
const root = join(input.workspace, '.agents', 'skills');
const skills = existsSync(root) ? readdirSync(root).filter((n) => existsSync(join(root, n, 'SKILL.md'))) : [];
const skillText = (name) => readFileSync(join(root, name, 'SKILL.md'), 'utf8');
const listing = skills.map((n) => '- ' + n + ': ' + (/^description: (.*)$/m.exec(skillText(n))?.[1] ?? ''));
const system = ['Primary working directory: ' + input.workspace, ...listing].join('\n');
const object = (properties) => ({ type: 'object', properties });
const tools = [
  { name: 'Write', description: 'Writes a file', input_schema: object({ file_path: { type: 'string' }, content: { type: 'string' } }) },
  ...(skills.length ? [{ name: 'Skill', description: 'Loads a skill', input_schema: object({ skill: { type: 'string' } }) }] : []),
];
const messages = input.messages.filter((m) => m.role !== 'system');
const result = { exit_code: 0, final_message: '', tool_calls: [], input_tokens: 0, output_tokens: 0, turns: 0 };
for (;;) {
  const res = await fetch(process.env.ANTHROPIC_BASE_URL + '/v1/messages', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': process.env.ANTHROPIC_API_KEY, 'anthropic-version': '2023-06-01' },
    body: JSON.stringify({ model: 'claude-sonnet-5-5', max_tokens: 1024, system, tools, messages }),
  });
  const body = await res.json();
  if (!res.ok) {
    console.error('model API error ' + res.status + ': ' + body.error?.message);
    process.exit(1);
  }
  result.turns++;
  result.input_tokens += body.usage.input_tokens;
  result.output_tokens += body.usage.output_tokens;
  messages.push({ role: 'assistant', content: body.content });
  const uses = body.content.filter((b) => b.type === 'tool_use');
  if (uses.length === 0) {
    result.final_message = body.content.filter((b) => b.type === 'text').map((b) => b.text).join('');
    break;
  }
  const outputs = uses.map((use) => {
    let output;
    if (use.name === 'Skill') output = skillText(use.input.skill);
    else {
      const file = resolve(input.workspace, use.input.file_path);
      writeFileSync(file, use.input.content);
      output = 'Wrote ' + file;
    }
    result.tool_calls.push({ id: use.id, name: use.name, input: use.input, output, is_error: false });
    return { type: 'tool_result', tool_use_id: use.id, content: output };
  });
  messages.push({ role: 'user', content: outputs });
}
writeFileSync(process.env.SKILL_EVAL_OUTPUT_FILE, JSON.stringify(result));
`;

describeEngineConformance('command', {
  api: 'anthropic',
  spawnsProcesses: true,
  createEngine: ({ dir }) => {
    const agent = join(dir, 'agent.mjs');
    writeFileSync(agent, AGENT);
    return plugin.create(
      plugin.parseSettings({
        command: process.execPath,
        args: [agent],
        responseFormat: 'session_result',
        trusted: true,
      }),
    );
  },
  skillInvocation: (skill) => ({ toolCalls: [{ name: 'Skill', input: { skill } }] }),
  toolCall: () => ({ toolCalls: [{ name: 'Write', input: { file_path: 'conformance.txt', content: 'written\n' } }] }),
});
