import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readSkillFrontmatter } from '@skill-eval/core';
import { parseYaml } from '@skill-eval/format-kit';
import { afterAll, describe, expect, it } from 'vitest';
import { withDescription } from './skill-description.js';

const dir = mkdtempSync(join(tmpdir(), 'skill-description-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The frontmatter as a YAML parser reads it, and as skill-eval's own reader does (it remembers a file for a turn). */
async function read(text: string) {
  await new Promise((done) => setImmediate(done));
  writeFileSync(join(dir, 'SKILL.md'), text);
  const parsed = parseYaml(/^---\r?\n([\s\S]*?)\r?\n---/.exec(text)![1]!);
  expect(parsed.errors).toEqual([]);
  const yaml = parsed.toJS() as Record<string, unknown>;
  return { yaml, ours: readSkillFrontmatter(dir) };
}

const SHAPES: Record<string, string> = {
  plain: '---\nname: pdf\ndescription: Fill PDF forms.\nlicense: MIT\n---\n# PDF\n\nBody: description: stays.\n',
  quoted:
    '---\nname: pdf\ndescription: "Fill PDF forms: all of them."\nlicense: MIT\n---\n# PDF\n\nBody: description: stays.\n',
  folded:
    '---\nname: pdf\ndescription: >\n  Fill PDF forms\n  of every kind.\n\n  Twice.\nlicense: MIT\n---\n# PDF\n\nBody: description: stays.\n',
  literal:
    '---\nname: pdf\ndescription: |-\n  Fill PDF forms.\nlicense: MIT\n---\n# PDF\n\nBody: description: stays.\n',
  continued:
    '---\nname: pdf\ndescription: Fill PDF forms\n  over two lines.\nlicense: MIT\n---\n# PDF\n\nBody: description: stays.\n',
  crlf: '---\r\nname: pdf\r\ndescription: Fill PDF forms.\r\nlicense: MIT\r\n---\r\n# PDF\r\n\r\nBody: description: stays.\r\n',
  none: '---\nname: pdf\nlicense: MIT\n---\n# PDF\n\nBody: description: stays.\n',
};

describe('withDescription', () => {
  it.each(Object.entries(SHAPES))('replaces a %s description, leaving every other byte', async (_, text) => {
    for (const description of [
      'Use this skill when the user works with PDF forms.',
      'Use for PDFs: filling, merging, #tags and "quotes" — even with a colon at the end:',
      '- starts like a list item',
    ]) {
      const changed = withDescription(text, description);
      const { yaml, ours } = await read(changed);
      expect(yaml.description).toBe(description);
      expect(ours.description).toBe(description);
      expect(yaml.name).toBe('pdf');
      expect(yaml.license).toBe('MIT');
      expect(changed.endsWith(text.slice(text.indexOf('# PDF')))).toBe(true);
    }
  });

  it('refuses a SKILL.md without frontmatter, naming it', () => {
    expect(() => withDescription('# No frontmatter\n', 'x', 'skills/pdf/SKILL.md')).toThrow(
      /skills\/pdf\/SKILL.md has no frontmatter/,
    );
  });
});
