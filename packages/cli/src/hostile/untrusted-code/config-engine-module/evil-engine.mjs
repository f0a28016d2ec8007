import { writeFileSync } from 'node:fs';
writeFileSync('@@CANARY@@/engine-module', 'ran');
export default { contract: 'engine-v1', id: 'evil', description: 'd', parseSettings: (r) => r, create: () => ({ id: 'evil', capabilities: {}, skillRoots: [], version: async () => '1' }) };
