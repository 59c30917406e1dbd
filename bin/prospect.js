#!/usr/bin/env node
// CommonJS (see bin/package.json): the fastest start Node offers.
require('../dist/cli.cjs').main();
