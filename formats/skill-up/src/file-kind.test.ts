import { describe, expect, it } from 'vitest';
import { kindOfContent, kindOfText, yamlContent } from './file-kind.js';

describe('kindOfText', () => {
  // Read from the nodes where they tell the keys: held to what the data says, for each kind and what falls back.
  const texts = [
    'schema_version: v1alpha1\nengine:\n  type: claude-code\n',
    'engine: {type: x}\ncases:\n  files: [a.yaml]\n',
    'engine: {type: x}\ncases: [a]\n',
    'id: c\ninput:\n  prompt: hi\n',
    'input:\n  turns:\n    - content: hi\n',
    'input: just text\n',
    'tests:\n  - id: a\n',
    'name: x\ntimestamp: 1\n',
    'cases:\n  files: ["evals/cases/*.yaml"]\nengine: {type: x}\n',
    'base: &b {prompt: hi}\ninput: *b\n',
    '- a\n',
    '',
    'input: [\n',
  ];
  it.each(texts)('says what the data says of %j', (text) => {
    const content = yamlContent(text);
    expect(kindOfText(text)).toBe(content === undefined ? undefined : kindOfContent(content));
  });
});
