import { type ChildProcess, execFile, spawn } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The image tests run containers from: busybox and the host's C library, nothing else. */
export const TEST_IMAGE = 'skill-eval-test/busybox-glibc:5';

/** A Docker daemon for tests, on a socket of its own. */
export interface TestDocker {
  /** `unix://…`, for DOCKER_HOST. */
  host: string;
  /** Stops the daemon when this process started it; a daemon given from outside is left running. */
  stop(): Promise<void>;
}

/** Where a daemon that `.ci/run` (or a developer) started for the tests listens. */
export const TEST_DOCKER_VARIABLE = 'SKILL_EVAL_TEST_DOCKER_HOST';

const BUSYBOX = ['/usr/bin/busybox', '/bin/busybox'];
/**
 * glibc's libraries, bash's libtinfo, and the C++ runtime every Debian or Ubuntu image has (apt needs it): copilot's native binary links
 * against it (@github/copilot-linux-x64 1.0.102: libstdc++.so.6, libgcc_s.so.1), and its runtime.node addon against
 * glibc's libutil.so.1.
 */
const LIBRARIES = [
  'libc.so.6',
  'libm.so.6',
  'libpthread.so.0',
  'libdl.so.2',
  'librt.so.1',
  'libutil.so.1',
  'libtinfo.so.6',
  'libstdc++.so.6',
  'libgcc_s.so.1',
];
const LIBRARY_DIRS = ['/lib/x86_64-linux-gnu', '/lib/aarch64-linux-gnu', '/lib64', '/lib'];
const CA_BUNDLE = '/etc/ssl/certs/ca-certificates.crt';
const LOADERS = ['/lib64/ld-linux-x86-64.so.2', '/lib/ld-linux-aarch64.so.1'];

/** The script that installs what the container tests need (and every other system package a test needs). */
const SETUP_SCRIPT = 'scripts/setup-system.sh';

/** Why Docker tests cannot run here, or undefined when they can. */
export function dockerUnavailable(): string | undefined {
  if (process.env[TEST_DOCKER_VARIABLE]) return undefined;
  if (process.platform !== 'linux') return 'Docker tests run on Linux only';
  if (!findOnPath('dockerd') || !findOnPath('docker'))
    return `dockerd is not installed: run bash ${SETUP_SCRIPT} (it installs docker.io), as CI does`;
  if (process.getuid?.() !== 0) return 'starting a private dockerd needs root';
  if (!BUSYBOX.some(existsSync))
    return `a static busybox is needed for the test image: run bash ${SETUP_SCRIPT} (it installs busybox-static), as CI does`;
  return undefined;
}

function findOnPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(':')) if (dir && existsSync(join(dir, name))) return join(dir, name);
  return undefined;
}

/**
 * A daemon for the tests: the one `SKILL_EVAL_TEST_DOCKER_HOST` names, else a private dockerd started here (its own
 * socket, data and exec directories, no bridge and no iptables, so it touches no other daemon and no host network),
 * with the test image built from a root filesystem assembled on the spot (`docker import`: nothing is pulled).
 */
export async function startTestDocker(): Promise<TestDocker> {
  const given = process.env[TEST_DOCKER_VARIABLE];
  if (given) {
    await ensureTestImage(given);
    return { host: given, stop: async () => {} };
  }
  const dir = mkdtempSync(join(tmpdir(), 'se-dockerd-'));
  const host = `unix://${join(dir, 'docker.sock')}`;
  const log = openSync(join(dir, 'dockerd.log'), 'a');
  // The daemon's own temp folder, inside its directory: what it and its containerd leave there (containerd writes a
  // stack dump to its temp folder when dockerd asks for one, as it does when a loaded machine answers slowly) goes
  // with the directory, not into the machine's /tmp.
  const temp = join(dir, 'tmp');
  mkdirSync(temp);
  const daemon = spawn(
    'dockerd',
    [
      '--iptables=false',
      '--ip6tables=false',
      '--bridge=none',
      '--host',
      host,
      '--data-root',
      join(dir, 'data'),
      '--exec-root',
      join(dir, 'exec'),
      '--pidfile',
      join(dir, 'dockerd.pid'),
    ],
    { stdio: ['ignore', log, log], detached: true, env: { ...process.env, TMPDIR: temp } },
  );
  const stop = async () => {
    await stopDaemon(daemon);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForDaemon(host, daemon);
    await ensureTestImage(host);
  } catch (error) {
    await stop();
    throw error;
  }
  return { host, stop };
}

