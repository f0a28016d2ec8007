import { Command, InvalidArgumentError } from 'commander';
import type { CommandIO } from './io/io.js';
import { harnessVersion } from './plugins/package-version.js';
import { defineGradeCommand, definePromptCommand } from './program/agent-mode-commands.js';
import { defineCiCommand } from './program/ci-command.js';
import { defineDemoCommand, defineDoctorCommand, defineEnginesCommand } from './program/engines-and-demo-commands.js';
import {
  defineCheckCommand,
  defineConvertCommand,
  defineListCommand,
  defineValidateCommand,
} from './program/eval-file-commands.js';
import { defineNewCommand } from './program/new-command.js';
import { defineOptimizeDescriptionCommand } from './program/optimize-command.js';
import { defineRunCommand } from './program/run-command.js';
import { defineCompareCommand, defineMergeCommand, defineReportCommand } from './program/run-dir-commands.js';

/**
 * The command-line interface. Command modules are imported inside their actions so that
 * `--version` and `--help` load no plugin and no runner.
 */
export function createProgram(io: CommandIO, setExitCode: (code: number) => void): Command {
  const program = new Command('skill-eval')
    .description(
      'Run agent-skill evals written for any tool (evals.json, EVAL.md, …) on any agent engine, and grade them.',
    )
    .version(harnessVersion(), '-v, --version')
    // The program's own options (-v/--version, -h/--help) count only before the command: after it, the command's
    // options win, so `run -v` is `run --verbose`, not the version.
    .enablePositionalOptions()
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
    })
    .showSuggestionAfterError()
    .exitOverride();

  const context = { io, setExitCode };
  defineRunCommand(program, context);
  defineMergeCommand(program, context);
  defineReportCommand(program, context);
  defineCompareCommand(program, context);
  defineValidateCommand(program, context);
  defineCheckCommand(program, context);
  defineConvertCommand(program, context);
  defineEnginesCommand(program, context);
  defineDoctorCommand(program, context);
  defineDemoCommand(program, context);
  defineListCommand(program, context);
  definePromptCommand(program, context);
  defineGradeCommand(program, context);
  defineOptimizeDescriptionCommand(program, context);
  defineNewCommand(program, context);
  defineCiCommand(program, context);

  refuseEmptyValues(program);
  return program;
}

/**
 * Makes every option that takes a value refuse an empty one (`-o ''`, `--cache-dir ''`): no option means anything by
 * it, and a path left empty would name the working directory, where a run or a cache would then write.
 */
function refuseEmptyValues(program: Command): void {
  for (const option of program.commands.flatMap((command) => command.options)) {
    if (!option.required && !option.optional) continue;
    const parse = option.parseArg;
    option.argParser((value: string, previous: unknown) => {
      if (value.trim() === '') throw new InvalidArgumentError('It cannot be empty.');
      return parse ? parse(value, previous) : value;
    });
  }
}
