/**
 * Whether an execution id can name the execution's own files in a run directory (`artifacts/<id>`,
 * `transcripts/<id>.json`): one folder name, never `.`, `..`, or a path. skill-eval makes ids that always are; a
 * results.jsonl someone else wrote may hold any string, and `..` as an artifacts folder would be the run directory.
 */
export const isExecutionFolderName = (id: string): boolean =>
  id !== '' && id !== '.' && id !== '..' && !/[/\\\0]/.test(id);
