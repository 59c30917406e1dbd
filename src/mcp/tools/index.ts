import type { ToolSpec } from '../tool.js';
import { accountTools } from './account.js';
import { searchTools } from './search.js';
import { listTools } from './lists.js';
import { paidTools } from './paid.js';
import { runTools } from './runs.js';

/** Every tool, in the order tools/list gives them. Key management is left out: it needs a person's session. */
export const TOOLS: readonly ToolSpec[] = [...accountTools, ...searchTools, ...listTools, ...paidTools, ...runTools];
