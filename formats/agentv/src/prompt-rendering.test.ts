import { describe, expect, it } from 'vitest';
import { useProjectFolder } from './test-support/project-folder.js';

// Every expectation here is what AgentV's own loader gives for the same file, run on it: AgentV 5.3.1-next.1
// (packages/core/src/evaluation/yaml-parser.ts `loadTests`, commit f0c5db805c20d83a2e01d6b4e0e9bc9e5c7618a0, built
// from source) for the 5.x files, and AgentV 4.42.4 (@agentv/core from npm, `loadTests`) for the 4.x files. The
// messages are the loaded test's `input`; skill-eval's are its system prompt and turns.

const { write, load, rules } = useProjectFolder('agentv-prompts-');
const messages = (c: { system?: string; turns: string[] }) => [
  ...(c.system !== undefined ? [{ role: 'system', content: c.system }] : []),
  ...c.turns.map((content) => ({ role: 'user', content })),
];

// examples/features/test-vars-templating at EntityProcess/agentv@7e8b482, without its removed expected_output.
const SUPPORT_CHAT = JSON.stringify(
  [
    { role: 'system', content: 'You are a concise assistant answering {{ category }} questions for {{ audience }}.' },
    { role: 'user', content: '{{ question }}' },
  ],
  null,
  2,
);
const TEMPLATING = [
  'prompts:',
  '  - id: support-chat',
  '    label: Support chat',
  '    file: ./prompts/support-chat.json',
  '  - id: terse',
  '    label: Terse answer',
  '    prompt: "Answer for {{ audience }} in one sentence: {{ question }}"',
  'default_test:',
  '  vars:',
  '    audience: users',
  '    category: general',
  'tests:',
  '  - id: capital-france',
  '    vars:',
  '      category: geography',
  '      question: What is the capital of France?',
  '    assert:',
  '      - "Answers {{ vars.question }} correctly"',
  '  - id: greet-ada',
  '    vars:',
  '      audience: new teammates',
  '      category: onboarding',
  '      person:',
  '        name: Ada',
  '      question: "How should I greet {{ vars.person.name }}?"',
  '    assert:',
  '      - "Greets {{ vars.person.name }} warmly"',
];

describe('prompt-expanded tests (AgentV 5 expandPromptMatrix)', () => {
  it('are named <test id>__prompt_<prompt id>, the id being the explicit id, a file path or a hash', () => {
    write('evals/prompts/support-chat.json', SUPPORT_CHAT);
    write('evals/prompt.txt', 'From file: {{ question }}');
    const { suites, diagnostics } = load('evals/suite.yaml', [
      'prompts:',
      '  - {id: support-chat, label: Support chat, file: ./prompts/support-chat.json}',
      '  - file://prompt.txt',
      '  - "Plain {{ question }}"',
      '  - {raw: "Raw {{ question }}", label: short}',
      '  - [{role: system, content: "Sys {{ category }}"}, {role: user, content: "{{ question }}"}]',
      '  - {role: user, content: "Msg {{ question }}"}',
      '  - {messages: [{role: user, content: "M {{ question }}"}]}',
      '  - {prompt: "Labelled {{ question }}", label: "Only a label"}',
      'tests:',
      '  - id: capital-france',
      '    vars: {category: geography, audience: users, question: What is the capital of France?}',
      '    assert: [ok]',
    ]);
    expect(rules(diagnostics)).toEqual([]);
    expect(suites[0]!.cases.map((c) => c.id)).toEqual([
      'capital-france__prompt_support-chat',
      'capital-france__prompt_prompt.txt',
      'capital-france__prompt_prompt-0bfeefd035fa',
      'capital-france__prompt_string-942ffe90ca24',
      'capital-france__prompt_chat-3f551d3a737f',
      'capital-france__prompt_chat-545bde981f4a',
      'capital-france__prompt_chat-74efa85bc3fd',
      'capital-france__prompt_string-c09bc5d7fd30',
    ]);
  });

  it('a single prompt adds nothing to the id', () => {
    const { suites } = load('one.yaml', [
      'prompts: [{id: only, prompt: "Q: {{ q }}"}]',
      'tests: [{id: t, vars: {q: why}, assert: [ok]}]',
    ]);
    expect(suites[0]!.cases.map((c) => c.id)).toEqual(['t']);
  });
});

