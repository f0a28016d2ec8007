import { redactorOf } from '@skill-eval/core';
import type { OtlpExporter, OtlpTarget } from '@skill-eval/report/otlp';
import type { CommandIO } from '../io/io.js';
import { harnessVersion } from '../plugins/package-version.js';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Where the run's traces go (`--otlp`, else `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` / `OTEL_EXPORTER_OTLP_ENDPOINT`), or
 * undefined for none. `userEnv` is the user's own environment, never merged with the project's `.env`: a file that
 * came with the project cannot choose where the traces go (see the policy table). A bad endpoint stops the run before
 * anything is written; the exporter is loaded only when traces are asked for.
 */
export async function tracesTarget(flag: string | undefined, userEnv: Env): Promise<OtlpTarget | undefined> {
  if (flag === undefined && !userEnv.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT && !userEnv.OTEL_EXPORTER_OTLP_ENDPOINT) {
    return undefined;
  }
  const { otlpTarget } = await import('@skill-eval/report/otlp');
  return otlpTarget(flag, userEnv);
}

/**
 * The exporter of a run's traces: a reporter beside the others, whose spans carry the run's redaction (that of `runEnv`,
 * the environment the run redacts its results with), and whose failures are one line on stderr.
 */
export async function startTraces(target: OtlpTarget, runEnv: Env, io: CommandIO): Promise<OtlpExporter> {
  const { createOtlpExporter } = await import('@skill-eval/report/otlp');
  for (const note of target.notes) io.stderr.write(`${note}\n`);
  return createOtlpExporter({
    target,
    redact: redactorOf(runEnv),
    warn: (line) => io.stderr.write(`${line}\n`),
    serviceVersion: harnessVersion(),
  });
}
