/**
 * `answer`, worked out once per case object: a loaded case does not change, and a run asks the same question of it
 * for every execution (and for each cache key) — the check trees it walks are normalised afresh each time.
 */
export function oncePerCase<C extends object, T>(answer: (testCase: C) => T): (testCase: C) => T {
  const answers = new WeakMap<C, T>();
  return (testCase) => {
    if (answers.has(testCase)) return answers.get(testCase) as T;
    const found = answer(testCase);
    answers.set(testCase, found);
    return found;
  };
}
