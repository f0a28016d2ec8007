/**
 * An AgentV eval file for an engine that echoes its prompt (`-e command --ek command=cat`): one case per id, whose
 * prompt is "token-<id> says hello" and whose one check is that the answer contains `expected(id)` — its own token by
 * default, so every case passes; a value no prompt holds makes the case fail.
 */
export function echoedTokenSuite(ids: readonly string[], expected = (id: string) => `token-${id}`): string {
  const cases = ids.map(
    (id) =>
      `  - id: ${id}\n    input: "token-${id} says hello"\n    assertions:\n      - type: contains\n        value: ${expected(id)}\n`,
  );
  return `name: t\ntests:\n${cases.join('')}`;
}
