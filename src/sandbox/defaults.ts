/** Seed of the synthetic data set when none is given (same seed, same rows on every machine). */
export const DEFAULT_SEED = 42;
