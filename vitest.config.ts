import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/*', 'formats/*', 'adapters/*', 'scripts'],
    reporters: ['default', './scripts/closing-line-reporter.ts'],
  },
});
