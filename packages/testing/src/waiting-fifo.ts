import { execFileSync, spawn } from 'node:child_process';

/**
 * Makes a FIFO at `path` (a file someone planted where skill-eval reads) whose reader, if one waits on it, is let go
 * after `seconds`: a shell then opens it for reading and writing, which never waits, and closes it. A test of a reader
 * that must not wait then fails on its clock instead of hanging the test process for good (a synchronous read blocks
 * its thread); with no reader waiting, the shell simply ends.
 */
export function waitingFifo(path: string, seconds = 3): void {
  execFileSync('mkfifo', [path]);
  spawn('sh', ['-c', `sleep ${seconds}; exec 3<>"$1"`, 'sh', path], { stdio: 'ignore' }).unref();
}
