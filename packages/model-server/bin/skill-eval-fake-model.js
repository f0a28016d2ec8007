#!/usr/bin/env node
// A committed entry point, so package managers can link the bin before dist/ is built.
import '../dist/bin.js';
