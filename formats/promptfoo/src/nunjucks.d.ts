declare module 'nunjucks' {
  interface Environment {
    renderString(template: string, context: object): string;
    addFilter(name: string, fn: (...args: unknown[]) => unknown): Environment;
    addGlobal(name: string, value: unknown): Environment;
  }
  const nunjucks: {
    Environment: new (loaders?: unknown, options?: { autoescape?: boolean; throwOnUndefined?: boolean }) => Environment;
  };
  export default nunjucks;
}
