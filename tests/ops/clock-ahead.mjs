/**
 * Preload of the ops tests' app servers (`node --import`): with DISCSHELF_TEST_CLOCK_AHEAD_MS set,
 * `Date.now()` runs that many milliseconds ahead of `performance.timeOrigin + performance.now()`,
 * as on a server that has been up for a while once its wall clock has been stepped or slewed
 * ahead of its monotonic clock (a virtual machine paused and resumed). Next's own page cache
 * compares the two clocks; the app's (lib/page-cache-handler.mjs) must not depend on them agreeing.
 */
const ahead = Number(process.env.DISCSHELF_TEST_CLOCK_AHEAD_MS ?? '0');
if (Number.isFinite(ahead) && ahead !== 0) {
  const wall = Date.now;
  Date.now = () => wall() + ahead;
}