describe('vars in inputs, as each AgentV version renders them', () => {
  it('AgentV 5: a JSON chat prompt file is its system and user messages; {{ vars.x }} and vars holding templates render', () => {
    write('evals/prompts/support-chat.json', SUPPORT_CHAT);
    const { suites } = load('evals/suite.yaml', TEMPLATING);
    expect(suites[0]!.cases.map((c) => [c.id, messages(c)])).toEqual([
      [
        'capital-france__prompt_support-chat',
        [
          { role: 'system', content: 'You are a concise assistant answering geography questions for users.' },
          { role: 'user', content: 'What is the capital of France?' },
        ],
      ],
      [
        'capital-france__prompt_terse',
        [{ role: 'user', content: 'Answer for users in one sentence: What is the capital of France?' }],
      ],
      [
        'greet-ada__prompt_support-chat',
        [
          {
            role: 'system',
            content: 'You are a concise assistant answering onboarding questions for new teammates.',
          },
          // The prompt puts the var's text in; AgentV's interpolateRawEvalCase then renders the input again.
          { role: 'user', content: 'How should I greet Ada?' },
        ],
      ],
      [
        'greet-ada__prompt_terse',
        [{ role: 'user', content: 'Answer for new teammates in one sentence: How should I greet Ada?' }],
      ],
    ]);
  });

  it('AgentV 5: {{ vars.x }} in a prompt and in conversation turns; nunjucks writes a map as [object Object]', () => {
    const prompted = load('c.yaml', [
      'prompts: ["Plain {{ vars.question }} / {{ vars.person }}", "{{ input }}"]',
      'tests:',
      '  - id: t',
      '    vars: {question: Why?, person: {name: Ada}, input: "Hi {{ vars.person.name }}"}',
      '    assert: [ok]',
    ]);
    expect(prompted.suites[0]!.cases.map((c) => [c.id, c.turns])).toEqual([
      ['t__prompt_prompt-a40eac0ae119', ['Plain Why? / [object Object]']],
      ['t__prompt_prompt-c43d1157061e', ['Hi Ada']],
    ]);
    const conversation = load('t.yaml', [
      'prompts: ["{{ input }}"]',
      'tests:',
      '  - id: conv',
      '    mode: conversation',
      '    vars: {city: Paris, input: unused}',
      '    turns:',
      '      - input: "Tell me about {{ vars.city }} and {{ city }}"',
      '        assert: [{type: contains, value: x}]',
      '      - input: [{role: user, content: "More on {{ vars.city }}"}]',
      '        assert: [{type: contains, value: y}]',
    ]);
    // AgentV's loaded turns (interpolateCaseTurns): "Tell me about Paris and Paris", then "More on Paris".
    expect(conversation.suites[0]!.cases.map((c) => [c.id, c.turns])).toEqual([
      ['conv', ['Tell me about Paris and Paris', 'More on Paris']],
    ]);
  });

  it('AgentV 4.42.4: {{ name }} only; {{ vars.x }} and unknown names stay as written; a map is written as JSON', () => {
    const { suites } = load('v4.eval.yaml', [
      'tests:',
      '  - id: t1',
      '    vars:',
      '      question: What is the capital?',
      '      person: {name: Ada}',
      '    criteria: x',
      '    input:',
      '      - role: user',
      '        content: "Q {{ question }} / {{ vars.question }} / {{ missing }} / {{ person }}"',
    ]);
    expect(suites[0]!.settings).toMatchObject({ dialect: 'agentv-4' });
    expect(suites[0]!.cases[0]!.turns).toEqual([
      'Q What is the capital? / {{ vars.question }} / {{ missing }} / {"name":"Ada"}',
    ]);
  });

  it("AgentV 4.42.4: the suite's input is rendered with each test's vars too", () => {
    const { suites } = load('s.eval.yaml', [
      'input:',
      '  - role: system',
      '    content: "You help {{ team }} ({{ vars.team }})"',
      'tests:',
      '  - id: t1',
      '    vars: {team: ops}',
      '    criteria: ok',
      '    input: "Hi {{ team }}"',
    ]);
    expect(messages(suites[0]!.cases[0]!)).toEqual([
      { role: 'system', content: 'You help ops ({{ vars.team }})' },
      { role: 'user', content: 'Hi ops' },
    ]);
  });

  it('AgentV 5: a test without vars is sent as written, with a warning at the prompt', () => {
    const { suites, diagnostics } = load('n.yaml', [
      'prompts: ["Q: {{ input }}"]',
      'tests:',
      '  - {id: a, assert: [ok]}',
    ]);
    expect(rules(diagnostics)).toEqual([['warning', 'missing-var', 1]]);
    expect(suites[0]!.cases.map((c) => [c.id, c.turns])).toEqual([['a', ['Q: {{ input }}']]]);
  });
});
