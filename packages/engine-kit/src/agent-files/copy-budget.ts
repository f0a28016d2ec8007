import { type Warning, type WarningKind, warning } from '@skill-eval/core';

/** How much is copied out of an agent's folders. */
export interface CopyLimits {
  /** Largest file copied, in bytes (its apparent size: a sparse file counts whole). */
  maxFileBytes: number;
  /** Bytes copied at most for one execution, all its files together. */
  maxExecutionBytes: number;
}

export const DEFAULT_COPY_LIMITS: CopyLimits = {
  maxFileBytes: 256 * 1024 * 1024,
  maxExecutionBytes: 1024 * 1024 * 1024,
};

/** One execution's copying: what is left of its byte cap, and a warning for each file not copied. */
export class CopyBudget {
  private used = 0;
  readonly warnings: Warning[] = [];

  constructor(
    readonly limits: CopyLimits = DEFAULT_COPY_LIMITS,
    private readonly kind: WarningKind = 'artifacts',
  ) {}

  /** Takes `size` bytes for `name`, or says why they may not be copied. */
  take(name: string, size: number): boolean {
    if (size > this.limits.maxFileBytes) {
      this.skip(name, `it is ${size} bytes, over the ${this.limits.maxFileBytes}-byte limit of one file`);
      return false;
    }
    if (this.used + size > this.limits.maxExecutionBytes) {
      this.skip(
        name,
        `the execution's files reached the ${this.limits.maxExecutionBytes}-byte limit of one execution (${size} more bytes)`,
      );
      return false;
    }
    this.used += size;
    return true;
  }

  /** Records that `name` was not copied, and why. */
  skip(name: string, why: string): void {
    this.warnings.push(warning(this.kind, `${name} was not copied: ${why}.`));
  }
}
