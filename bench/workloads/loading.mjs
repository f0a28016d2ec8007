// Workload 4: loading. 10,000 cases spread over files of every format skill-eval reads, shown by `skill-eval list`
// (2000 under --check, whose guard holds `list` ÷ the parser alone). `list` keeps each file's load (and each parsed
// YAML document) in the user's cache folder and reuses it while the file and everything its loader read are
// unchanged: the warm-up run fills that cache, and `list --no-parse-cache`, which parses and loads every file, takes
// turns beside it.
// Neither peer has an equivalent: promptfoo reads none of these formats, AgentV only its own and evals.json, and
// neither has a command that lists what would run. The floor beside it is the YAML parser alone (lib/parse-baseline.mjs):
// the same files read and parsed once each, as skill-eval must parse them, by a bare Node process.
import { join } from 'node:path';
import { inParentheses, megabytes, onOtherNodes, seconds, table, verdict } from '../lib/format.mjs';
import { measureEach } from '../lib/measure.mjs';
import { writeEveryFormat } from '../lib/suites.mjs';

const CASES = 10_000;
const TARGET_S = 0.5;
// Under --check, a fifth of the cases: the guard's ratio in seconds rather than tens of seconds.
const CHECK_CASES = 2000;
const PARSER_ALONE = new URL('../lib/parse-baseline.mjs', import.meta.url).pathname;

export async function loading(ctx) {
  const cases = ctx.check ? CHECK_CASES : CASES;
  const dir = join(ctx.work, 'every-format');
  const files = writeEveryFormat(dir, cases);
  // skill-eval, and skill-eval on another Node when the bench has one, taking turns.
  const tools = [ctx.tools.find((t) => t.id === 'skill-eval'), ...ctx.variants];
  const parserAlone = {
    argv: [process.execPath, PARSER_ALONE, dir],
    options: {
      ...ctx.measureOptions(tools[0]),
      cwd: dir,
      check: (result) => {
        if (!/^\d+ file\(s\) parsed/.test(result.stdout)) throw new Error(`the parser alone: ${result.stderr.slice(-300)}`);
      },
    },
  };
  const list = (tool, flags = []) => ({
    argv: [...tool.argv, 'list', '.', ...flags],
    options: {
      ...ctx.measureOptions(tool),
      cwd: dir,
      check: (result) => {
        if (!result.stdout.includes(`${cases} case(s)`))
          throw new Error(`list did not show ${cases} cases: ${result.stdout.slice(-200)}`);
      },
    },
  });
  const [floor, parsing, ...measured] = await measureEach(
    [parserAlone, list(tools[0], ['--no-parse-cache']), ...tools.map((tool) => list(tool))],
    { runs: ctx.runs, warmup: 1 },
  );
  const rows = tools.map((tool, i) => ({ tool, m: measured[i] }));
  ctx.log(`  the YAML parser alone: ${seconds(floor.wall)}`);
  ctx.log(`  list --no-parse-cache, ${tools[0].name}: ${seconds(parsing.wall)}`);
  for (const { tool, m } of rows) ctx.log(`  list, ${tool.name}: ${seconds(m.wall)}`);
  const { m } = rows[0];
  // The target is for 10,000 cases; a smaller run (--check) is held to its share of it.
  const target = (TARGET_S * cases) / CASES;
  const met = m.wall.median < target;
  const judgedAt = cases === CASES ? '' : `; judged at ${cases} cases against ${target.toFixed(2)} s, the target's share`;
  const overFloor = (wall) => `${(wall / floor.wall.median).toFixed(2)}×`;
  return {
    title: `4. Loading: ${cases.toLocaleString('en')} cases over files of every format (\`list\`)`,
    target: `< ${TARGET_S} s for 10,000 cases`,
    met,
    guards: [
      {
        id: `loading-${cases}`,
        what: `skill-eval \`list --no-parse-cache\` (every file parsed) ÷ the YAML parser alone, ${cases} cases over files of every format`,
        ratio: parsing.wall.median / floor.wall.median,
        detail: `${parsing.wall.median.toFixed(2)} s against ${floor.wall.median.toFixed(2)} s`,
      },
      {
        id: `loading-cached-${cases}`,
        what: `skill-eval \`list\` (kept loads, from the user's cache folder) ÷ the YAML parser alone, ${cases} cases over files of every format`,
        ratio: m.wall.median / floor.wall.median,
        detail: `${m.wall.median.toFixed(2)} s against ${floor.wall.median.toFixed(2)} s`,
      },
    ],
    body: `${files} files: evals.json, triggers.json, SkillKit EVAL.md, AgentV EVAL.yaml (200 cases a file), Skillet (a case a file), skill-up (a suite with a file per case). No peer reads these formats or lists a plan.\n\n${table(
      ['tool', 'wall, median (min–max)', 'peak RSS', '÷ the parser alone'],
      [
        ['the YAML parser alone (the floor)', seconds(floor.wall), megabytes(floor.rss), '—'],
        [`${tools[0].name} \`list --no-parse-cache\` (every file parsed)`, seconds(parsing.wall), megabytes(parsing.rss), overFloor(parsing.wall.median)],
        ...rows.map(({ tool, m }) => [`${tool.name} \`list\``, seconds(m.wall), megabytes(m.rss), overFloor(m.wall.median)]),
      ],
    )}\n\nThe floor is a bare Node process on this machine's Node that reads every file and parses each YAML file once with the \`yaml\` library skill-eval reads YAML with (the same version, the same options: positions, every error, unique keys) into plain data, and each JSON file with \`JSON.parse\` (lib/parse-baseline.mjs), taking turns with the rows below it. A \`list\` that parses these files cannot take less: the target asks for one parse per file with positions, and no second parser beside \`yaml\`.${floor.wall.median >= target ? ` Here the parser alone takes ${floor.wall.median.toFixed(2)} s, more than the target of ${target.toFixed(2)} s for the whole command.` : ''}\n\n\`list\` is what a user gets listing the files again: each file's load is kept in the user's cache folder (\`~/.cache/skill-eval/suites\`, in the bench's own HOME) with every question its loader asked of the file system, and given back while the file's text and every answer are unchanged (here each case file of a skill-up suite, each SKILL.md, the folders its globs list, read again and compared); each YAML document a load parsed is kept beside it (\`yaml\`) and rebuilt node for node when a file must load again. The warm-up run, not counted, fills both. \`list --no-parse-cache\` parses and loads every file, as the first load of a tree does; that first load also writes the caches.`,
    summary: `skill-eval lists ${cases.toLocaleString('en')} cases in ${m.wall.median.toFixed(2)} s${inParentheses(onOtherNodes(rows))}, ${overFloor(m.wall.median)} the YAML parser alone (${floor.wall.median.toFixed(2)} s); parsing every file (\`--no-parse-cache\`), ${parsing.wall.median.toFixed(2)} s, ${overFloor(parsing.wall.median)}${judgedAt}: ${verdict(met)}`,
  };
}
