// Chromium as the browser tests and the benchmark both start it: Debian's build
// by default, and none of the background traffic (updates, sync, QUIC probes)
// that would slow a test or blur a measurement.

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
