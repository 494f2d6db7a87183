/**
 * Starts the site: `node server.js` serves the production build,
 * `node server.js --dev` serves through Vite with hot reload.
 * Tests import `startServer` to run the site inside their own process.
 *
 * The port is taken before anything else, so a second process on a port in
 * use stops at once, saying so. Slow or abusive clients are bounded (header,
 * body and idle time-outs, a cap on open connections and a budget for those
 * still sending headers, bodies read in full and size-checked before any
 * rendering starts). SIGTERM and SIGINT stop taking
 * connections, let the requests in flight finish (bounded), close keep-alive
 * connections, then stop the outbox worker and the database.
 */

import { existsSync } from "node:fs";
import { createServer } from "node:http";
import { pathToFileURL } from "node:url";
import compression from "compression";
import express from "express";
import { buildDirectory, consoleBuildDirectory } from "./app/server/build-dir.js";
import { exitWithFailure } from "./commands/one-line-failure.js";

/**
 * Client limits; the variable ones are settings. A body arriving one byte at a time is cut off at REQUEST_TIMEOUT_MS.
 * @param {import("./app/server/config.server.ts").Config} settings
 */
const limitsOf = (settings) => ({
  headersTimeoutMs: 10_000,
  requestTimeoutMs: settings.REQUEST_TIMEOUT_MS,
  keepAliveTimeoutMs: 5_000,
  /** Beyond this many open connections new ones are refused; chosen with the heap limit (docs/reliability.md). */
  maxConnections: settings.MAX_CONNECTIONS,
  /**
   * Open connections one address may hold when clients connect directly (not behind TRUST_PROXY): a machine
   * opening a thousand slow connections gets this many, and everyone else the rest.
   */
  maxConnectionsPerClient: settings.MAX_CONNECTIONS_PER_CLIENT,
  /**
   * Connections from all addresses together still waiting for a request's headers; past it the one waiting
   * longest is closed, so many addresses' slow clients cannot fill maxConnections (http/header-budget.ts).
   */
  maxUnfinishedHeaders: settings.MAX_UNFINISHED_HEADERS,
  /** How long in-flight requests get to finish at shutdown. */
  shutdownGraceMs: settings.SHUTDOWN_GRACE_MS,
});

/** Start-up failed for a reason one line explains (port in use, database unreachable, bad settings). */
export class StartError extends Error {
  name = "StartError";
}

/**
 * @param {import("node:http").Server} httpServer
 * @param {number} port
 * @param {string} host
 */
function listen(httpServer, port, host) {
  return new Promise((resolve, reject) => {
    const onError = (/** @type {NodeJS.ErrnoException} */ error) => {
      httpServer.off("listening", onListening);
      if (error.code === "EADDRINUSE")
        reject(
          new StartError(
            `Port ${port} on ${host} is already in use (is the site already running?): set PORT to a free port.`,
          ),
        );
      else if (error.code === "EACCES") reject(new StartError(`Not allowed to listen on port ${port} on ${host}.`));
      else reject(error);
    };
    const onListening = () => {
      httpServer.off("error", onError);
      resolve(undefined);
    };
    httpServer.once("error", onError);
    httpServer.once("listening", onListening);
    httpServer.listen(port, host);
  });
}

/**
 * Port and host default to the settings (PORT, HOST), as does the build's folder (BUILD_DIR).
 * @param {{ port?: number, host?: string, dev?: boolean, buildDir?: string }} options
 */
