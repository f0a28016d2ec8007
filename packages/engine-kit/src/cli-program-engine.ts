import { readVersion } from './read-version.js';
import { resolveBinary } from './resolve-binary.js';
import { versionProbe } from './version-probe.js';

/** The program an engine drives: its name on PATH and what to tell a user who lacks it. */
export interface CliProgram {
  name: string;
  installHint: string;
}

/**
 * What every engine that drives an agent CLI shares: the binary (the `path` setting, else the program on PATH),
 * its `--version` probed once per binary, and the default model from the settings.
 */
export abstract class CliProgramEngine<Settings extends { model?: string; path?: string }> {
  readonly defaultModel: string | undefined;
  private readonly probe: (binary: string) => Promise<string>;

  constructor(
    protected readonly settings: Settings,
    private readonly program: CliProgram,
  ) {
    this.defaultModel = settings.model;
    this.probe = versionProbe((binary) => readVersion(binary, program.installHint));
  }

  /** The binary to run; ENGINE_NOT_FOUND with the install hint when there is none. */
  protected binary(pathEnv: string | undefined = process.env.PATH): string {
    return resolveBinary(this.program.name, this.settings.path, pathEnv, this.program.installHint);
  }

  /** The version of `binary`, cached; a failure is not, so installing the program later works. */
  protected versionOf(binary: string): Promise<string> {
    return this.probe(binary);
  }

  async version(): Promise<string> {
    return this.probe(this.binary());
  }
}
