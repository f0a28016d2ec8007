/**
 * `compute`, remembering each key's value until the event loop next turns. For facts about files that one
 * synchronous stretch of work asks many times (a folder of eval files loads in one go): within it the answer
 * cannot have changed by anything this process awaited, and the next load, which starts by awaiting the file
 * system, asks again. A call that throws is not remembered.
 */
export function untilNextTurn<K, V>(compute: (key: K) => V): (key: K) => V {
  let remembered: Map<K, V> | undefined;
  return (key) => {
    if (!remembered) {
      remembered = new Map();
      setImmediate(() => {
        remembered = undefined;
      }).unref();
    }
    if (remembered.has(key)) return remembered.get(key) as V;
    const value = compute(key);
    remembered.set(key, value);
    return value;
  };
}