export async function startServer({ port, host, dev = false, buildDir = buildDirectory() } = {}) {
  process.env.NODE_ENV ??= dev ? "development" : "production";
  const vite = dev ? await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } })) : undefined;
  const serverModule = vite
    ? await vite.ssrLoadModule("./http/app.ts")
    : await import(pathToFileURL(`${buildDir}/server/index.js`).href);
  const {
    config,
    createApp,
    log,
    requestLogging,
    startRequestLog,
    flushRequestSummary,
    readBody,
    errorHandler,
    answerClientError,
    precompressedAssets,
    limitConnectionsPerClient,
    budgetUnfinishedHeaders,
    observeRequest,
  } = serverModule;

  /** @type {import("./app/server/config.server.ts").Config} */
  const settings = config();
  const LIMITS = limitsOf(settings);
  port ??= settings.PORT;
  host ??= settings.HOST;
  const server = express();
  server.disable("x-powered-by");
  const shutdown = { stopping: false };
  /** @type {import("./http/app.ts").RunningApp["cachedHit"] | undefined} */
  let cachedHit;
  const httpServer = createServer(
    {
      headersTimeout: Math.min(LIMITS.headersTimeoutMs, LIMITS.requestTimeoutMs),
      requestTimeout: LIMITS.requestTimeoutMs,
      keepAliveTimeout: LIMITS.keepAliveTimeoutMs,
      // How often the time-outs above are checked (Node's default is every 30 s).
      connectionsCheckingInterval: 1_000,
    },
    (req, res) => {
      // Every request is counted for /metrics, cached answers included.
      observeRequest(req, res);
      // A cached answer ready as the browser wants it goes out at once; everything else goes through Express.
      const hit = cachedHit?.(req);
      if (!hit) return server(req, res);
      startRequestLog(log, shutdown, req, res, true);
      hit(res);
    },
  );
  httpServer.maxConnections = LIMITS.maxConnections;
  // Behind a proxy every connection is the proxy's: then the share is counted per request, on the visitor's address.
  if (!settings.TRUST_PROXY) limitConnectionsPerClient(httpServer, LIMITS.maxConnectionsPerClient);
  // After the per-address limit, which closes what it refuses before the budget counts it.
  budgetUnfinishedHeaders(httpServer, LIMITS.maxUnfinishedHeaders);
  httpServer.on("clientError", answerClientError);

  await listen(httpServer, port, host);
  const address = httpServer.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  const url = `http://${host === "0.0.0.0" ? "localhost" : host}:${actualPort}`;
  // Links in pages and messages point at where the site really is, unless told otherwise.
  if (settings.publicUrlFromPort) settings.PUBLIC_URL = `http://localhost:${actualPort}`;

  server.use(requestLogging(log, shutdown));
  let ready = false;
  // Until the database is open and the app mounted, say so rather than 404.
  server.use((_req, res, next) => {
    if (ready) return next();
    res.status(503).setHeader("Retry-After", "2");
    res.type("text").send("The site is starting. Please try again in a moment.");
  });

  // `npm run build` builds the staff console on its own (app/routes.ts); a single build holds both route tables.
  const consoleDir = consoleBuildDirectory({ BUILD_DIR: buildDir });
  const consoleEntry = `${consoleDir}/server/index.js`;
  const split = !vite && existsSync(consoleEntry);
  /** @type {import("./http/app.ts").RunningApp} */
  let running;
  try {
    running = vite
      ? await createApp({ build: () => vite.ssrLoadModule("virtual:react-router/server-build") })
      : await createApp(split ? { console: () => import(pathToFileURL(consoleEntry).href) } : {});
  } catch (error) {
    httpServer.close();
    await vite?.close();
    throw error;
  }
  cachedHit = running.cachedHit;
  server.use(running.headers);
  if (vite) {
    server.use(vite.middlewares);
  } else {
    // Pages and JSON are compressed by the request handler in one piece, and it marks them so: the middleware is
    // for what streams (the console's pages) and for files without a pre-compressed form.
    server.use(compression({ filter: (req, res) => !res.locals.encodedHere && compression.filter(req, res) }));
    // Hashed assets never change under their name (so they are compressed once); everything else may.
    server.use("/assets", precompressedAssets(`${buildDir}/client/assets`));
    server.use("/assets", express.static(`${buildDir}/client/assets`, { immutable: true, maxAge: "1y" }));
    if (split) {
      server.use("/assets", precompressedAssets(`${consoleDir}/client/assets`));
      server.use("/assets", express.static(`${consoleDir}/client/assets`, { immutable: true, maxAge: "1y" }));
    }
    // Every other file the build ships has an extension: an address without one (every page but the sitemap
    // and robots.txt) is not looked for on disk first.
    const publicFiles = express.static(`${buildDir}/client`, { maxAge: "1h" });
    server.use((req, res, next) => (/\.[^/]*$/.test(req.path) ? publicFiles(req, res, next) : next()));
  }
  server.use(readBody);
  server.use(running.app);
  server.use(errorHandler);
  ready = true;

  const app = running;
  async function stop(graceMs = LIMITS.shutdownGraceMs) {
    shutdown.stopping = true;
    const closed = new Promise((resolve) => httpServer.close(resolve));
    httpServer.closeIdleConnections();
    const timer = new Promise((resolve) => setTimeout(resolve, graceMs).unref());
    await Promise.race([closed, timer]);
    httpServer.closeAllConnections();
    flushRequestSummary(log);
    await app.close();
    await vite?.close();
  }
  return {
    url,
    db: running.db,
    databaseKind: running.databaseKind,
    summary: running.summary(url),
    log,
    settings,
    stop,
  };
}

export async function main() {
  const dev = process.argv.includes("--dev");
  let site;
  try {
    site = await startServer({ dev });
  } catch (error) {
    exitWithFailure("Salon site could not start", error);
  }
  console.log(site.summary);

  let stopping = false;
  /** @param {NodeJS.Signals} signal */
  const onSignal = async (signal) => {
    if (stopping) return;
    stopping = true;
    site.log.info({ signal }, "closing: finishing requests in flight");
    // Whatever happens below, the process is gone in a bounded time.
    setTimeout(() => process.exit(1), site.settings.SHUTDOWN_GRACE_MS + 5_000).unref();
    try {
      await site.stop();
      site.log.info("closed");
    } catch (error) {
      site.log.error({ err: error }, "closing failed");
    }
    process.exit(0);
  };
  process.on("SIGTERM", () => onSignal("SIGTERM"));
  process.on("SIGINT", () => onSignal("SIGINT"));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
