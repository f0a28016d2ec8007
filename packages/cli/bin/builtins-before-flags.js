// The Node built-ins a command is known to load, loaded before the bin sets V8's flags (v8-tiering.js, code-cache.js).
//
// Node ships its built-in modules compiled (a code cache inside its binary), and V8 takes a code cache only under the
// flags it was made with: a built-in first loaded after `v8.setFlagsFromString` is parsed and compiled afresh. Every
// command writes to stdout and stderr, whose streams load `net` (a pipe) or `tty` (a terminal) when first used: some
// 2 ms compiled afresh. `run` loads the built-ins below once started (its hashing, its process launcher, its files,
// with what they load: streams, line readers): compiled afresh they cost it some 6 ms before its first engine starts,
// loaded first about 1 ms. Only speed depends on this; startup.test.ts holds the list to what `run` loads.
'use strict';

/** What `run` loads of Node's public built-ins beyond what `--version` does. */
const RUN_BUILTINS = ['node:child_process', 'node:crypto', 'node:fs/promises', 'node:os'];

/** The built-ins to load before the flags for the command line `args` (process.argv.slice(2)). */
function builtinsBeforeFlags(args) {
  const command = args.find((arg) => !arg.startsWith('-'));
  return command === 'run' ? RUN_BUILTINS : [];
}

/** Loads them, and makes the standard streams every command writes to, with the modules they load. */
function loadBuiltinsBeforeFlags(args) {
  for (const builtin of builtinsBeforeFlags(args)) require(builtin);
  // Getters that make each stream on first use.
  void process.stdout;
  void process.stderr;
}

module.exports = { loadBuiltinsBeforeFlags, RUN_BUILTINS };
