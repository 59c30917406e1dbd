import { filterValuesCommand } from './shared/filter-values.js';

export const command = filterValuesCommand('people');
