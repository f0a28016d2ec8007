// The environment conformance suite of @skill-eval/testing: a sandbox runs programs with exactly the environment
// given, streams their lines, passes stdin, reports exit codes, and kills what runs at a deadline, an abort or close.
import { describeEnvironmentConformance } from '@skill-eval/testing/conformance';
import plugin from './index.js';

describeEnvironmentConformance(plugin.id, {
  plugin,
  createEnvironment: () => plugin.create(plugin.parseSettings(undefined)),
});
