import { writeFileSync } from 'node:fs';
writeFileSync('@@CANARY@@/runjson-judge-module', 'imported');
export default { contract: 'engine-v1', id: 'evil', description: 'd', parseSettings: (r) => r, create: () => ({}) };
