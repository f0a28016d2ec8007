import { join } from 'node:path';

/**
 * The temp folder of an execution, in its fresh HOME: the `TMPDIR` of every program the execution runs (its agent,
 * setup and teardown steps, grading programs), made with the HOME and gone with it. Agents and the programs they start
 * leave files in their temp folder (claude its Bash tool's output, opencode a native library, Node a compile cache);
 * in the machine's `/tmp` those would outlive the run and be there for the next execution to find.
 */
export const executionTempDir = (home: string): string => join(home, '.tmp');
