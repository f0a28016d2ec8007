// The licence texts of the npm packages a bundle holds, which their licences (MIT's "shall be included in all
// copies", Apache-2.0's NOTICE) ask to travel with the code.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The folder of the npm package a bundled file comes from (`…/node_modules/@scope/name`), or undefined. */
function packageDirOf(input) {
  const at = input.lastIndexOf('node_modules/');
  if (at < 0) return undefined;
  const [first, second] = input.slice(at + 'node_modules/'.length).split('/');
  return input.slice(0, at) + `node_modules/${first.startsWith('@') ? `${first}/${second}` : first}`;
}

/** Markdown listing each package of `inputs` (paths relative to `root`) with its licence and notice files. */
export function thirdPartyLicenses(root, inputs) {
  const dirs = [...new Set(inputs.map(packageDirOf).filter(Boolean))];
  const packages = dirs
    .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) }))
    .sort((a, b) => a.manifest.name.localeCompare(b.manifest.name));
  const sections = packages.map(({ dir, manifest }) => {
    const texts = readdirSync(join(root, dir))
      .filter((name) => /^(licen[cs]e|notice|copying)/i.test(name))
      .sort()
      .map((name) => `\`\`\`text\n${readFileSync(join(root, dir, name), 'utf8').trim()}\n\`\`\``);
    const licence = typeof manifest.license === 'string' ? manifest.license : JSON.stringify(manifest.license);
    return [`## ${manifest.name}@${manifest.version} (${licence})`, ...texts].join('\n\n');
  });
  return `# Third-party licences\n\nThe bundle in this folder holds code of these npm packages, under their own licences.\n\n${sections.join('\n\n')}\n`;
}
