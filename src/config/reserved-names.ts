/**
 * Names a profile cannot have: the members of every JavaScript object (`__proto__`,
 * `constructor`, `toString`, ...). Stored as keys they are lost or read back as something
 * else, so they are refused where a name is given.
 */
const RESERVED = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);

/** Why `name` cannot name a profile, or undefined when it can. */
export function reservedNameProblem(name: string): string | undefined {
  return RESERVED.has(name) ? 'is a name every JavaScript object already has: no profile can be stored under it' : undefined;
}
