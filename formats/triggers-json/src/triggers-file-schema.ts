import * as z from 'zod';

const id = z
  .union([z.string(), z.number()])
  .describe('Optional identity of the query; without it the query is known by its 1-based position.');

/** One query of a standard trigger set (BMAD, skill-creator `--eval-set`, agentskills.io `eval_queries.json`). */
export const TriggerQuerySchema = z
  .looseObject({
    /** The user message sent to the agent. */
    query: z.string().min(1).describe('The user message sent to the agent, as one turn.'),
    /** Whether the skill should fire; BMAD's runner defaults it to true, skill-creator requires it. */
    should_trigger: z
      .boolean()
      .optional()
      .describe('Whether the skill should load for this query (default true, as BMAD reads it).'),
    id: id.optional(),
  })
  .describe('One trigger query. Other keys (reason, …) are kept as metadata.');

/** A query of the grouped variant: a string, or `{id, prompt}`. */
export const GroupedQuerySchema = z.union([
  z.string().min(1).describe('The query text.'),
  z
    .looseObject({
      id: id.optional(),
      prompt: z.string().min(1).describe('The query text.'),
    })
    .describe('A query with an id; other keys are kept as metadata.'),
]);

/** The grouped, non-standard variant (forjd/better-writing): queries listed under their expected outcome. */
export const GroupedTriggerSetSchema = z
  .looseObject({
    skill_name: z.string().optional().describe('The skill the queries are about, when the file is not under it.'),
    should_trigger: z.array(GroupedQuerySchema).optional().describe('Queries that should load the skill.'),
    should_not_trigger: z.array(GroupedQuerySchema).optional().describe('Queries that should not load the skill.'),
  })
  .describe('Grouped variant (not standard): skill-creator and BMAD cannot read it.');

/** A query of skillverify's set: the standard fields, `should_trigger` required, and its split and notes. */
export const SkillverifyQuerySchema = TriggerQuerySchema.extend({
  should_trigger: z.boolean().describe('Whether the skill should load for this query (required, true or false).'),
  subset: z.string().optional().describe('train or validation: the split skillverify keeps; kept as metadata.'),
  category: z.string().optional().describe('What kind of query it is (negative-near-miss…); kept as metadata.'),
  rationale: z.string().optional().describe('Why the query is in the set; kept as metadata.'),
});

/** yianyao/skillverify's `evals/trigger-queryset.json` (skillverify/trigger.py `read_queryset`). */
export const WrappedTriggerSetSchema = z
  .looseObject({
    skill_name: z.string().optional().describe('The skill the queries are about.'),
    queries: z.array(SkillverifyQuerySchema).min(1).describe('The queries, as in the standard list.'),
  })
  .describe("skillverify's trigger query set: {skill_name, queries: [{id, query, should_trigger, subset}]}.");

/** A routing table: queries across the skills of one folder, each naming the skill that should fire, or null. */
export const RoutingTableSchema = z
  .object({
    cases: z
      .array(
        z
          .looseObject({
            id: id.optional(),
            prompt: z.string().min(1).describe('The user message sent to the agent, as one turn.'),
            expect: z
              .string()
              .nullable()
              .describe('The skill (of those routed between) that should fire first; null when none should.'),
          })
          .describe('One routed query; other keys (reason, …) are kept as metadata.'),
      )
      .min(1),
    skills: z
      .array(z.string().min(1).describe('A skill folder (holding its SKILL.md), relative to this file.'))
      .min(1)
      .optional()
      .describe(
        'The skills routed between, named explicitly; without it, every skill of the folder the table is in (or its plugin).',
      ),
  })
  .describe(
    'Routing table {cases: [{prompt, expect}], skills?}: every skill it routes between is staged for every query.',
  );

/** A trigger query set: the standard list, the grouped variant, skillverify's wrapped list, or a routing table. */
export const TriggersFileSchema = z
  .union([
    z.array(TriggerQuerySchema).min(1).describe('Standard trigger set: [{query, should_trigger}].'),
    GroupedTriggerSetSchema,
    WrappedTriggerSetSchema,
    RoutingTableSchema,
  ])
  .describe('Trigger query set (triggers.json, trigger-evals.json, eval_queries.json, trigger-queryset.json).');
export type TriggersFile = z.infer<typeof TriggersFileSchema>;
