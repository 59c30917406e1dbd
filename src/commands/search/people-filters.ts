import { filterValuesCommand } from './filter-values.js';

export const command = filterValuesCommand('people');
