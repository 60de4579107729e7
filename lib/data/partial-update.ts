/**
 * A partial update's input over the stored values: every field of `stored`, replaced by the
 * field of `given` when it is given (not undefined; null and "" are values and clear a field).
 * The result is validated as a whole, so cross-field rules hold for what will be stored. Pure.
 */
export function overStored<T extends object>(stored: T, given: Partial<T>): T {
  const changes = Object.entries(given).filter(([key, value]) => value !== undefined && key in stored);
  return { ...stored, ...Object.fromEntries(changes) };
}
