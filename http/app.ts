/**
 * The HTTP application: React Router's request handler behind the headers
 * and hygiene every answer gets. `server.js` mounts it, from the server
 * bundle (./bundle.ts).
 */

import type { IncomingMessage, ServerResponse } from "node:http";
import express from "express";
import type { ServerBuild } from "react-router";
import { createBackupJob } from "~/server/backup/backup-job.server";
import { createBookingLinkJob } from "~/server/booking-link-check.server";
import { CONTENT_CHANNEL, enableContentCache } from "~/server/cache.server";
import { startCdnPurge } from "~/server/cdn-purge.server";
import { clientKey } from "~/server/client-key.server";
import { now, setClock } from "~/server/clock.server";
import { config } from "~/server/config.server";
import type { Database, DatabaseKind } from "~/server/db.server";
import { startDelivery } from "~/server/delivery/delivery.server";
import { inSmsLogTurn } from "~/server/delivery/transports.server";
import { createHealthJob } from "~/server/health.server";
import { pruneJob } from "~/server/housekeeping.server";
import { log } from "~/server/log.server";
import { renderMetrics } from "~/server/metrics.server";
import { outboundOptions } from "~/server/outbound.server";
import { OUTBOX_CHANNEL, wakeOutbox } from "~/server/outbox.server";
import { PICTURE_JOBS_CHANNEL, startPictureWorker } from "~/server/picture-jobs.server";
import { processPicture, workerCount } from "~/server/picture-process.server";
import { decodeAndStore } from "~/server/pictures.server";
import { retentionJob } from "~/server/privacy/retention.server";
import { listSalons } from "~/server/queries/catalogue.server";
import { getSiteSettings } from "~/server/queries/content.server";
import { reviewInvitationJob } from "~/server/review-invitations.server";
import { startScheduler } from "~/server/scheduler.server";
import { seedDatabase } from "~/server/seed.server";
import { openSiteDatabase } from "~/server/site-database.server";
import { createSetupLink } from "~/server/staff/accounts.server";
import { digestJob } from "~/server/staff/digest.server";
import { flushAllQuoteViews, flushQuoteViews } from "~/server/staff/leads.server";
import { uncontactedJob } from "~/server/staff/uncontacted.server";
import { limitRequestsPerClient } from "./fair-share";
import { clientErrorAnswerer, errorHandlerFor, refuseNulInAddress } from "./hygiene";
import { SAVE_QUOTE_PATH, saveQuoteHandler } from "./json-api";
import { areaOf, createCachedRequestHandler, ResponseCache } from "./request-handler";

export { limitConnectionsPerClient } from "./fair-share";
export { budgetUnfinishedHeaders } from "./header-budget";
export { precompressedAssets } from "./precompressed";

import { routerContextWith } from "~/server/request-context.server";
import { bearerMatches, fixedSecurityHeaders, refuseCrossSiteRequests, securityHeaders } from "./security";
import { startupSummary } from "./startup";

export { config } from "~/server/config.server";
export { observeRequest } from "~/server/metrics.server";
export { flushRequestSummary, readBody, requestLogging, startRequestLog } from "./hygiene";
export { log };
/** The last Express handler: 503 for a database away, 4xx quietly, one stack for a real fault. */
export const errorHandler = errorHandlerFor(log);
/** For the HTTP server's `clientError`: requests the parser rejects, answered and logged in one line. */
export const answerClientError = clientErrorAnswerer(log);

/** What a worker process (ROLE=worker) answers besides /metrics: its health, for the orchestrator. */
const WORKER_PATHS = new Set(["/healthz", "/readyz"]);

export interface RunningApp {
  /** Headers for every answer, static files included: mount before anything else. */
  headers: express.RequestHandler;
  app: express.Express;
  /**
   * For a GET whose answer is cached and ready in the encoding the browser
   * accepts: what sends it, with every header the ordinary way would set.
   * Mounted before Express, since such an answer needs none of its middleware.
   */
  cachedHit(req: IncomingMessage): ((res: ServerResponse) => void) | undefined;
  db: Database;
  databaseKind: DatabaseKind;
  /** What to print once the server listens on `url`. */
  summary(url: string): string;
  close(): Promise<void>;
}

/** Route ids of the console's pages (app/routes-console.ts). */
const isConsoleRoute = (id: string) => id.startsWith("staff-");

/** What the HTTP app takes from the staff console's own build (./console-bundle.ts). */
export type ConsoleBundle = typeof import("./console-bundle");

