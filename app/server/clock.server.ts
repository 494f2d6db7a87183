/**
 * The site's idea of "now" for anything that starts or ends by the calendar
 * (offers, scheduled posts, publish dates). Everything that decides what a
 * visitor sees at a given time asks here rather than `new Date()`, so a
 * browser test can move this process's clock forward and watch an offer end
 * by itself. Only a process started with TEST_CLOCK=on accepts a move (see
 * http/app.ts); in every other process the offset stays zero.
 */
let offsetMs = 0;

export function now(): Date {
  return new Date(Date.now() + offsetMs);
}

/** Moves this process's clock to `at`; the caller drops the caches that depend on time. */
export function setClock(at: Date): void {
  offsetMs = at.getTime() - Date.now();
}
