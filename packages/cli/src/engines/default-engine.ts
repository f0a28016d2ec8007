/** The engine of a run or prompt that names none (and whose config names none). */
export const DEFAULT_ENGINE = 'claude-code';
