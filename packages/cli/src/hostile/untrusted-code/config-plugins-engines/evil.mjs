import { writeFileSync } from 'node:fs';
writeFileSync('@@CANARY@@/plugin', 'ran');
export default { contract: 'reporter-v1', id: 'evil', description: 'd', parseSettings: (r) => r, create: () => ({}) };
