import { Option } from 'commander';

/** Collects a repeatable option's values. */
export const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

/** `--mode`: as BMAD's, it narrows a run to the task (artifact) cases or to the trigger cases. */
export const modeOption = () =>
  new Option(
    '--mode <kind>',
    'only the task cases (task, or BMAD’s artifact) or only the trigger cases (trigger)',
  ).choices(['task', 'artifact', 'trigger']);

/**
 * `--case <glob>`, repeatable, as `claude plugin eval --case` narrows its run (promptfoo's `--filter-pattern` and
 * AgentV's `--test-id` do the same by other spellings).
 */
export const caseOption = () =>
  new Option(
    '--case <glob>',
    'only the cases whose id or name matches (* any characters, ? one); repeatable',
  ).argParser(collect);

/** `--tag <tag>`, repeatable, as `claude plugin eval --tag`: the cases that have any of the tags. */
export const tagOption = () =>
  new Option('--tag <tag>', 'only the cases with this tag (any of those given); repeatable').argParser(collect);

/** `-c, --config`: the config file, where a command reads one. */
export const configOption = () => new Option('-c, --config <file>', 'config file (default: skill-eval.config.json)');

/** `-f, --format`: a format for the eval files (`every file`) or the one file (`the file`) a command reads. */
export const formatOption = (files: 'every file' | 'the file' = 'every file') =>
  new Option('-f, --format <id>', `read ${files} with this format instead of detecting it`);

/** `--no-parse-cache` of the commands that load eval files (run, list, validate). */
export const noParseCacheOption = () =>
  new Option(
    '--no-parse-cache',
    'parse and load every eval file afresh, and keep no parsed document or load for the next one',
  );
