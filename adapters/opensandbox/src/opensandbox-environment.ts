import { SandboxManager } from '@alibaba-group/opensandbox';
import type { Environment, EnvironmentRun, Sandbox, SandboxRequest } from '@skill-eval/core';
import { SkillEvalError } from '@skill-eval/core';
import { ownerGone, RUN_LABEL } from '@skill-eval/engine-kit';
import { type OpenSandboxRun, OpenSandboxSandbox } from './opensandbox-sandbox.js';
import type { OpenSandboxSettings } from './opensandbox-settings.js';

/** Where the environment reads what its settings leave out, as skill-up does. */
export const OPENSANDBOX_VARIABLES = {
  baseUrl: 'OPENSANDBOX_BASE_URL',
  apiKey: 'OPENSANDBOX_API_KEY',
  extensions: 'OPENSANDBOX_EXTENSIONS',
} as const;

const unavailable = (message: string, hint: string) => new SkillEvalError('ENVIRONMENT_UNAVAILABLE', message, { hint });

/** Every execution in a sandbox of its own on an OpenSandbox server, through the official SDK. */
export class OpenSandboxEnvironment implements Environment {
  readonly id = 'opensandbox';
  private run: OpenSandboxRun | undefined;

  constructor(readonly settings: OpenSandboxSettings) {}

  /** Checks the server's address and key, and removes the sandboxes of this machine's runs that died. */
  async start({ runId, env }: EnvironmentRun): Promise<void> {
    const baseUrl = this.settings.baseUrl ?? env[OPENSANDBOX_VARIABLES.baseUrl];
    if (!baseUrl) {
      throw unavailable(
        'The opensandbox environment needs the server: set OPENSANDBOX_BASE_URL (or the suite’s environment.kwargs.base_url).',
        'Point it at your OpenSandbox server, e.g. OPENSANDBOX_BASE_URL=https://sandbox.example.com.',
      );
    }
    const apiKey = env[OPENSANDBOX_VARIABLES.apiKey];
    if (!apiKey) {
      throw unavailable('The opensandbox environment needs OPENSANDBOX_API_KEY.', 'Set it to your server’s API key.');
    }
    this.run = { runId, baseUrl, apiKey, extensions: this.extensions(env), settings: this.settings };
    await this.removeLeftovers(baseUrl, apiKey);
  }

  async open(request: SandboxRequest): Promise<Sandbox> {
    if (!this.run)
      throw new SkillEvalError('INTERNAL', 'The opensandbox environment was opened before it was started.');
    return OpenSandboxSandbox.open(this.run, request);
  }

  private extensions(env: EnvironmentRun['env']): Record<string, string> | undefined {
    if (this.settings.extensions) return this.settings.extensions;
    const raw = env[OPENSANDBOX_VARIABLES.extensions]?.trim();
    if (!raw) return undefined;
    try {
      const parsed = JSON.parse(raw) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, string>;
    } catch {
      // Reported below.
    }
    throw unavailable(
      `${OPENSANDBOX_VARIABLES.extensions} is not a JSON object: ${raw}`,
      'Write it as {"key":"value"}.',
    );
  }

  /** Sandboxes this machine's dead runs left (the server's own timeout removes them too, later). */
  private async removeLeftovers(baseUrl: string, apiKey: string): Promise<void> {
    const manager = SandboxManager.create({ connectionConfig: { domain: baseUrl, apiKey } });
    try {
      const listed = await manager.listSandboxInfos({ states: ['Running', 'Paused'] });
      for (const info of listed.items) {
        const metadata = (info.metadata ?? {}) as Record<string, string>;
        if (metadata[RUN_LABEL] !== undefined && ownerGone(metadata))
          await manager.killSandbox(info.id).catch(() => {});
      }
    } catch (error) {
      throw unavailable(
        `OpenSandbox at ${baseUrl} did not answer: ${(error as Error).message}`,
        'Check OPENSANDBOX_BASE_URL and OPENSANDBOX_API_KEY, and that the server is up.',
      );
    } finally {
      await manager.close().catch(() => {});
    }
  }
}
