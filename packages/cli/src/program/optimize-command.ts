import { type Command, Option } from 'commander';
import type { ProgramContext } from './program-context.js';
import { collect, configOption } from './shared-options.js';

/** `optimize-description`: skill-creator's description loop. */
export function defineOptimizeDescriptionCommand(program: Command, { io, setExitCode }: ProgramContext): void {
  program
    .command('optimize-description')
    .description(
      'Find a better description for a skill (skill-creator’s loop): propose, measure with real trigger runs, choose by held-out score.',
    )
    .argument('<skill>', 'the skill’s folder (holding SKILL.md)')
    .option('--triggers <file>', 'the trigger set (default: the skill’s own, found as run finds it)')
    .option('-e, --engine <id[:model]>', 'engine the trigger runs use (default: claude-code)')
    .option('--judge <id[:model]>', 'engine whose model proposes descriptions (default: the --engine)')
    .addOption(new Option('--ek, --engine-kwarg <key=value>', 'engine setting, repeatable').argParser(collect))
    .option('--holdout <fraction>', 'share of each kind of query held out to choose by (default: 0.4; 0: none)')
    .option('--seed <n>', 'seed of the split (default: 42, as skill-creator)')
    .option('--max-iterations <n>', 'descriptions to measure at most (default: 5)')
    .option('--runs-per-query <n>', 'trigger runs per query (default: 3)')
    .option('--trigger-threshold <fraction>', 'trigger rate a should-trigger query must reach (default: 0.5)')
    .addOption(
      new Option('--trigger-detection <mode>', 'first-tool (skill-creator, default) or any-tool (BMAD)').choices([
        'any-tool',
        'first-tool',
      ]),
    )
    .option('-t, --timeout <seconds>', 'limit of one trigger run (default: 30)')
    .option('-j, --concurrency <n>', 'trigger runs at once (default: 4)')
    .option('-o, --out <dir>', 'where the report and the runs go (default: .skill-eval/optimize/<time>-<random>)')
    .option('--apply', 'write the best description into SKILL.md')
    .option('--trust', 'allow commands that come from eval or config files')
    .addOption(configOption())
    .action(async (skill: string, options: Record<string, unknown>) => {
      const { optimizeDescriptionCommand } = await import('../commands/optimize-description.js');
      const { engineKwarg, ...rest } = options;
      setExitCode(await optimizeDescriptionCommand(skill, { ...rest, ek: engineKwarg as string[] | undefined }, io));
    });
}
