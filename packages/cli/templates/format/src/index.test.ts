// The format conformance suite of @skill-eval/testing: the plugin's shape, detection, the cases of good files, a
// diagnostic at file:line for each bad one, and no crash on hundreds of damaged copies of the good files.
import { describeFormatConformance } from '@skill-eval/testing/conformance';
import plugin from './index.js';

describeFormatConformance(plugin.id, {
  plugin,
  valid: [
    {
      file: 'greetings.__name__.txt',
      text: '# Greetings\nSay hello => hello\n\nSay goodbye in French => au revoir\n',
      cases: 2,
    },
  ],
  invalid: [
    { file: 'no-arrow.__name__.txt', text: 'Say hello => hello\nSay goodbye\n', line: 2 },
    { file: 'empty-side.__name__.txt', text: ' => hello\n', line: 1 },
  ],
});
