import { afterEach } from 'vitest';
import { leaveWorkingFolder } from './helpers/in-process.js';

// Test files share a worker (isolate: false): no test leaves it in a command's working folder.
afterEach(leaveWorkingFolder);
