import { describe, expect, it } from 'vitest';
import { useProjectFolder } from './test-support/project-folder.js';

// Constructs seen in public AgentV files that an earlier reading got wrong; each as AgentV's own code reads it.
const { write, load, rules } = useProjectFolder('agentv-wild-');

describe('grader prompts (grader-parser parsePromptField, builtin-graders llmGraderFactory)', () => {
  it('a file:// template is found from the search roots and becomes the criterion, its variables filled', () => {
    write('prompts/grader.md', 'Criteria: {{ criteria }}\nReference: {{ expected_output }}\nAnswer: {{ output }}');
    const { suites, diagnostics } = load('evals/a.eval.yaml', [
      'prompts: ["{{ input }}"]',
      'tests:',
      '  - id: t',
      '    vars: {input: Sum 2 and 2, expected_output: "4"}',
      '    assert:',
      '      - {type: llm-rubric, value: States the sum, prompt: "file://prompts/grader.md"}',
    ]);
    expect(rules(diagnostics)).toEqual([['warning', 'grader-template', 6]]);
    expect(suites[0]!.cases[0]!.checks).toEqual([
      {
        type: 'llm-rubric',
        value: "Criteria: States the sum\nReference: 4\nAnswer: [the agent's final answer, shown to you below]",
      },
    ]);
  });

  it('bare inline prompt text is the criterion, over the value; a test whose template AgentV refuses is skipped', () => {
    write('bad.md', 'Just be nice.');
    const { suites, diagnostics } = load('b.eval.yaml', [
      'prompts: ["{{ input }}"]',
      'tests:',
      '  - id: t',
      '    vars: {input: hi}',
      '    assert:',
      '      - {type: llm-rubric, value: ignored, prompt: Check the answer shows its work}',
      '  - id: refused',
      '    vars: {input: hi}',
      '    assert:',
      '      - {type: llm-rubric, value: x, prompt: "file://bad.md"}',
    ]);
    // AgentV logs "Skipping test" and runs the others (yaml-parser around parseGraders).
    expect(rules(diagnostics)).toEqual([['warning', 'bad-grader-template', 10]]);
    expect(suites[0]!.cases.map((c) => [c.id, c.checks])).toEqual([
      ['t', [{ type: 'llm-rubric', value: 'Check the answer shows its work' }]],
    ]);
  });

  it('an llm-rubric with neither value nor prompt is skipped with one warning, as AgentV warns and skips it', () => {
    const { suites, diagnostics } = load('c.eval.yaml', [
      'prompts: ["{{ input }}", "Please: {{ input }}"]',
      'assert:',
      '  - {type: llm-rubric}',
      'tests:',
      '  - {id: a, vars: {input: one}, assert: [{type: contains, value: x}]}',
      '  - {id: b, vars: {input: two}, assert: [{type: contains, value: y}]}',
    ]);
    // Read for two tests × two prompts, reported once at its line.
    expect(rules(diagnostics)).toEqual([['warning', 'missing-criteria', 3]]);
    expect(suites[0]!.cases.map((c) => c.checks.map((k) => k.type))).toEqual([
      ['contains'],
      ['contains'],
      ['contains'],
      ['contains'],
    ]);
  });
});

describe('references and prompts', () => {
  it('a glob in tests expands to every matching case file, sorted (fast-glob in AgentV); none matching warns', () => {
    write('scenarios/b.yaml', '- {id: b1, input: B, criteria: ok}\n');
    write('scenarios/a.yaml', '- {id: a1, input: A, criteria: ok}\n- {id: a2, input: A2, criteria: ok}\n');
    const { suites, diagnostics } = load('g.eval.yaml', [
      'tests:',
      '  - file://scenarios/*.yaml',
      '  - file://nothing/*.yaml',
    ]);
    expect(rules(diagnostics)).toEqual([['warning', 'empty-glob', 3]]);
    expect(suites[0]!.cases.map((c) => c.id)).toEqual(['a1', 'a2', 'b1']);
  });

  it('prompt entries {file}, {prompt} and {messages} are read as AgentV reads them; a prompt function is refused', () => {
    write('p/ask.txt', 'From file: {{ input }}\r\n');
    const { suites, diagnostics } = load('p.eval.yaml', [
      'prompts:',
      '  - {file: p/ask.txt, label: filed}',
      '  - {prompt: "Inline: {{ input }}", id: inline}',
      '  - {messages: [{role: system, content: Be brief}, {role: user, content: "Chat: {{ input }}"}]}',
      '  - {function_file: make.js}',
      'tests:',
      '  - {id: t, vars: {input: go}, assert: [{type: contains, value: x}]}',
    ]);
    expect(rules(diagnostics)).toEqual([['error', 'unsupported-prompt', 5]]);
    // Ids and messages as AgentV 5.3.1-next.1's loadTests (f0c5db805c20) gives them for this suite without the function.
    expect(suites[0]!.cases.map((c) => [c.id, c.turns, c.system])).toEqual([
      ['t__prompt_p-ask.txt', ['From file: go\n'], undefined],
      ['t__prompt_inline', ['Inline: go'], undefined],
      ['t__prompt_chat-f6d0c150e8e4', ['Chat: go'], 'Be brief'],
    ]);
  });

  it('a scripted assistant message is sent, with the conversation, as one role-marked prompt (prompt-builder)', () => {
    const { suites, diagnostics } = load('s.eval.yaml', [
      'prompts: ["{{ input }}"]',
      'tests:',
      '  - id: t',
      '    vars:',
      '      input:',
      '        - {role: system, content: You are terse}',
      '        - {role: user, content: Pick a colour}',
      '        - {role: assistant, content: Blue}',
      '        - {role: user, content: Why?}',
      '    assert: [{type: contains, value: blue}]',
    ]);
    expect(rules(diagnostics)).toEqual([['info', 'scripted-conversation', 6]]);
    const c = suites[0]!.cases[0]!;
    expect(c.system).toBe('You are terse');
    expect(c.turns).toEqual(['@[User]:\nPick a colour\n\n@[Assistant]:\nBlue\n\n@[User]:\nWhy?']);
  });
});

