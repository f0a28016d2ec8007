import { z } from 'zod';

/** The zod schemas JSON Schemas are generated from: eval file formats and result files. */
async function schemaSources() {
  const core = await import('../packages/core/dist/index.js');
  const evalsJson = await import('../formats/evals-json/dist/index.js');
  const evalMd = await import('../formats/eval-md/dist/index.js');
  const triggers = await import('../formats/triggers-json/dist/index.js');
  const skillet = await import('../formats/skillet/dist/index.js');
  const skillUp = await import('../formats/skill-up/dist/index.js');
  const agentv = await import('../formats/agentv/dist/index.js');
  return {
    agentv: agentv.AgentvEvalFileSchema,
    'triggers-json': triggers.TriggersFileSchema,
    skillet: skillet.SkilletFileSchema,
    'skill-up': skillUp.SkillUpSuiteFileSchema,
    'skill-up-case': skillUp.SkillUpCaseFileSchema,
    'eval-md-frontmatter': evalMd.EvalMdFrontmatterSchema,
    'evals-json': evalsJson.EvalsJsonFileSchema,
    'bmad-cases-json': evalsJson.BmadCasesFileSchema,
    'case-result': core.CaseResultSchema,
    'run-summary': core.RunSummarySchema,
    list: core.ListingSchema,
  };
}

/** File name → JSON Schema text, for every source. */
export async function renderSchemas() {
  const rendered = {};
  for (const [name, schema] of Object.entries(await schemaSources())) {
    const json = z.toJSONSchema(schema, { target: 'draft-2020-12', unrepresentable: 'any', io: 'input' });
    rendered[`${name}.schema.json`] = `${JSON.stringify(json, null, 2)}\n`;
  }
  return rendered;
}
