// A small agent on an OpenAI-compatible Chat Completions API: the program the engine runs. Replace it with your own
// agent and keep what the engine reads: the request as JSON on stdin, then one JSON line per event on stdout
// (skill-eval's session events, and `usage` lines), the exit code, and the reason on stderr when it fails.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

interface AgentRequest {
  turns: string[];
  skillRoot: string;
  model: string;
}
interface ToolCall {
  id: string;
  function: { name: string; arguments: string };
}
interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | null;
  tool_calls?: ToolCall[];
  tool_call_id?: string;
}
interface ChatResponse {
  choices: { message: ChatMessage }[];
  usage?: { prompt_tokens: number; completion_tokens: number };
}

const request = JSON.parse(readFileSync(0, 'utf8')) as AgentRequest;
const baseUrl = process.env.OPENAI_BASE_URL ?? 'https://api.openai.com/v1';
const emit = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);
const skillFile = (name: string) => join(request.skillRoot, name, 'SKILL.md');
const skills = existsSync(request.skillRoot)
  ? readdirSync(request.skillRoot).filter((name) => existsSync(skillFile(name)))
  : [];
const describe = (name: string) => /^description:\s*(.*)$/m.exec(readFileSync(skillFile(name), 'utf8'))?.[1] ?? '';

const tool = (name: string, description: string, properties: Record<string, { type: 'string' }>) => ({
  type: 'function',
  function: { name, description, parameters: { type: 'object', properties, required: Object.keys(properties) } },
});
const tools = [
  tool('write_file', 'Writes a file in the working directory.', {
    path: { type: 'string' },
    content: { type: 'string' },
  }),
  // Offered only when a skill is staged, so a run without the skill never names one to the model.
  ...(skills.length > 0
    ? [tool('read_skill', 'Reads the instructions of a skill.', { name: { type: 'string' } })]
    : []),
];
const system = [
  `You are an agent working in ${process.cwd()}.`,
  ...(skills.length > 0
    ? ['Skills you can read with read_skill:', ...skills.map((s) => `- ${s}: ${describe(s)}`)]
    : []),
].join('\n');

/** Runs one tool call the model asked for; what it returns is sent back to the model. */
function runTool(call: ToolCall): string {
  const args = JSON.parse(call.function.arguments || '{}') as Record<string, string>;
  if (call.function.name === 'read_skill' && skills.includes(args.name ?? '')) {
    emit({ type: 'skill', name: args.name, via: 'tool' });
    return readFileSync(skillFile(args.name!), 'utf8');
  }
  if (call.function.name === 'write_file' && args.path) {
    writeFileSync(resolve(process.cwd(), args.path), args.content ?? '');
    return `Wrote ${args.path}`;
  }
  return `Unknown tool or arguments: ${call.function.name}`;
}

async function complete(messages: ChatMessage[]): Promise<ChatMessage> {
  const response = await fetch(`${baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${process.env.OPENAI_API_KEY ?? ''}` },
    body: JSON.stringify({ model: request.model, messages, tools }),
  });
  if (!response.ok) {
    console.error(`The model API answered ${response.status}: ${(await response.text()).slice(0, 500)}`);
    process.exit(1);
  }
  const body = (await response.json()) as ChatResponse;
  emit({ type: 'usage', input: body.usage?.prompt_tokens ?? 0, output: body.usage?.completion_tokens ?? 0 });
  return body.choices[0]!.message;
}

const messages: ChatMessage[] = [{ role: 'system', content: system }];
for (const turn of request.turns) {
  messages.push({ role: 'user', content: turn });
  emit({ type: 'message', role: 'user', text: turn });
  for (;;) {
    const answer = await complete(messages);
    messages.push(answer);
    if (!answer.tool_calls?.length) {
      emit({ type: 'message', role: 'assistant', text: answer.content ?? '' });
      break;
    }
    for (const call of answer.tool_calls) {
      emit({
        type: 'tool-call',
        id: call.id,
        name: call.function.name,
        input: JSON.parse(call.function.arguments || '{}'),
      });
      const output = runTool(call);
      emit({ type: 'tool-result', id: call.id, output, isError: false });
      messages.push({ role: 'tool', tool_call_id: call.id, content: output });
    }
  }
}