describe('message lists and conversations (run on AgentV 5 loadTests at 58f316ca2: packages/differential agentv-loaders)', () => {
  it('the templates inside a message-list var are filled, as interpolateRawEvalCase renders the input', () => {
    const { suites, diagnostics } = load('m.eval.yaml', [
      'prompts: ["{{ input }}"]',
      'tests:',
      '  - id: t',
      '    vars:',
      '      product: AgentV',
      '      input:',
      '        - {role: system, content: "Be precise about {{ product }}."}',
      '        - {role: user, content: "Explain what {{ vars.product }} evaluates."}',
      '    assert: [Explains it]',
    ]);
    expect(rules(diagnostics)).toEqual([]);
    expect(suites[0]!.cases.map((c) => [c.system, c.turns])).toEqual([
      ['Be precise about AgentV.', ['Explain what AgentV evaluates.']],
    ]);
  });

  it("a conversation starts from the test's input: its system message is the system prompt; other messages warn", () => {
    const { suites, diagnostics } = load('c.eval.yaml', [
      'prompts: ["{{ input }}"]',
      'tests:',
      '  - id: sys',
      '    mode: conversation',
      '    turns: [{input: Add 4 and 5.}, {input: Times 3.}]',
      '    assert: [Keeps the total]',
      '    vars: {input: [{role: system, content: You are a calculator.}]}',
      '  - id: history',
      '    mode: conversation',
      '    turns: [{input: Go on.}]',
      '    assert: [Goes on]',
      '    vars: {input: [{role: user, content: Earlier question}]}',
    ]);
    expect(rules(diagnostics)).toEqual([['warning', 'conversation-history', 8]]);
    expect(suites[0]!.cases.map((c) => [c.id, c.system, c.turns])).toEqual([
      ['sys', 'You are a calculator.', ['Add 4 and 5.', 'Times 3.']],
      ['history', undefined, ['Go on.']],
    ]);
  });
});

describe("AgentV 5's removed shapes and trimmed criteria (run on its loadTests at 58f316ca2)", () => {
  it("a grader naming its judge with 'target' makes AgentV skip the test", () => {
    const { suites, diagnostics } = load('t.eval.yaml', [
      'prompts: ["{{ input }}"]',
      'tests:',
      '  - {id: gone, vars: {input: hi}, assert: [{type: llm-rubric, value: Polite, target: gpt}]}',
      '  - {id: kept, vars: {input: hi}, assert: [{type: llm-rubric, value: Polite, provider: gpt}]}',
    ]);
    expect(rules(diagnostics)).toEqual([
      ['warning', 'dropped-by-agentv', 3],
      ['warning', 'unsupported-parameter', 4],
    ]);
    expect(suites[0]!.cases.map((c) => c.id)).toEqual(['kept']);
  });

  it('evaluate_options.repeat as an object is refused, as AgentV 5 refuses the file', () => {
    const { diagnostics } = load('r.eval.yaml', [
      'evaluate_options:',
      '  repeat: {count: 2, strategy: pass_any}',
      'prompts: ["{{ input }}"]',
      'tests:',
      '  - {id: t, vars: {input: hi}, assert: [Polite]}',
    ]);
    expect(rules(diagnostics).filter(([severity]) => severity === 'error')).toEqual([['error', 'removed-field', 2]]);
  });

  it('a string criterion is trimmed: a folded scalar keeps no closing newline', () => {
    const { suites } = load('f.eval.yaml', [
      'prompts: ["{{ input }}"]',
      'tests:',
      '  - id: t',
      '    vars: {input: hi}',
      '    assert:',
      '      - >',
      '        Greets the user',
      '        politely.',
    ]);
    expect(suites[0]!.cases[0]!.checks).toEqual([{ type: 'llm-rubric', value: 'Greets the user politely.' }]);
  });
});

describe('suite-level input (run on AgentV 4.42.4 loadTests: packages/differential agentv-loaders)', () => {
  it("goes before the test's messages in one request, role-marked, not as a turn of its own", () => {
    const { suites } = load('s.eval.yaml', [
      'input:',
      '  - {role: user, content: Answer in one word.}',
      'tests:',
      '  - {id: t, criteria: Names a colour, input: Pick a colour}',
    ]);
    expect(suites[0]!.cases[0]!.turns).toEqual(['@[User]:\nAnswer in one word.\n\n@[User]:\nPick a colour']);
  });
});

describe('nunjucks that a var brings into the prompt', () => {
  it('is sent as written with a warning at the var (AgentV renders it: yaml-parser.ts:510)', () => {
    const { suites, diagnostics } = load('j.eval.yaml', [
      'prompts: ["{{ input }}"]',
      'tests:',
      '  - id: t',
      '    vars:',
      '      input:',
      '        - {role: user, content: "Say {{ 7 * 7 }}"}',
      '    assert: [Refuses]',
    ]);
    expect(rules(diagnostics)).toEqual([['warning', 'template-unsupported', 6]]);
    expect(suites[0]!.cases[0]!.turns).toEqual(['Say {{ 7 * 7 }}']);
  });
});
