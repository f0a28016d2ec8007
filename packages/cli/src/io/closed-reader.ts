/**
 * Keeps writing harmless once the reader of `stream` has gone (`skill-eval run | head`): Node reports that as an
 * `EPIPE` error event, which unhandled ends the process with a stack trace, in a run before it wrote its summary.
 * The command carries on and finishes; only what it would have printed there is lost. Other errors stay fatal.
 */
export function toleratePipeClosed(stream: NodeJS.WritableStream): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
}
