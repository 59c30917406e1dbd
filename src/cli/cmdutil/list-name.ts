import { usageError } from '../errors.js';
import { LIST_LIMITS } from '../../api/schemas/values/lists.js';

/** A name within the service's length limits (lists and folders: 1-200 characters), checked before sending. */
export function checkName(name: string, label = 'NAME', limits: { min: number; max: number } = LIST_LIMITS.name): string {
  if (name.length < limits.min || name.length > limits.max)
    throw usageError(
      `${label} must be ${limits.min} to ${limits.max} characters, got ${name.length}`,
      'Give a non-empty name of at most 200 characters.',
    );
  return name;
}