async function waitForDaemon(host: string, daemon: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (daemon.exitCode !== null) throw new Error(`dockerd exited with code ${daemon.exitCode}`);
    try {
      await run('docker', ['version', '--format', '{{.Server.Version}}'], {
        env: { ...process.env, DOCKER_HOST: host },
      });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`dockerd did not answer within 60 s: ${(error as Error).message}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

async function stopDaemon(daemon: ChildProcess): Promise<void> {
  if (daemon.exitCode !== null || daemon.pid === undefined) return;
  const exited = new Promise((resolve) => daemon.once('exit', resolve));
  daemon.kill('SIGTERM');
  const late = setTimeout(() => daemon.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(late);
}

/** Builds the test image unless the daemon has it: a root filesystem of busybox applets and glibc, imported. */
export async function ensureTestImage(host: string): Promise<void> {
  const env = { ...process.env, DOCKER_HOST: host };
  try {
    await run('docker', ['image', 'inspect', TEST_IMAGE], { env });
    return;
  } catch {
    // Not there yet: build it below.
  }
  const root = mkdtempSync(join(tmpdir(), 'se-rootfs-'));
  try {
    await assembleRootfs(root);
    await run('sh', ['-c', `tar -C "${root}" -c . | docker import - ${TEST_IMAGE}`], { env });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** Lays out a minimal Linux root filesystem in `root`: busybox and its applets, the host's C library, users. */
export async function assembleRootfs(root: string): Promise<void> {
  for (const dir of ['bin', 'etc', 'tmp', 'lib64', 'lib/x86_64-linux-gnu', 'lib/aarch64-linux-gnu', 'root', 'dev']) {
    mkdirSync(join(root, dir), { recursive: true });
  }
  // A temp folder is private: the image's root and /tmp must be open to every user.
  chmodSync(root, 0o755);
  chmodSync(join(root, 'tmp'), 0o1777);
  const busybox = BUSYBOX.find(existsSync);
  if (!busybox) throw new Error(`a static busybox is needed: run bash ${SETUP_SCRIPT} (it installs busybox-static)`);
  copyFileSync(busybox, join(root, 'bin/busybox'));
  const { stdout } = await run(busybox, ['--list']);
  for (const applet of stdout.split('\n').filter(Boolean)) {
    if (applet !== 'busybox') symlinkSync('busybox', join(root, 'bin', applet));
  }
  for (const name of LIBRARIES) {
    const dir = LIBRARY_DIRS.find((d) => existsSync(join(d, name)));
    if (dir) copyFileSync(join(dir, name), join(root, dir.slice(1), name));
  }
  for (const loader of LOADERS.filter(existsSync)) copyFileSync(loader, join(root, loader.slice(1)));
  // bash, as Debian's and Ubuntu's images have it: copilot's shell tool runs it (busybox has only ash).
  if (existsSync('/bin/bash')) copyFileSync('/bin/bash', join(root, 'bin/bash'));
  // Trust roots, as any image with Debian's ca-certificates has them: copilot refuses to start without (it checks them
  // for its model client even when the endpoint is plain HTTP).
  if (existsSync(CA_BUNDLE)) {
    mkdirSync(join(root, dirname(CA_BUNDLE).slice(1)), { recursive: true });
    copyFileSync(CA_BUNDLE, join(root, CA_BUNDLE.slice(1)));
  }
  writeFileSync(join(root, 'etc/passwd'), 'root:x:0:0:root:/root:/bin/sh\nnobody:x:65534:65534:nobody:/:/bin/sh\n');
  writeFileSync(join(root, 'etc/group'), 'root:x:0:\nnogroup:x:65534:\n');
}
