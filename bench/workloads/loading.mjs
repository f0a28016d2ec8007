// Workload 4: loading. 10,000 cases spread over files of every format skill-eval reads, shown by `skill-eval list`.
// Neither peer has an equivalent: promptfoo reads none of these formats, AgentV only its own and evals.json, and
// neither has a command that lists what would run.
import { join } from 'node:path';
import { inParentheses, megabytes, onOtherNodes, seconds, table, verdict } from '../lib/format.mjs';
import { measureEach } from '../lib/measure.mjs';
import { writeEveryFormat } from '../lib/suites.mjs';

const CASES = 10_000;
const TARGET_S = 0.5;

export async function loading(ctx) {
  const dir = join(ctx.work, 'every-format');
  const files = writeEveryFormat(dir, CASES);
  // skill-eval, and skill-eval on another Node when the bench has one, taking turns.
  const tools = [ctx.tools.find((t) => t.id === 'skill-eval'), ...ctx.variants];
  const measured = await measureEach(
    tools.map((tool) => ({
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
    { runs: ctx.runs },
  );
  const rows = tools.map((tool, i) => ({ tool, m: measured[i] }));
  for (const { tool, m } of rows) ctx.log(`  list, ${tool.name}: ${seconds(m.wall)}`);
  const { m } = rows[0];
  const met = m.wall.median < TARGET_S;
  return {
    title: '4. Loading: 10,000 cases over files of every format (`list`)',
    target: `< ${TARGET_S} s for 10,000 cases`,
    met,
    body: `${files} files: evals.json, triggers.json, SkillKit EVAL.md, AgentV EVAL.yaml (200 cases a file), Skillet (a case a file), skill-up (a suite with a file per case). No peer reads these formats or lists a plan.\n\n${table(
      ['tool', 'wall, median (min–max)', 'peak RSS'],
      rows.map(({ tool, m }) => [`${tool.name} \`list\``, seconds(m.wall), megabytes(m.rss)]),
    )}`,
    summary: `skill-eval lists 10,000 cases in ${m.wall.median.toFixed(2)} s${inParentheses(onOtherNodes(rows))}: ${verdict(met)}`,
  };
}
