import type { CommandIO } from '../io/io.js';

/** What every command's action is given: the streams and where its exit code goes. */
export interface ProgramContext {
  io: CommandIO;
  setExitCode: (code: number) => void;
}
