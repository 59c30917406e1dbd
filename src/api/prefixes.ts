/** The three path prefixes of the service, plus the host root (OpenAPI documents, docs). */
export const PREFIXES = {
  v2: '/api/v2',
  v1: '/api/v1/public',
  keys: '/api/v1/api-keys',
  root: '',
} as const;
export type Prefix = keyof typeof PREFIXES;
