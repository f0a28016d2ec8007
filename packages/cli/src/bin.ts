#!/usr/bin/env node
import { toleratePipeClosed } from './io/closed-reader.js';
import { processIO } from './io/io.js';
import { main } from './main.js';

toleratePipeClosed(process.stdout);
toleratePipeClosed(process.stderr);
main(process.argv.slice(2), processIO()).then((code) => {
  process.exitCode = code;
});
