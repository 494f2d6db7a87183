import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { expect, test } from "@playwright/test";

/** Beside this run's worker ports (E2E_PORT), so engineers running the suite at once never share a port. */
const PORT = Number(process.env.E2E_PORT ?? 3210) + 80;
const base = `http://127.0.0.1:${PORT}`;

function startServer(dataDir: string): ChildProcess {
  return spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      BUILD_DIR: process.env.BUILD_DIR ?? "build-e2e",
    },
    stdio: "ignore",
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

    // Staff edit a row while the site is down.
    const db = await PGlite.create(path.join(dataDir, "pglite"));
    await db.query("update stylists set first_name = 'Edited' where slug = $1", [slug]);
    await db.close();

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
