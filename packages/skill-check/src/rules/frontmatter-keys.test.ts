import { describe, expect, it } from 'vitest';
import { found, skillDocument, skillMd } from '../test-support/skill-folder.js';
import { frontmatterKeys, frontmatterTypes } from './frontmatter-keys.js';

const doc = (extra: string) =>
  skillDocument('pdf', { 'SKILL.md': skillMd(`name: pdf\ndescription: Use when testing.\n${extra}`) });

describe('frontmatterKeys', () => {
  it('accepts the specification’s keys', () => {
    expect(
      frontmatterKeys(doc('license: MIT\ncompatibility: Needs git\nmetadata:\n  a: "1"\nallowed-tools: Read')),
    ).toEqual([]);
  });

  it('notes a key only Claude Code reads, and warns of one no agent reads, at the key', () => {
    const diagnostics = frontmatterKeys(doc('when_to_use: for PDFs\nversoin: 1'));
    expect(found(diagnostics)).toEqual(['info skill/key-not-in-spec', 'warning skill/unknown-key']);
    expect(diagnostics[1]).toMatchObject({ line: 5, column: 1 });
  });
});

describe('frontmatterTypes', () => {
  it('accepts text, a map of text and a tools text', () => {
    expect(frontmatterTypes(doc('license: MIT\nmetadata:\n  version: "1.0"\nallowed-tools: Bash(git:*) Read'))).toEqual(
      [],
    );
  });

  it('refuses what is not text, and notes what agents still read', () => {
    expect(found(frontmatterTypes(doc('license: [MIT]')))).toEqual(['error skill/wrong-type']);
    expect(found(frontmatterTypes(doc('metadata: v1')))).toEqual(['error skill/wrong-type']);
    expect(found(frontmatterTypes(doc('metadata:\n  version: 1.0')))).toEqual(['info skill/metadata-not-text']);
    expect(found(frontmatterTypes(doc('allowed-tools: [Read, Bash]')))).toEqual(['info skill/wrong-type']);
  });
});
