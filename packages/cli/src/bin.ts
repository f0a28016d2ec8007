#!/usr/bin/env node
import { processIO } from './io.js';
import { main } from './main.js';

main(process.argv.slice(2), processIO()).then((code) => {
  process.exitCode = code;
});
