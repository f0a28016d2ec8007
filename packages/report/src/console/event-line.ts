import type { PlannedExecution, SessionEvent } from '@skill-eval/core';
import { truncate } from '../format.js';
import type { Palette } from './console-options.js';
import { executionLabel } from './result-line.js';

/** How much of a message, tool input or result one line shows. */
const TEXT_LIMIT = 160;

/** One engine event on one line, under its execution: what --verbose prints as a run goes. */
export function formatEventLine(
  execution: PlannedExecution,
  event: SessionEvent,
  colors: Palette,
  showRun: boolean,
): string {
  const head = colors.dim(`  │ ${executionLabel(execution, showRun)} ›`);
  return `${head} ${describeEvent(event, colors)}`;
}

function describeEvent(event: SessionEvent, colors: Palette): string {
  switch (event.type) {
    case 'message':
      return `${colors.bold(event.simulated ? `${event.role} (simulated)` : event.role)}: ${oneLine(event.text)}`;
    case 'reasoning':
      return colors.dim(`thinking: ${oneLine(event.text)}`);
    case 'tool-call':
      return `${colors.cyan('tool')} ${event.name} ${oneLine(JSON.stringify(event.input) ?? '')}`;
    case 'tool-result':
      return `${event.isError ? colors.red('tool error') : colors.dim('result')}: ${oneLine(event.output)}`;
    case 'skill':
      return `${colors.magenta('skill')} ${event.name} (${event.via})`;
    case 'error':
      return `${colors.red('error')}: ${oneLine(event.message)}`;
  }
}

const oneLine = (text: string): string => truncate(text.replace(/\s+/g, ' ').trim(), TEXT_LIMIT);
