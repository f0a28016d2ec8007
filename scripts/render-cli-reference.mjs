// The `--help` text of skill-eval and of each of its commands, as docs/cli.md shows it: each block follows a
// `<!-- skill-eval <command> --help -->` marker, and everything else in the page is written by hand.
import { createProgram } from '../packages/cli/dist/program.js';

const HELP_WIDTH = 80; // what commander uses when stdout is not a terminal (`skill-eval run --help | cat`)

/** `skill-eval --help`, then each command's `--help`, keyed by the command line that prints it. */
export function helpTexts() {
  const quiet = { write: () => true };
  const io = { cwd: process.cwd(), env: {}, stdout: quiet, stderr: quiet };
  const program = createProgram(io, () => {});
  // Each command, then its subcommands (`skill-eval ci init`), by the command line that prints its help.
  const named = (command, name) => [[name, command], ...command.commands.flatMap((sub) => named(sub, `${name} ${sub.name()}`))];
  return new Map(
    named(program, 'skill-eval').map(([name, command]) => {
      command.configureHelp({ helpWidth: HELP_WIDTH });
      return [`${name} --help`, command.helpInformation()];
    }),
  );
}

const MARKER = /<!-- (skill-eval(?: [a-z-]+)* --help) -->\n```text\n[\s\S]*?```\n/g;

/** The page with every marked block replaced by the current help text; throws on a command without a block. */
export function renderCliReference(page) {
  const texts = helpTexts();
  const seen = new Set();
  const rendered = page.replace(MARKER, (_block, command) => {
    const text = texts.get(command);
    if (text === undefined) throw new Error(`docs/cli.md shows \`${command}\`, which is no command any more.`);
    seen.add(command);
    return `<!-- ${command} -->\n\`\`\`text\n${text}\`\`\`\n`;
  });
  const missing = [...texts.keys()].filter((command) => !seen.has(command));
  if (missing.length > 0) {
    throw new Error(
      `docs/cli.md has no block for ${missing.join(', ')}: add a section with the line ` +
        `"<!-- ${missing[0]} -->", then an empty \`\`\`text block, and run \`pnpm docs:cli\`.`,
    );
  }
  return rendered;
}
