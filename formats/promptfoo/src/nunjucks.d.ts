declare module 'nunjucks' {
  interface Environment {
    renderString(template: string, context: object): string;
    addFilter(name: string, fn: (...args: unknown[]) => unknown): Environment;
    addGlobal(name: string, value: unknown): Environment;
    getFilter(name: string): (this: unknown, ...args: unknown[]) => unknown;
    getTest(name: string): (this: unknown, ...args: unknown[]) => unknown;
  }
  /** nunjucks/src/runtime.js `Frame`: a scope of template variables. */
  interface Frame {
    topLevel: boolean;
    set(name: string, value: unknown, resolveUp?: boolean): void;
    lookup(name: string): unknown;
    push(isolateWrites?: boolean): Frame;
  }
  const nunjucks: {
    Environment: new (loaders?: unknown, options?: { autoescape?: boolean; throwOnUndefined?: boolean }) => Environment;
    /** nunjucks/src/parser.js: the parse tree of a template (nodes.js). */
    parser: { parse(src: string, extensions: unknown[], opts: object): object };
    runtime: { Frame: new () => Frame; fromIterator(value: unknown): unknown };
    lib: {
      keys(obj: object): string[];
      inOperator(key: unknown, value: unknown): boolean;
      _prettifyError(path: string | undefined, withInternals: boolean, err: unknown): Error;
    };
  };
  export default nunjucks;
}
