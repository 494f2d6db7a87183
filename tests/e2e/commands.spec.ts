/**
 * The terminal commands as a person runs them: `npm start` with a bad setting,
 * `npm run staff -- invite` and the link it prints, and a second process on a
 * data folder the site already uses. Each runs the real script on the built site.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freePort } from "./delivery-harness";

const BUILD_DIR = process.env.BUILD_DIR ?? "build-e2e";

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(script: string, args: string[], env: Record<string, string>): Promise<Finished> {
  const child = spawn(process.execPath, [script, ...args], {
    env: { ...process.env, BUILD_DIR, DATABASE_URL: "", PUBLIC_URL: "", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, stdout, stderr })));
}

const lines = (text: string) => text.trim().split("\n").filter(Boolean);

let dataDir = "";
test.beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "salon-commands-"));
});
test.afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

test("a bad setting stops the start with one line naming it, and exit code 1", async () => {
  const started = await run("scripts/start.js", [], { DATA_DIR: dataDir, MAX_CONNECTIONS: "abc" });
  expect(started.code).toBe(1);
  expect(lines(started.stderr)).toEqual([
    'Salon site could not start: MAX_CONNECTIONS="abc" is not valid: expected a number (docs/settings.md lists every setting).',
  ]);
  expect(started.stdout).not.toContain("running at");
});

test("npm run staff -- invite prints a link on the port the settings name, or on PUBLIC_URL", async () => {
  test.setTimeout(90_000);
  const port = await freePort();
  const invited = await run("scripts/staff.js", ["invite", "ana@example.com", "manager", "Ana"], {
    DATA_DIR: dataDir,
    PORT: String(port),
  });
  expect(invited.stderr).toBe("");
  expect(invited.code).toBe(0);
  expect(invited.stdout).toMatch(new RegExp(`\\nhttp://localhost:${port}/staff/sign-in/link/\\S+\\n`));

  const onPublicUrl = await run("scripts/staff.js", ["invite", "ben@example.com", "front-desk"], {
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: "https://maisonivy.example",
  });
  expect(onPublicUrl.code).toBe(0);
  expect(onPublicUrl.stdout).toMatch(/\nhttps:\/\/maisonivy\.example\/staff\/sign-in\/link\/\S+\n/);

  const bad = await run("scripts/staff.js", ["invite", "cy@example.com", "owner"], {
    DATA_DIR: dataDir,
    PORT: "not-a-port",
  });
  expect(bad.code).toBe(1);
  expect(lines(bad.stderr)).toEqual([
    'The staff command failed: PORT="not-a-port" is not valid: expected a number (docs/settings.md lists every setting).',
  ]);
});

test("while the site runs on the embedded database, the staff and outbox commands work and a second site says so", async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  const env = { DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1" };
  const site: ChildProcess = spawn(process.execPath, ["scripts/start.js"], {
    env: { ...process.env, BUILD_DIR, DATABASE_URL: "", LOG_LEVEL: "warn", ...env },
    stdio: "ignore",
  });
  try {
    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.status, {
        timeout: 90_000,
      })
      .toBe(200);
    // The README's promise: staff are invited from a terminal while the site runs, on the running site's database.
    const invited = await run("scripts/staff.js", ["invite", "dee@example.com", "front-desk", "Dee"], env);
    expect(invited.stderr).toBe("");
    expect(invited.code).toBe(0);
    const link = invited.stdout.match(/(http:\/\/\S+\/staff\/sign-in\/link\/\S+)\n/)?.[1];
    expect(link).toBeDefined();
    const signIn = await fetch(`http://127.0.0.1:${port}${new URL(link as string).pathname}`);
    expect(signIn.status).toBe(200);
    expect(await signIn.text()).toContain("Dee");
    const outbox = await run("scripts/outbox.js", ["list"], env);
    expect(outbox.stderr).toBe("");
    expect(outbox.code).toBe(0);

    const second = await run("scripts/start.js", [], { ...env, PORT: String(await freePort()) });
    expect(second.code).toBe(1);
    expect(lines(second.stderr)).toHaveLength(1);
    expect(second.stderr).toMatch(/Another process is already using the data folder /);
  } finally {
    const exited = new Promise((resolve) => site.once("exit", resolve));
    site.kill("SIGTERM");
    await exited;
  }
});
