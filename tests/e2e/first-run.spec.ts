import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freePort } from "./delivery-harness";

const PORT = await freePort();

/** Runs what `npm start` runs and collects what it prints until the site answers. */
async function start(dataDir: string): Promise<{ server: ChildProcess; output: () => string }> {
  const server = spawn(process.execPath, ["scripts/start.js"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SMTP_URL: "",
      TWILIO_ACCOUNT_SID: "",
      BUILD_DIR: process.env.BUILD_DIR ?? "build-e2e",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let printed = "";
  server.stdout?.on("data", (chunk) => {
    printed += chunk;
  });
  server.stderr?.on("data", (chunk) => {
    printed += chunk;
  });
  await expect
    .poll(async () => (await fetch(`http://127.0.0.1:${PORT}/healthz`).catch(() => null))?.status, { timeout: 90_000 })
    .toBe(200);
  return { server, output: () => printed };
}

async function stop(server: ChildProcess) {
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
}

test.describe.configure({ mode: "serial" });

test("the first start says in a few lines where the site is, which database, that demo content was seeded and where messages go", async () => {
  test.setTimeout(240_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "salon-first-run-"));
  try {
    const first = await start(dataDir);
    // What a person reads; the structured request log (JSON lines) is for machines.
    const lines = first
      .output()
      .trim()
      .split("\n")
      .filter((line) => !line.startsWith("{"));
    await stop(first.server);
    expect(lines.slice(0, 5)).toEqual([
      `Maison Ivy is running at http://127.0.0.1:${PORT}`,
      `  database: embedded PostgreSQL in ${dataDir}/postgres`,
      "  content:  demo content seeded (first start)",
      `  e-mail:   .eml files in ${dataDir}/mail (no SMTP_URL set)`,
      `  texts:    the file ${dataDir}/sms/messages.log (no Twilio settings)`,
    ]);
    expect(lines.slice(5)).toHaveLength(1);
    expect(lines[5]).toMatch(
      // Without PUBLIC_URL, links use localhost and the port the site listens on.
      new RegExp(
        `^  staff: {4}no account yet; the first owner signs up within the hour at http://localhost:${PORT}/staff/setup/\\S+$`,
      ),
    );

    const again = await start(dataDir);
    const said = again.output();
    await stop(again.server);
    expect(said).toContain("  content:  existing content found");
    expect(said).not.toContain("seeded");
    // The link is made again while nobody has used one: a restart must not lock the salon out.
    expect(said).toContain("/staff/setup/");
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
