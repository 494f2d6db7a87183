/**
 * Starts the site: `node server.js` serves the production build,
 * `node server.js --dev` serves through Vite with hot reload.
 * SIGTERM and SIGINT stop taking requests, close the database and exit.
 * Tests import `startServer` to run the site inside their own process.
 */
import { pathToFileURL } from "node:url";
import compression from "compression";
import express from "express";

/**
 * @param {{ port?: number, host?: string, dev?: boolean, buildDir?: string }} options
 */
export async function startServer({ port = 3000, host = "0.0.0.0", dev = false, buildDir = "build" } = {}) {
  process.env.NODE_ENV ??= dev ? "development" : "production";
  const server = express();
  server.disable("x-powered-by");

  let running;
  if (dev) {
    const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
    const { createApp } = await vite.ssrLoadModule("./server/app.ts");
    running = await createApp({ build: () => vite.ssrLoadModule("virtual:react-router/server-build") });
    server.use(running.headers);
    server.use(vite.middlewares);
  } else {
    const { createApp, precompressedAssets } = await import(pathToFileURL(`${buildDir}/server/index.js`).href);
    running = await createApp();
    server.use(running.headers);
    server.use(compression());
    // Hashed assets never change under their name (so they are compressed once); everything else may.
    server.use("/assets", precompressedAssets(`${buildDir}/client/assets`));
    server.use("/assets", express.static(`${buildDir}/client/assets`, { immutable: true, maxAge: "1y" }));
    server.use(express.static(`${buildDir}/client`, { maxAge: "1h" }));
  }
  server.use(running.app);

  const listener = await new Promise((resolve) => {
    const l = server.listen(port, host, () => resolve(l));
  });
  const address = listener.address();
  const url = `http://${host === "0.0.0.0" ? "localhost" : host}:${typeof address === "object" && address ? address.port : port}`;

  async function stop() {
    listener.close();
    listener.closeIdleConnections();
    setTimeout(() => listener.closeAllConnections(), 1500).unref();
    await running.close();
  }
  return { url, db: running.db, databaseKind: running.databaseKind, stop };
}

export async function main() {
  const dev = process.argv.includes("--dev");
  const site = await startServer({
    dev,
    port: Number.parseInt(process.env.PORT ?? "3000", 10),
    host: process.env.HOST ?? "0.0.0.0",
    buildDir: process.env.BUILD_DIR ?? "build",
  }).catch((error) => {
    // A second process on the same DATA_DIR says so in one line and exits.
    if (error?.name !== "DataDirInUseError") throw error;
    console.error(error.message);
    process.exit(1);
  });
  console.log(`Salon site listening on ${site.url} (database: ${site.databaseKind})`);

  let stopping = false;
  const onSignal = async (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: closing`);
    // Whatever happens below, the process is gone within 5 seconds.
    setTimeout(() => process.exit(1), 4500).unref();
    try {
      await site.stop();
    } catch (error) {
      console.error("Closing the database failed", error);
    }
    process.exit(0);
  };
  process.on("SIGTERM", () => onSignal("SIGTERM"));
  process.on("SIGINT", () => onSignal("SIGINT"));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
