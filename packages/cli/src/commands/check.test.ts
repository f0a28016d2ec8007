import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { REPO_ROOT } from '../test-support/paths.js';
import { writeFiles } from '../test-support/write-files.js';

const skillMd = (frontmatter: string, body = '# Steps\n\nDo it.\n') => `---\n${frontmatter}\n---\n${body}`;

/** A project with a skills folder: one good skill, one with a wrong name and a missing linked file. */
function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'skill-eval-check-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  writeFiles(dir, {
    'skills/dates/SKILL.md': skillMd('name: dates\ndescription: Formats dates and times. Use when a date is shown.'),
    'skills/money/SKILL.md': skillMd(
      'name: Money\ndescription: Formats amounts of money. Use when a price is shown.',
      '# Money\n\nSee [rounding](references/ROUNDING.md).\n',
    ),
  });
  return dir;
}

describe('skill-eval check', () => {
  it('prints every finding compiler-style with its rule id and exits 2 on an error', async () => {
    const dir = project();
    const io = captureIO(dir);
    expect(await main(['check', 'skills'], io)).toBe(2);
    expect(io.out()).toContain('skills/money/SKILL.md:2:7: error: The name "Money" has capital letters');
    expect(io.out()).toContain('(skill/name-format)');
    expect(io.out()).toMatch(
      /skills\/money\/SKILL\.md:7:5: warning: The link to references\/ROUNDING\.md .*\(skill\/missing-file\)/,
    );
    expect(io.out()).toMatch(
      /info: This description and that of "dates" .* \(word similarity 0\.\d\d; shared: format.*\(skill\/description-overlap\)/,
    );
    expect(io.out()).toContain('2 skill(s): 2 error(s), 1 warning(s), 1 note(s)');
  });

  it('exits 0 when there are only warnings and notes', async () => {
    const dir = project();
    const io = captureIO(dir);
    expect(await main(['check', 'skills/dates'], io)).toBe(0);
    expect(io.out()).toBe('1 skill(s): 0 error(s), 0 warning(s), 0 note(s)\n');
    writeFiles(dir, { 'skills/dates/SKILL.md': skillMd('name: dates\ndescription: Formats dates.') });
    const noted = captureIO(dir);
    expect(await main(['check', 'skills/dates'], noted)).toBe(0);
    expect(noted.out()).toContain('info: The description does not seem to say when');
  });

  it('prints the skills and diagnostics as JSON with --json, with the same exit code', async () => {
    const dir = project();
    const io = captureIO(dir);
    expect(await main(['check', 'skills', '--json'], io)).toBe(2);
    const json = JSON.parse(io.out()) as {
      skills: { name?: string; dir: string }[];
      diagnostics: { ruleId: string; severity: string; line?: number; file: string }[];
    };
    expect(json.skills.map((s) => s.name)).toEqual(['dates', 'Money']);
    expect(json.diagnostics.map((d) => `${d.severity} ${d.ruleId} ${d.line}`)).toEqual([
      'error skill/name-format 2',
      'error skill/name-folder-mismatch 2',
      'warning skill/missing-file 7',
      // "Formats …, Use when … shown" in both: a note, with the score.
      'info skill/description-overlap 3',
    ]);
    expect(json.diagnostics[0]?.file).toBe(join(dir, 'skills', 'money', 'SKILL.md'));
  });

  it('reports a path that names no skill as bad input', async () => {
    const dir = project();
    const io = captureIO(dir);
    expect(await main(['check', 'nowhere'], io)).toBe(2);
    expect(io.out()).toContain('nowhere: error: Path does not exist: nowhere.');
  });

  it('finds the mistakes of examples/skill-check, as its README shows them', async () => {
    const io = captureIO(REPO_ROOT);
    expect(await main(['check', 'examples/skill-check/skills', '--json'], io)).toBe(2);
    const { diagnostics } = JSON.parse(io.out()) as { diagnostics: { ruleId: string; file: string; line?: number }[] };
    expect(diagnostics.map((d) => `${d.file.slice(REPO_ROOT.length + 1)}:${d.line} ${d.ruleId}`).sort()).toEqual([
      'examples/skill-check/skills/changelog/SKILL.md:9 skill/missing-file',
      'examples/skill-check/skills/changelog/scripts/collect.sh:1 skill/script-not-executable',
      'examples/skill-check/skills/release-notes/SKILL.md:2 skill/name-folder-mismatch',
      'examples/skill-check/skills/release-notes/SKILL.md:2 skill/name-format',
      'examples/skill-check/skills/release-notes/SKILL.md:3 skill/description-overlap',
    ]);
    const text = captureIO(REPO_ROOT);
    await main(['check', 'examples/skill-check/skills'], text);
    const readme = readFileSync(join(REPO_ROOT, 'examples', 'skill-check', 'README.md'), 'utf8');
    expect(readme).toContain(text.out());
  });
});
