import { chmodSync } from 'node:fs';
import { join } from 'node:path';
import { writeFiles } from './write-files.js';

/**
 * Writes, under `dir`, a skill `skill/` with one Skillet case and a shell agent that passes it; returns the `run`
 * arguments that run it on that agent (the command engine), fresh each time.
 */
export function writeCommandAgentSkill(dir: string): string[] {
  writeFiles(dir, {
    'skill/SKILL.md': '---\nname: greet\ndescription: Greets.\n---\nSay hello.\n',
    'skill/evals/set/a.yaml': [
      'timestamp: "2024-01-01"',
      'name: case a',
      'prompt: "say hello a"',
      'expected: hello',
      'assertions:',
      '  - type: contains',
      '    value: hello',
      '',
    ].join('\n'),
    'agent.sh': '#!/bin/sh\np=$(cat)\necho "hello from agent: $p"\n',
  });
  chmodSync(join(dir, 'agent.sh'), 0o755);
  return ['skill', '--no-cache', '--engine', 'command', '--ek', `command=${join(dir, 'agent.sh')}`];
}
