/**
 * A schema built the first time anything is asked of it, not when its module loads: zod builds a schema's internals
 * eagerly, and the contract's schemas (cases, sessions, results, summaries, listings) cost a tenth of a short
 * command's start, though most commands use a few of them or none. What is returned stands for the schema in every
 * way a caller or zod itself reaches it — its methods, its properties, `instanceof`, being part of another schema —
 * and builds it on first use; `build` runs once.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const schema = (): T => {
    built ??= build();
    return built;
  };
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(schema(), key),
    set: (_, key, value) => Reflect.set(schema(), key, value),
    has: (_, key) => Reflect.has(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    // Reported configurable: the stand-in itself holds none of them, which a proxy may say only of those.
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(schema(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(schema(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}
