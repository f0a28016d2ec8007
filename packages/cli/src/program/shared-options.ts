import { Option } from 'commander';

/** Collects a repeatable option's values. */
export const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

/** `--mode`: as BMAD's, it narrows a run to the task (artifact) cases or to the trigger cases. */
export const modeOption = () =>
  new Option(
    '--mode <kind>',
    'only the task cases (task, or BMAD’s artifact) or only the trigger cases (trigger)',
  ).choices(['task', 'artifact', 'trigger']);
