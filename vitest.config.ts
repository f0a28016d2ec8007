import { defineConfig } from 'vitest/config';
import { reporters } from './vitest.shared.js';

export default defineConfig({
  test: {
    projects: ['packages/*', 'formats/*', 'adapters/*', 'scripts'],
    reporters,
  },
});
