/** The longest delay Node's timers take, 2^31 - 1 ms (about 24.8 days): a longer one fires at once. */
export const TIMER_LIMIT_MS = 2 ** 31 - 1;

/**
 * A signal that aborts after `timeoutMs` or when `parent` aborts, whichever comes first; call `dispose` when done.
 * Built from a controller and a timer rather than `AbortSignal.any([…, AbortSignal.timeout()])`, whose composite
 * signal Node 20 may garbage-collect before it fires — a deadline that silently never comes.
 */
export function deadlineSignal(timeoutMs: number, parent?: AbortSignal): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('deadline passed', 'TimeoutError')), timeoutMs);
  const onParentAbort = () => controller.abort(parent?.reason);
  if (parent?.aborted) onParentAbort();
  else parent?.addEventListener('abort', onParentAbort, { once: true });
  return {
    signal: controller.signal,
    dispose() {
      clearTimeout(timer);
      parent?.removeEventListener('abort', onParentAbort);
    },
  };
}
