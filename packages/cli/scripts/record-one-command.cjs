// One command of the CLI, started as bin/skill-eval.js starts it, that writes the code cache of every file it loaded
// (see record-code-cache.mjs).
'use strict';
const { join } = require('node:path');
const v8 = require('node:v8');
const { requireCli } = require('../bin/code-cache.js');
const { lateTierUpFlag } = require('../bin/v8-tiering.js');

const tiering = lateTierUpFlag(process.versions.v8);
if (tiering) v8.setFlagsFromString(tiering);
requireCli(join(__dirname, '..', 'dist', 'cli'), { record: true });
