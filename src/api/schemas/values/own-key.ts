/**
 * A record's value for a key a user typed: own keys only, so "constructor" or "__proto__"
 * never finds a member of Object.prototype.
 */
export function ownValue<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
