import { defineEngine, SessionSchema } from '@skill-eval/core';

export default defineEngine({
  contract: 'engine-v1',
  id: 'echo',
  description: 'Answers every prompt with the prompt itself.',
  parseSettings: (raw) => raw ?? {},
  create: () => ({
    id: 'echo',
    capabilities: { multiTurn: false, skills: false, workspaceTools: false, complete: false },
    skillRoots: ['.agents/skills'],
    version: async () => '1.0.0',
    run: async (input) =>
      SessionSchema.parse({ status: 'completed', engineId: 'echo', finalMessage: input.turns.join('\n'), turns: 1 }),
  }),
});
