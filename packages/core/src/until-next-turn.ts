import { type ObservedReads, replayReads, watchReadsSync } from './observed-reads.js';

/**
 * `compute`, remembering each key's value until the event loop next turns. For facts about files that one
 * synchronous stretch of work asks many times (a folder of eval files loads in one go): within it the answer
 * cannot have changed by anything this process awaited, and the next load, which starts by awaiting the file
 * system, asks again. A call that throws is not remembered. The file-system questions `compute` asked are noted
 * again each time a remembered value is reused (observed-reads.ts), so a load that reuses one still counts them.
 */
export function untilNextTurn<K, V>(compute: (key: K) => V): (key: K) => V {
  let remembered: Map<K, { value: V; reads: ObservedReads }> | undefined;
  return (key) => {
    if (!remembered) {
      remembered = new Map();
      setImmediate(() => {
        remembered = undefined;
      }).unref();
    }
    const known = remembered.get(key);
    if (known) {
      replayReads(known.reads);
      return known.value;
    }
    // What compute asks is noted for the work watching now as it asks; kept to note again on reuse.
    const computed = watchReadsSync(() => compute(key));
    remembered.set(key, computed);
    return computed.value;
  };
}
