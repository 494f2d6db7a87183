/**
 * The deploy/ files docs/deploy.md tells an operator to install: checked by the tools that will read them,
 * systemd's own verifier for the unit and Caddy's for the Caddyfile (both Debian packages, in .ci/run).
 */
import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const folders: string[] = [];
afterAll(async () => {
  for (const dir of folders) await rm(dir, { recursive: true, force: true });
});

const root = path.resolve(import.meta.dirname, "..");
const unitFile = path.join(root, "deploy", "maison-ivy.service");
const caddyFile = path.join(root, "deploy", "Caddyfile");

async function tempDir(prefix: string) {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  folders.push(dir);
  return dir;
}

/** The unit as installed, with this machine's node in ExecStart (systemd checks that the program exists). */
async function unitCopy(change: (text: string) => string = (t) => t): Promise<string> {
  const text = (await readFile(unitFile, "utf8")).replace("/usr/bin/node", process.execPath);
  const file = path.join(await tempDir("salon-unit-"), "maison-ivy.service");
  await writeFile(file, change(text));
  return file;
}

function verify(file: string) {
  const result = spawnSync("systemd-analyze", ["verify", file], { encoding: "utf8" });
  // systemd only warns about a directive it cannot parse, and still exits 0: any output is a fault.
  return { status: result.status, output: `${result.stdout}${result.stderr}`.trim() };
}

describe("deploy/maison-ivy.service", () => {
  it("passes systemd-analyze verify without a word", async () => {
    expect(verify(await unitCopy())).toEqual({ status: 0, output: "" });
  });

  it("restarts on failure, runs as its own user, keeps DATA_DIR on persistent disk and trusts only the local proxy", async () => {
    const text = await readFile(unitFile, "utf8");
    expect(text).toMatch(/^Restart=on-failure$/m);
    expect(text).toMatch(/^User=maison-ivy$/m);
    expect(text).toMatch(/^StateDirectory=maison-ivy$/m);
    expect(text).toMatch(/^Environment=DATA_DIR=\/var\/lib\/maison-ivy$/m);
    expect(text).toMatch(/^Environment=TRUST_PROXY=loopback$/m);
    expect(text).toMatch(/^EnvironmentFile=\/etc\/maison-ivy\/env$/m);
  });

  it("would be caught with a mistake in it", async () => {
    const broken = verify(await unitCopy((t) => t.replace("Restart=on-failure", "Restart=sometimes")));
    expect(broken.output).toContain("sometimes");
  });
});

describe("deploy/Caddyfile", () => {
  const validate = (file: string) =>
    spawnSync("caddy", ["validate", "--config", file, "--adapter", "caddyfile"], { encoding: "utf8" });

  it("passes caddy validate and proxies to the site on the loopback", async () => {
    const result = validate(caddyFile);
    expect(result.status, result.stderr).toBe(0);
    expect(await readFile(caddyFile, "utf8")).toMatch(/reverse_proxy 127\.0\.0\.1:3000/);
  });

  it("would be caught with a mistake in it", async () => {
    const file = path.join(await tempDir("salon-caddy-"), "Caddyfile");
    await writeFile(file, (await readFile(caddyFile, "utf8")).replace("reverse_proxy", "reverse_proxi"));
    expect(validate(file).status).not.toBe(0);
  });
});
