export { generateDataset } from './generate.js';
export { DEFAULT_DATASET_SIZE, DatasetFilterError } from './dataset.js';
export type { CompanyFacts, Dataset, DatasetSize, FilterValueCount, PersonFacts } from './dataset.js';
