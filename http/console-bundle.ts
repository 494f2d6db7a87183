/**
 * The server entry of the staff console's own build (SITE_PART=console,
 * vite.config.ts), loaded by server.js beside the public build's
 * (./bundle.ts) and mounted at /staff by the HTTP app (./app.ts).
 *
 * That build carries its own copies of the server modules its routes import.
 * So the HTTP app makes the console's request context with this copy's
 * `routerContextWith` (its loaders look it up by this copy's key), and joins
 * the little in-process state both copies must agree on: the settings'
 * public address (which server.js may set from the port), the test clock,
 * the outbox worker's wake-up, the quote views held back to be written
 * in batches (counted by the public build's copy, written before a console
 * page reads and at shutdown), the turns of the SMS log's appends and
 * erasures, and the pool of picture workers.
 */
import type { ServerBuild } from "react-router";

export { setClock } from "~/server/clock.server";
export { config } from "~/server/config.server";
export { joinSmsLogTurns } from "~/server/delivery/transports.server";
export { onOutboxWake } from "~/server/outbox.server";
export { joinPicturePool } from "~/server/picture-process.server";
export { routerContextWith } from "~/server/request-context.server";
export { flushAllQuoteViews, joinQuoteViews } from "~/server/staff/leads.server";

/** The console's route table and modules, as React Router built them. */
export const loadBuild = () => import("virtual:react-router/server-build") as Promise<ServerBuild>;
