import { parsePluginSettings } from '@skill-eval/core';
import * as z from 'zod';

/** The Docker environment's settings: skill-up's `environment` fields, by their camel-case names. */
export const DockerSettingsSchema = z.strictObject({
  /** The image every container is made from; it must be on this machine (nothing is pulled). */
  image: z.string().trim().min(1, 'name the image to run in: --environment docker:<image>'),
  /** Where the workspace is mounted inside, the agent's working directory (skill-up's `workspace_mount`). */
  workspaceMount: z
    .string()
    .default('/workspace')
    .refine((path) => path.startsWith('/') && path !== '/', 'must be an absolute path other than /'),
  /** Variables set in every container (skill-up's `env`). */
  env: z
    .record(
      z.string().regex(/^[^\s=]+$/, 'a variable name has no space or "="'),
      z.string().regex(/^[^\r\n]*$/, 'a container variable holds one line'),
    )
    .default({}),
  /** A program the container runs for its life (skill-up's `entrypoint`); default none, as skill-up's `sleep infinity`. */
  entrypoint: z.array(z.string()).optional(),
  /** `deny`: only the model endpoint, through the harness's proxy (skill-up's `deny_all`); `open`: Docker's network. */
  network: z.enum(['deny', 'open']).default('deny'),
  /** How long a container may take to be ready (skill-up's `ready_timeout_seconds`). */
  readyTimeoutSeconds: z.number().positive().default(30),
  /** The docker CLI to run (another name or path: `podman`). */
  docker: z.string().min(1).default('docker'),
  /** `host` runs the container's programs as your user id, so the files they write stay yours; `image`, as the image says. */
  user: z.enum(['host', 'image']).default('host'),
});
export type DockerSettings = z.infer<typeof DockerSettingsSchema>;

export const parseDockerSettings = (raw: unknown): DockerSettings =>
  parsePluginSettings('docker', DockerSettingsSchema, typeof raw === 'string' ? { image: raw } : raw);
