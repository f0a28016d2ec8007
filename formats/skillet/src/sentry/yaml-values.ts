import { isYamlScalar, isYamlSeq, type YamlNode } from '@skill-eval/format-kit';

/** A scalar holding a string: the only value skillet's parser takes for a text field. */
export const isText = (node: YamlNode | undefined): node is YamlNode & { value: string } =>
  isYamlScalar(node) && typeof node.value === 'string';

/** A node as a diagnostic names it: its value, `empty`, `a list` or `a map`. */
export const shown = (node: YamlNode | undefined | null): string =>
  isYamlScalar(node)
    ? node.value === null
      ? 'empty'
      : JSON.stringify(node.value)
    : isYamlSeq(node)
      ? 'a list'
      : 'a map';
