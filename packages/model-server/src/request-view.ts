/** What matching needs to know about a request, the same for every API. */
export interface RequestView {
  /** Texts of the user messages before the first model turn, `<system-reminder>` blocks removed, joined by newlines. */
  userText: string;
  /** The last of those user texts: the prompt, named in error messages. */
  prompt: string;
  /** System prompt parts joined by newlines. */
  systemText: string;
  /** The request offers tools. */
  hasTools: boolean;
  /** Requested model id. */
  model: string;
  /** Model turns already in the request: maximal runs of model items; user input and tool results end a run. */
  step: number;
}

/** How one conversation item counts: model output, user input, system prompt, or something ending a model turn. */
export type ItemKind = 'model' | 'user' | 'system' | 'other';

const REMINDER = /<system-reminder>[\s\S]*?<\/system-reminder>/g;

export function stripReminders(text: string): string {
  return text.replace(REMINDER, '').trim();
}

/** Text of a message content: a string, or the `text` of its text-like blocks (tool results skipped). */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter(
      (block) => isRecord(block) && typeof block.text === 'string' && !String(block.type ?? '').includes('result'),
    )
    .map((block) => (block as { text: string }).text)
    .join('\n');
}

/** Walks a conversation once: opening user texts, system texts, and the step (model-turn count). */
export function viewItems(
  items: unknown[],
  kindOf: (item: Record<string, unknown>) => ItemKind,
  textOf: (item: Record<string, unknown>) => string,
): Pick<RequestView, 'userText' | 'prompt' | 'step'> & { systemParts: string[] } {
  const userParts: string[] = [];
  const systemParts: string[] = [];
  let step = 0;
  let inModelTurn = false;
  for (const item of items) {
    if (!isRecord(item)) continue;
    const kind = kindOf(item);
    if (kind === 'system') {
      systemParts.push(textOf(item));
    } else if (kind === 'model') {
      if (!inModelTurn) step++;
      inModelTurn = true;
    } else {
      inModelTurn = false;
      const text = kind === 'user' && step === 0 ? stripReminders(textOf(item)) : '';
      if (text) userParts.push(text);
    }
  }
  return { userText: userParts.join('\n'), prompt: userParts.at(-1) ?? '', step, systemParts };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function joinSystem(parts: unknown[]): string {
  return parts.filter((part): part is string => typeof part === 'string' && part.length > 0).join('\n');
}
