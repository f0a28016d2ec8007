import { resolve } from 'node:path';
import type { LoadResult } from '@skill-eval/core';
import { isSuiteName, kindOfContent, yamlContent } from './file-kind.js';
import { loadCaseAlone } from './load-case-alone.js';
import { type LoadOptions, loadSuite } from './load-suite.js';

/**
 * Reads a skill-up file: an eval.yaml suite (with the case files it lists) or a case file. Content
 * decides which; when the content says nothing (broken YAML), the name does (`eval.yaml` → suite).
 */
export function loadSkillUp(file: string, text: string, options: LoadOptions = {}): LoadResult {
  const path = resolve(file);
  const kind = kindOfContent(yamlContent(text));
  if (kind === 'suite' || (kind !== 'case' && isSuiteName(path))) return loadSuite(path, text, options);
  return loadCaseAlone(path, text, options);
}
