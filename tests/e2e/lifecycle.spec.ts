import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { startEmbeddedPostgres } from "../../app/server/embedded-postgres.server";
import { freePort, startSiteProcess, until } from "./delivery-harness";

const PORT = await freePort();
const base = `http://127.0.0.1:${PORT}`;

function startServer(dataDir: string, port = PORT): ChildProcess {
  return spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      BUILD_DIR: process.env.BUILD_DIR ?? "build-e2e",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
}

async function waitForHealthy() {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not become healthy");
}

async function stopWithin(server: ChildProcess, ms: number) {
  const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
  const started = Date.now();
  server.kill("SIGTERM");
  const code = await exited;
  return { code, elapsed: Date.now() - started, ms };
}

/** The embedded PostgreSQL server running on a data folder, if any (its lock file names it). */
function databaseServerAlive(dataDir: string): boolean {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8"), 10);
  } catch {
    return false;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A complete cutting-flow quote for the API, built from the live price list. */
async function saveQuote(url: string, i: number): Promise<string> {
  const services: { id: number; service: string; cat1: number; cat2: number }[] = await (
    await fetch(`${url}/api/services`)
  ).json();
  const id = (cat1: number, cat2: number, name: string) =>
    String(services.find((s) => s.cat1 === cat1 && s.cat2 === cat2 && s.service === name)?.id);
  const response = await fetch(`${url}/api/save-quote-details`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      type: "cutting",
      mode: "level",
      level: "6",
      salon: "2",
      finish: id(1, 0, "Cut, Dry & Style"),
      finishAddon: id(4, 0, "None"),
      treatment: id(5, 2, "None"),
      regular: "no",
      name: `Client${i} Example`,
      mobile: `07700 900${String(100 + i)}`,
      email: `client${i}@example.com`,
      referral: "Google",
    }),
  });
  expect(response.status).toBe(201);
  return (await response.json()).link as string;
}

test.describe.configure({ mode: "serial" });

test("SIGTERM closes the database and exits within 5 seconds; a restart keeps the data and never reseeds over it", async () => {
  test.setTimeout(150_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "salon-lifecycle-"));
  try {
    let server = startServer(dataDir);
    await waitForHealthy();
    const team = await (await fetch(`${base}/api/team`)).json();
    const slug = team[0].slug as string;
    const stopped = await stopWithin(server, 5000);
    expect(stopped.code).toBe(0);
    expect(stopped.elapsed).toBeLessThan(5000);
    // The site waited for its database server to exit before it did.
    expect(databaseServerAlive(dataDir)).toBe(false);

    // Staff edit a row while the site is down.
    const database = await startEmbeddedPostgres(dataDir);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query("update stylists set first_name = 'Edited' where slug = $1", [slug]);
    await client.end();
    await database.stop();

    server = startServer(dataDir);
    await waitForHealthy();
    const member = await (await fetch(`${base}/api/team/${slug}`)).json();
    expect(member.first_name).toBe("Edited");
    const again = await stopWithin(server, 5000);
    expect(again.code).toBe(0);
    expect(again.elapsed).toBeLessThan(5000);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test("a second site on the same data folder exits with one clear message, and the first keeps every quote it acknowledged, through a SIGKILL", async () => {
  test.setTimeout(90_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "salon-lifecycle-"));
  try {
    const first = await startSiteProcess(PORT, { DATA_DIR: dataDir, RATE_LIMITS: "off" });
    const links = await Promise.all(Array.from({ length: 10 }, (_, i) => saveQuote(first.url, i)));

    const second = startServer(dataDir, await freePort());
    let stderr = "";
    second.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    const code = await new Promise<number | null>((resolve) => second.once("exit", (c) => resolve(c)));
    expect(code).not.toBe(0);
    expect(stderr.trim()).toBe(
      `Salon site could not start: Another process is already using the data folder ${dataDir} (its embedded database). Stop that process first, or give this one its own DATA_DIR, or point DATABASE_URL at a PostgreSQL server to run several processes.`,
    );

    // The first site was not disturbed: it still saves and serves quotes.
    links.push(...(await Promise.all(Array.from({ length: 10 }, (_, i) => saveQuote(first.url, 10 + i)))));

    // Killed outright, the site takes its database server with it.
    await first.kill("SIGKILL");
    await until(() => !databaseServerAlive(dataDir), "the database server to exit after its site was killed", 15_000);

    const restarted = await startSiteProcess(PORT, { DATA_DIR: dataDir });
    try {
      for (const link of links) {
        const response = await fetch(`${restarted.url}/api/get-quote-details/${link}`);
        expect(response.status, `quote ${link}`).toBe(200);
      }
    } finally {
      await restarted.kill("SIGTERM");
    }
    expect(databaseServerAlive(dataDir)).toBe(false);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
