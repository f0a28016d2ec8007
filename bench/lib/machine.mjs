// What the numbers were measured on: CPU, cores, memory and OS, read from /proc and /etc where Linux has them.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, release, totalmem, type } from 'node:os';

const read = (file) => (existsSync(file) ? readFileSync(file, 'utf8') : '');

export function machineInfo() {
  const cpuinfo = read('/proc/cpuinfo');
  const model = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim() ?? cpus()[0]?.model ?? 'unknown';
  const memKb = Number(/^MemTotal:\s+(\d+)/m.exec(read('/proc/meminfo'))?.[1] ?? totalmem() / 1024);
  const os = /^PRETTY_NAME="?([^"\n]+)"?/m.exec(read('/etc/os-release'))?.[1] ?? type();
  return {
    cpu: model,
    cores: availableParallelism(),
    memoryGb: memKb / 1024 / 1024,
    os: `${os}, ${type()} ${release()}`,
    pageTableIsolation: pageTableIsolation(),
  };
}

/**
 * What the kernel says of its Meltdown mitigation: `Mitigation: PTI` when it isolates its page tables from user space,
 * which makes every system call, interrupt and page fault switch page tables. Process starts, forks and small file
 * operations — most of what a harness does per case — then cost markedly more: runs of this bench on the same kind of
 * machine with and without it compare poorly. Undefined where the kernel does not say (not Linux).
 */
function pageTableIsolation() {
  return read('/sys/devices/system/cpu/vulnerabilities/meltdown').trim() || undefined;
}

/** The 1-minute load average: other work on the machine makes every figure slower. */
export const load = () => loadavg()[0];

/**
 * The median wall time of `node -e 0` over 7 runs, in seconds: a reference for how fast this machine is at the time.
 * A shared machine's speed can drift by half over minutes; a run's figures compare with another run's only where
 * these agree. `env` is the tools' environment: Node reads some variables at every start (NODE_EXTRA_CA_CERTS makes it
 * parse a certificate bundle, 40 ms on a machine that sets it), which the tools are not given.
 */
export function bareNodeStart(env) {
  const times = Array.from({ length: 7 }, () => {
    const start = performance.now();
    spawnSync(process.execPath, ['-e', '0'], { stdio: 'ignore', env });
    return (performance.now() - start) / 1000;
  }).sort((a, b) => a - b);
  return times[3];
}

/** Clock ticks per second of /proc/stat's counters: USER_HZ, 100 on every Linux that ships with a /proc. */
const USER_HZ = 100;

/**
 * The CPU time every process of the machine has used since it booted, in milliseconds (all cores, idle and I/O wait
 * left out), from /proc/stat; undefined where there is none. The difference over a run is what the run cost the
 * machine — daemons it asked for work (a container's start in dockerd, containerd and runc) included — at a
 * resolution of 10 ms; other work on the machine counts too.
 */
export function machineBusyMs() {
  const line = read('/proc/stat').split('\n', 1)[0];
  if (!line?.startsWith('cpu ')) return undefined;
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
  return ((user + nice + system + irq + softirq + steal) * 1000) / USER_HZ;
}
