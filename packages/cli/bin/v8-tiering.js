// How soon V8 hands a hot function to its optimizing compiler (TurboFan), for a process that lives seconds.
//
// V8's defaults suit pages and servers that run for hours. A skill-eval command runs for seconds, and its hot code —
// the YAML parser, the format loaders, an execution's bookkeeping — runs a few thousand times and then never again:
// compiled that early, much of it is optimized for a few calls, or thrown away and compiled again, while the
// compiler thread takes the second core from the work. Tiering up four times later, on Node 20 (V8 11.3): listing
// 10,000 cases takes 13% less time and 26% less CPU, a cached re-run of 1000 cases 13% less time, a run of 1000
// trivial cases 5% less time and 14% less CPU; short commands are unchanged (bench/, workloads 4, 6, 2 and 1).
// Node 22's V8 (12.4) counts calls instead, and optimizes with Maglev first: there the same change saves CPU (14%)
// more than time (2%).

'use strict';

/** The flag that tiers up four times later on V8 `version` (`process.versions.v8`); none for a V8 not measured. */
function lateTierUpFlag(version) {
  const major = Number(version.split('.')[0]);
  // V8 11's default interrupt budget is 66 KiB of bytecode executed; V8 12's, 3000 calls.
  if (major === 11) return '--interrupt-budget=270336';
  if (major === 12) return '--invocation-count-for-turbofan=12000';
  // Another V8 may not know these flags, and says so on stderr: nothing is set there.
  return undefined;
}

module.exports = { lateTierUpFlag };
