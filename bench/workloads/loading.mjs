// Workload 4: loading. 10,000 cases spread over files of every format skill-eval reads, shown by `skill-eval list`.
// Neither peer has an equivalent: promptfoo reads none of these formats, AgentV only its own and evals.json, and
// neither has a command that lists what would run. The floor beside it is the YAML parser alone (lib/parse-baseline.mjs):
// the same files read and parsed once each, as skill-eval must parse them, by a bare Node process.
import { join } from 'node:path';
import { inParentheses, megabytes, onOtherNodes, seconds, table, verdict } from '../lib/format.mjs';
import { measureEach } from '../lib/measure.mjs';
import { writeEveryFormat } from '../lib/suites.mjs';

const CASES = 10_000;
const TARGET_S = 0.5;
const PARSER_ALONE = new URL('../lib/parse-baseline.mjs', import.meta.url).pathname;

export async function loading(ctx) {
  const dir = join(ctx.work, 'every-format');
  const files = writeEveryFormat(dir, CASES);
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
  const [floor, ...measured] = await measureEach(
    [
      parserAlone,
      ...tools.map((tool) => ({
        argv: [...tool.argv, 'list', '.'],
        options: {
          ...ctx.measureOptions(tool),
          cwd: dir,
          check: (result) => {
            if (!result.stdout.includes(`${CASES} case(s)`))
              throw new Error(`list did not show ${CASES} cases: ${result.stdout.slice(-200)}`);
          },
        },
      })),
    ],
    { runs: ctx.runs },
  );
  const rows = tools.map((tool, i) => ({ tool, m: measured[i] }));
  ctx.log(`  the YAML parser alone: ${seconds(floor.wall)}`);
  for (const { tool, m } of rows) ctx.log(`  list, ${tool.name}: ${seconds(m.wall)}`);
  const { m } = rows[0];
  const met = m.wall.median < TARGET_S;
  const overFloor = (wall) => `${(wall / floor.wall.median).toFixed(2)}×`;
  return {
    title: '4. Loading: 10,000 cases over files of every format (`list`)',
    target: `< ${TARGET_S} s for 10,000 cases`,
    met,
    body: `${files} files: evals.json, triggers.json, SkillKit EVAL.md, AgentV EVAL.yaml (200 cases a file), Skillet (a case a file), skill-up (a suite with a file per case). No peer reads these formats or lists a plan.\n\n${table(
      ['tool', 'wall, median (min–max)', 'peak RSS', '÷ the parser alone'],
      [
        ['the YAML parser alone (the floor)', seconds(floor.wall), megabytes(floor.rss), '—'],
        ...rows.map(({ tool, m }) => [`${tool.name} \`list\``, seconds(m.wall), megabytes(m.rss), overFloor(m.wall.median)]),
      ],
    )}\n\nThe floor is a bare Node process on this machine's Node that reads every file and parses each YAML file once with the \`yaml\` library skill-eval reads YAML with (the same version, the same options: positions, every error, unique keys) into plain data, and each JSON file with \`JSON.parse\` (lib/parse-baseline.mjs), taking turns with the rows below it. A \`list\` of these files cannot take less: the target asks for one parse per file with positions, and no second parser beside \`yaml\`.${floor.wall.median >= TARGET_S ? ` Here the parser alone takes ${floor.wall.median.toFixed(2)} s, more than the target of ${TARGET_S} s for the whole command.` : ''}`,
    summary: `skill-eval lists 10,000 cases in ${m.wall.median.toFixed(2)} s${inParentheses(onOtherNodes(rows))}, ${overFloor(m.wall.median)} the YAML parser alone (${floor.wall.median.toFixed(2)} s): ${verdict(met)}`,
  };
}
