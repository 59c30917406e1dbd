/** The path prefixes of the service, the sandbox's test controls, and the host root (OpenAPI documents, docs). */
export const PREFIXES = {
  v2: '/api/v2',
  v1: '/api/v1/public',
  keys: '/api/v1/api-keys',
  control: '/__sandbox',
  root: '',
} as const;
export type Prefix = keyof typeof PREFIXES;
