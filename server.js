/**
 * Starts the site: `node server.js` serves the production build,
 * `node server.js --dev` serves through Vite with hot reload.
 * SIGTERM and SIGINT stop taking requests, close the database and exit.
 */
import compression from "compression";
import express from "express";

const DEV = process.argv.includes("--dev");
process.env.NODE_ENV ??= DEV ? "development" : "production";
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const PORT = Number.parseInt(process.env.PORT ?? "3000", 10);
const HOST = process.env.HOST ?? "0.0.0.0";

const server = express();
server.disable("x-powered-by");
server.use(compression());

let running;
if (DEV) {
  const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
  server.use(vite.middlewares);
  const { createApp } = await vite.ssrLoadModule("./server/app.ts");
  running = await createApp({ build: () => vite.ssrLoadModule("virtual:react-router/server-build") });
} else {
  // Hashed assets never change under their name; everything else may.
  server.use("/assets", express.static(`${BUILD_DIR}/client/assets`, { immutable: true, maxAge: "1y" }));
  server.use(express.static(`${BUILD_DIR}/client`, { maxAge: "1h" }));
  const { createApp } = await import(`./${BUILD_DIR}/server/index.js`);
  running = await createApp();
}
server.use(running.app);

const listener = server.listen(PORT, HOST, () => {
  const address = listener.address();
  const port = typeof address === "object" && address ? address.port : PORT;
  console.log(`Salon site listening on http://localhost:${port} (database: ${running.databaseKind})`);
});

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received: closing`);
  // Whatever happens below, the process is gone within 5 seconds.
  setTimeout(() => process.exit(1), 4500).unref();
  listener.close();
  listener.closeIdleConnections();
  setTimeout(() => listener.closeAllConnections(), 1500).unref();
  try {
    await running.close();
  } catch (error) {
    console.error("Closing the database failed", error);
  }
  process.exit(0);
}
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
