import { parsePluginSettings } from '@skill-eval/core';
import * as z from 'zod';

/** The OpenSandbox environment's settings: skill-up's `environment` fields, by their camel-case names. */
export const OpenSandboxSettingsSchema = z.strictObject({
  /** The image each sandbox is made from (skill-up's `image`, or `sandbox_template`). */
  image: z.string().trim().min(1, 'name the image to run in: --environment opensandbox:<image>'),
  /** Where the workspace is inside, the agent's working directory (skill-up's `workspace_mount`). */
  workspaceMount: z
    .string()
    .default('/workspace')
    .refine((path) => path.startsWith('/') && path !== '/', 'must be an absolute path other than /'),
  /** Variables set in every sandbox (skill-up's `env`). */
  env: z.record(z.string(), z.string()).default({}),
  /** The sandbox's main program (skill-up's `entrypoint`); the items are joined with ` && `. */
  entrypoint: z.array(z.string()).default(['tail -F /dev/null']),
  /** `deny`: only the model endpoints (skill-up's `deny_all`); `open`: no egress policy at all. */
  network: z.enum(['deny', 'open']).default('deny'),
  /** Hosts a `deny` sandbox may reach besides the model endpoints (skill-up's `allow_declared` + `allowed_egress`). */
  allowedEgress: z.array(z.string()).default([]),
  /** How long a sandbox may take to be ready (skill-up's `ready_timeout_seconds`). */
  readyTimeoutSeconds: z.number().positive().default(30),
  /** When the server removes a sandbox by itself, whatever happens to skill-eval (skill-up's `sandbox_timeout_seconds`). */
  sandboxTimeoutSeconds: z.number().int().positive().default(3600),
  /** Tags on every sandbox (skill-up's `metadata`), besides the run's own. */
  metadata: z.record(z.string(), z.string()).default({}),
  /** The OpenSandbox server (skill-up's `kwargs.base_url`); else `OPENSANDBOX_BASE_URL`. */
  baseUrl: z.string().url().optional(),
  /** Reach execd through the server (skill-up's `use_server_proxy`). */
  useServerProxy: z.boolean().default(false),
  /** Limit of each API request (skill-up's `kwargs.request_timeout_seconds`). */
  requestTimeoutSeconds: z.number().positive().default(30),
  /** Files moved at once (skill-up's `kwargs.file_transfer_parallelism`: default 8, at most 64). */
  fileTransferParallelism: z.number().int().positive().max(64).default(8),
  /** Opaque parameters for the server (skill-up's `kwargs.extensions`); else `OPENSANDBOX_EXTENSIONS` (JSON). */
  extensions: z.record(z.string(), z.string()).optional(),
});
export type OpenSandboxSettings = z.infer<typeof OpenSandboxSettingsSchema>;

export const parseOpenSandboxSettings = (raw: unknown): OpenSandboxSettings =>
  parsePluginSettings('opensandbox', OpenSandboxSettingsSchema, typeof raw === 'string' ? { image: raw } : raw);
