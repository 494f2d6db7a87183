/**
 * Zod, set up once for the browser and the server. Zod 4 probes whether it may
 * compile validators with `new Function`; our Content-Security-Policy forbids
 * eval, so the probe would be reported as a violation on every page that
 * validates. Jitless mode never tries.
 */
import { z } from "zod";

z.config({ jitless: true });

export { z };
