/**
 * Variables the docker CLI reads to find its daemon, contexts and credentials: all it gets of the run's environment.
 * Defined here, where the docker environment that runs the CLI and the runner's policy table (which lists what each
 * host program receives) can both read it; the policy table re-exports it as part of the one table.
 */
export const DOCKER_CLI_VARIABLES: readonly string[] = [
  'PATH',
  'DOCKER_HOST',
  'DOCKER_CONTEXT',
  'DOCKER_CERT_PATH',
  'DOCKER_TLS_VERIFY',
  'DOCKER_CONFIG',
];
