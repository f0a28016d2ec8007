#!/usr/bin/env node
// A committed entry point, so package managers can link the bin before dist/ is built.
import module from 'node:module';
import v8 from 'node:v8';
import { lateTierUpFlag } from './v8-tiering.js';

// Before any of the CLI's code is compiled: see v8-tiering.js.
const tiering = lateTierUpFlag(process.versions.v8);
if (tiering) v8.setFlagsFromString(tiering);
// Start-up is mostly module loading: Node 22.1+ keeps the compiled code between runs (older Nodes lack the cache).
module.enableCompileCache?.();
// The esbuild bundle of dist/bin.js (scripts/bundle.mjs): far fewer files to load than the modules it holds.
await import('../dist/bundle/skill-eval.js');
