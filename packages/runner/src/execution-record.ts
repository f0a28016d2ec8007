import { type ExecutionRecord, errorInfo, type RecordLines } from '@skill-eval/core';
import type { ResultStore } from './result-store.js';

/**
 * One execution's record for its engine (`EngineRunInput.record`): files of `artifacts/<execution>/` the harness writes
 * itself, into the run directory, instead of copying them out of the agent's folder at the end — an engine's raw
 * transcript as its lines come, and the last text of each file the engine handed its program. The agent never had
 * them, so nothing it does changes them, and the copy at the end has those files less to read and write. A file that
 * cannot be written is a warning of the execution (`warnings`), never its failure.
 */
export class ExecutionRecordFiles implements ExecutionRecord {
  private readonly kept = new Map<string, string>();
  private readonly opened = new Map<string, RecordLines>();
  /** The folders this record's files were created in: each made and checked once, by the first file in it. */
  private readonly made = new Set<string>();
  /** What could not be written, for the result's warnings. */
  readonly warnings: string[] = [];

  constructor(
    private readonly store: ResultStore,
    private readonly executionId: string,
  ) {}

  openLines(name: string): RecordLines {
    const path = this.store.artifactPath(this.executionId, plainName(name));
    let lines: RecordLines | undefined;
    try {
      if (this.opened.has(name)) throw new Error('it is open already');
      lines = this.store.createRecordLines(this.executionId, name, this.made);
      this.opened.set(name, lines);
    } catch (error) {
      this.fault(name, error);
    }
    return {
      path,
      writeLine: (line) => {
        try {
          lines?.writeLine(line);
        } catch (error) {
          this.fault(name, error);
          lines = undefined;
        }
      },
      close: () => lines?.close(),
    };
  }

  keep(name: string, text: string): void {
    this.kept.set(plainName(name), text);
  }

  /**
   * Closes what the engine left open and writes the kept files; returns every name the record holds, which the copy
   * of the agent's folder leaves out.
   */
  finish(): Set<string> {
    for (const lines of this.opened.values()) lines.close();
    for (const [name, text] of this.kept) {
      try {
        this.store.writeRecordFile(this.executionId, name, text, this.made);
      } catch (error) {
        this.fault(name, error);
      }
    }
    return new Set([...this.opened.keys(), ...this.kept.keys()]);
  }

  private fault(name: string, error: unknown): void {
    this.warnings.push(`The record file ${name} could not be written: ${errorInfo(error).message}`);
  }
}

/** `name`, when it is a plain file name (a record has no folders); else an error naming it. */
function plainName(name: string): string {
  if (name === '' || name === '.' || name === '..' || /[\\/\0]/.test(name))
    throw new Error(`A record file is named by a plain file name, not ${JSON.stringify(name)}.`);
  return name;
}
