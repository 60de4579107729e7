/**
 * The HTTP floors of the API timings: what any request through the server costs (a static file)
 * and what any API request costs before its endpoint's work (an API path no route serves). The
 * paths and the sample store only; bench/search.ts timeFloor times them. Pure.
 */

/** Path of the HTTP floor: a static file of the same server (no route code, no database). */
export const FLOOR_PATH = '/icon.svg';

/**
 * Path of the route floor: an API path that no route serves, answered 404 JSON at once by the
 * catch-all route (app/api/[...path], no route wrapper, no database): what Next's handling of an
 * app route costs before any code of an endpoint runs.
 */
export const ROUTE_FLOOR_PATH = '/api/bench-floor';

/** The two floors' samples in milliseconds, timed together beside the API requests. */
export type Floors = { file: number[]; route: number[] };

/** Empty {@link Floors}. */
export function emptyFloors(): Floors {
  return { file: [], route: [] };
}

/** Adds one sample of both floors (milliseconds) to `floors`. */
export function recordFloor(floors: Floors, sample: { file: number; route: number }): void {
  floors.file.push(sample.file);
  floors.route.push(sample.route);
}
