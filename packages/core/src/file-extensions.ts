/** The extensions of each syntax that eval files are written in, as a format's `extensions` lists them. */
export const YAML_EXTENSIONS = ['.yaml', '.yml'] as const;
export const JSON_EXTENSIONS = ['.json'] as const;
export const MARKDOWN_EXTENSIONS = ['.md', '.markdown'] as const;
