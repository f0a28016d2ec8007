import { type ParsedYaml, parseYaml } from '@skill-eval/format-kit';
import { isScalar, type Scalar, visit } from 'yaml';

/** js-yaml 4's timestamp type (lib/type/timestamp.js), in its default schema, which promptfoo's `loadYaml` reads with. */
const DATE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;
const DATE_TIME =
  /^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9]{1,2}(?::[0-9]{2})?))?$/;

/**
 * The plain scalars of a document that js-yaml, promptfoo's YAML reader, reads as dates, where skill-eval's YAML 1.2
 * reader keeps their text: `d: 2025-01-15` is a Date in promptfoo, which its prompt shows as `[object Object]`
 * (seen running promptfoo 0.123.1's own eval), and the text `2025-01-15` here.
 */
export function jsYamlDates(text: string): Scalar[] {
  const parsed: ParsedYaml = parseYaml(text);
  const found: Scalar[] = [];
  visit(parsed.doc, {
    Scalar(key, node) {
      if (key === 'key' || !isScalar(node) || node.type !== 'PLAIN' || node.tag || typeof node.value !== 'string')
        return;
      if (DATE.test(node.value) || DATE_TIME.test(node.value)) found.push(node);
    },
  });
  return found;
}

/** The warning for one such date. */
export const jsYamlDateWarning = (text: string) =>
  `promptfoo's YAML reader (js-yaml) reads ${text} as a date, not text: a prompt using it shows "[object Object]" in promptfoo, where skill-eval sends ${text}. Quote it ("${text}") for both to send the text.`;
