/**
 * Caches `read(binary)` per binary path. A failure is dropped from the cache, so installing the program
 * later works without building a new engine.
 */
export function versionProbe(read: (binary: string) => Promise<string>): (binary: string) => Promise<string> {
  const versions = new Map<string, Promise<string>>();
  return (binary) => {
    let pending = versions.get(binary);
    if (!pending) {
      const probe = read(binary);
      versions.set(binary, probe);
      probe.catch(() => {
        if (versions.get(binary) === probe) versions.delete(binary);
      });
      pending = probe;
    }
    return pending;
  };
}