export async function createApp(
  options: {
    /** In development: the one build of both route tables, loaded afresh for each request to pick up edits. */
    build?: () => Promise<ServerBuild>;
    /**
     * The staff console's own build (app/routes-console.ts), served by a request handler of its own for every
     * address under /staff. Without it, this build's table is the whole site's (development, a plain
     * `react-router build`) and one handler serves it all.
     */
    console?: () => Promise<ConsoleBundle>;
  } = {},
): Promise<RunningApp> {
  const settings = config();
  // The server build (every route, React's server renderer) takes most of a second to load: load it while the
  // embedded database makes its cluster and starts, in processes of its own, rather than after. Connecting waits
  // for it: evaluating it holds the thread, and a connect time-out must not fire for that.
  const loadingBuild = options.build ? undefined : import("virtual:react-router/server-build");
  const loadingConsole = options.console?.().then(async (bundle) => ({ bundle, build: await bundle.loadBuild() }));
  // Should the database fail to start before these are awaited, that failure is the one to report.
  const loading = Promise.all([loadingBuild, loadingConsole]);
  loading.catch(() => {});
  let content: "seeded" | "found" = "found";
  const database = await openSiteDatabase(async (db) => {
    content = await seedDatabase(db);
  }, loading);
  const siteBuild = options.build ?? ((await loadingBuild) as ServerBuild);
  // A build of both tables beside a console build left from before (a plain `react-router build` into the same
  // folder) serves everything itself: the older console build would hide the console routes it lacks.
  const withConsole = typeof siteBuild !== "function" && Object.keys(siteBuild.routes).some(isConsoleRoute);
  const consolePart = withConsole ? undefined : await loadingConsole;
  if (consolePart) {
    // The console's copy of the settings: with the address server.js may have set from the port.
    consolePart.bundle.config().PUBLIC_URL = settings.PUBLIC_URL;
    // Messages the console queues (replies, sign-in codes) go out at once, as the site's do.
    consolePart.bundle.onOutboxWake(wakeOutbox);
    // A console page writes the quote views the public pages counted before it reads them.
    consolePart.bundle.joinQuoteViews(flushQuoteViews);
    // A client's data erased from the console waits its turn with the texts the public copy is logging.
    consolePart.bundle.joinSmsLogTurns(inSmsLogTurn);
    // The console's photos and the public forms' share one pool of picture workers, sized to the cores.
    consolePart.bundle.joinPicturePool(processPicture);
  }

  const clearQueryCache = enableContentCache(database.db);
  const responses = settings.NODE_ENV === "development" ? null : new ResponseCache();
  // A web process (ROLE=web) sends nothing, runs no scheduled job and decodes no picture: workers do.
  const works = settings.ROLE !== "web";
  const purger = startCdnPurge(database.background, settings, log, works);
  // Three round trips to the database, each on its own connection, at once rather than one after another:
  // every public page is framed by the salons and the site settings, read now so a database that goes away
  // later still leaves them to draw the pages with (see the content cache); the LISTEN for content changes;
  // and, while no staff account exists, the first owner's setup link.
  const [, , setupPath] = await Promise.all([
    Promise.all([listSalons(database.db), getSiteSettings(database.db)]),
    database.listen(CONTENT_CHANNEL, () => {
      clearQueryCache();
      responses?.clear();
      // After this process's own caches, so the shared cache's next fetch from here gets the change.
      purger.wake();
    }),
    createSetupLink(database.db),
  ]);
  const delivery = works ? startDelivery(database.background, settings) : null;
  const pictureWorker = works
    ? startPictureWorker(
        database.background,
        ({ upload, ...job }) => decodeAndStore(database.background, { ...job, source: { bytes: upload } }),
        {
          concurrency: workerCount(),
          listen: (onNotice) => database.listen(PICTURE_JOBS_CHANNEL, onNotice),
        },
      )
    : null;
  // New messages from any process wake this one's sender at once, rather than at its next look.
  if (works) await database.listen(OUTBOX_CHANNEL, wakeOutbox);
  const jobs = [
    retentionJob,
    pruneJob,
    digestJob,
    uncontactedJob,
    reviewInvitationJob,
    createBookingLinkJob(outboundOptions(settings)),
    createBackupJob(database.url, settings),
  ];
  const healthJob = createHealthJob(
    settings,
    jobs.map((job) => job.name),
  );
  const scheduler = works
    ? startScheduler(database.background, [...jobs, healthJob], { pollMs: settings.SCHEDULE_CHECK_SECONDS * 1000 })
    : null;
  const dev = settings.NODE_ENV === "development";
  const app = express();
  app.disable("x-powered-by");
  app.use(refuseCrossSiteRequests(settings.PUBLIC_URL));
  app.use(refuseNulInAddress);
  if (settings.TEST_CLOCK === "on") {
    // The body was already read in full by the request hygiene (req.rawBody), so express.json() would find nothing.
    app.post("/__test/clock", (req, res) => {
      let at = new Date(Number.NaN);
      try {
        at = new Date(String(JSON.parse(req.rawBody?.toString("utf8") ?? "{}")?.at));
      } catch {
        // Not JSON: refused below like any other bad time.
      }
      if (Number.isNaN(at.getTime())) {
        res.status(400).json({ error: 'Send {"at": an ISO time}.' });
        return;
      }
      setClock(at);
      consolePart?.bundle.setClock(at);
      clearQueryCache();
      responses?.clear();
      res.json({ now: now().toISOString() });
    });
  }
  if (settings.METRICS_TOKEN) {
    const token = settings.METRICS_TOKEN;
    app.get("/metrics", async (req, res, next) => {
      if (!bearerMatches(req.headers.authorization, token)) {
        res.status(401).setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
        res.type("text").send("The metrics need the token set in METRICS_TOKEN, as a bearer token.");
        return;
      }
      try {
        const metrics = await renderMetrics(
          database.db,
          settings,
          jobs.map((job) => job.name),
          database.pools(),
        );
        res.setHeader("Cache-Control", "no-store");
        res.type(metrics.contentType).send(metrics.body);
      } catch (error) {
        next(error);
      }
    });
  }
  if (settings.TRUST_PROXY)
    app.set("trust proxy", /^\d+$/.test(settings.TRUST_PROXY) ? Number(settings.TRUST_PROXY) : settings.TRUST_PROXY);
  app.use(limitRequestsPerClient(settings.MAX_REQUESTS_PER_CLIENT));
  /** What every request's loaders and actions find in their context (`context.get(requestContext)`). */
  const requestValues = (req: express.Request, res: express.Response) => ({
    db: database.db,
    clientIp: clientKey(req.ip ?? req.socket.remoteAddress),
    cspNonce: String(res.locals.cspNonce ?? ""),
    requestId: String(res.locals.requestId ?? ""),
    // "close" comes once per response: after it is sent, or when the connection breaks first.
    afterResponse: (task: () => void) => void res.once("close", task),
  });
  if (settings.ROLE === "worker")
    app.use((req, res, next) => {
      if (WORKER_PATHS.has(req.path)) return next();
      res
        .status(404)
        .type("text")
        .send("This process runs the background work (ROLE=worker): pages come from the web processes.");
    });
  // The quote's save, without the Fetch conversion and route matching it does not need (./json-api.ts).
  app.post(SAVE_QUOTE_PATH, saveQuoteHandler(requestValues));
  const siteHandler = createCachedRequestHandler({
    cache: responses,
    // Development hands a function, to pick up each edit; React Router then rebuilds its route tables on every
    // request. The production build never changes, so it is given once and its tables are built once.
    build: siteBuild,
    requestValues,
    routerContext: routerContextWith,
  });
  if (consolePart) {
    // The console at /staff, with its own route table: a public page is matched against the public routes only,
    // and a console page against the console's (decision 115).
    const consoleHandler = createCachedRequestHandler({
      cache: null,
      build: consolePart.build,
      requestValues,
      routerContext: consolePart.bundle.routerContextWith,
    });
    app.use((req, res, next) => (areaOf(req.originalUrl) === "staff" ? consoleHandler : siteHandler)(req, res, next));
  } else app.use(siteHandler);

  const hsts = settings.PUBLIC_URL.startsWith("https:") || !dev;
  const fixedHeaders = fixedSecurityHeaders({ hsts });
  return {
    headers: securityHeaders({ dev, hsts }),
    app,
    cachedHit(req) {
      const send = responses?.hit(req);
      if (!send) return undefined;
      return (res) => {
        for (const [name, value] of fixedHeaders) res.setHeader(name, value);
        send(res);
      };
    },
    db: database.db,
    databaseKind: database.kind,
    summary: (url) =>
      startupSummary({
        url,
        database: { kind: database.kind, databaseUrl: settings.DATABASE_URL, dataDir: settings.dataDir },
        content,
        destinations: delivery?.destinations ?? {
          mail: "sent by the worker processes",
          sms: "sent by the worker processes",
        },
        setupLink: setupPath ? new URL(setupPath, settings.PUBLIC_URL).href : undefined,
      }),
    async close() {
      await scheduler?.stop();
      await pictureWorker?.stop();
      await delivery?.stop();
      await purger?.stop();
      await flushAllQuoteViews();
      await consolePart?.bundle.flushAllQuoteViews();
      await database.close();
    },
  };
}
