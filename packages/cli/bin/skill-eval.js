#!/usr/bin/env node
// A committed entry point, so package managers can link the bin before dist/ is built. CommonJS (see package.json
// here): the CLI loads as CommonJS with V8's code cache (code-cache.js), and an ES module entry would start Node's
// ES module loader for this one file.
'use strict';
const { join } = require('node:path');
const v8 = require('node:v8');
const { loadBuiltinsBeforeFlags } = require('./builtins-before-flags.js');
const { requireCli } = require('./code-cache.js');
const { lateTierUpFlag } = require('./v8-tiering.js');

// Before the flags, so that Node's own compiled code of them serves: see builtins-before-flags.js.
loadBuiltinsBeforeFlags(process.argv.slice(2));
// Before any of the CLI's code is compiled: see v8-tiering.js. The code cache was made under the same flag.
const tiering = lateTierUpFlag(process.versions.v8);
if (tiering) v8.setFlagsFromString(tiering);
requireCli(join(__dirname, '..', 'dist', 'cli'));
