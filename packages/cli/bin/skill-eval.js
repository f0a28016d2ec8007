#!/usr/bin/env node
// A committed entry point, so package managers can link the bin before dist/ is built.
import module from 'node:module';

// Start-up is mostly module loading: Node 22.1+ keeps the compiled code between runs (older Nodes lack the cache).
module.enableCompileCache?.();
// The esbuild bundle of dist/bin.js (scripts/bundle.mjs): far fewer files to load than the modules it holds.
await import('../dist/bundle/skill-eval.js');
