/**
 * Real parts the integration suite starts around the built site: Debian's
 * PgBouncer configured as deploy/pgbouncer.ini is, and Caddy running
 * deploy/group/Caddyfile.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort, until } from "../faults/harness";

export interface Bouncer {
  port: number;
  lines: string[];
  stop(): Promise<void>;
}

/**
 * deploy/pgbouncer.ini with this machine's addresses: the one database entry
 * pointed at the test's database, and a port, user list and socket folder of
 * the test's own. Every other line is the example's.
 */
function localConfig(example: string, database: URL, port: number, folder: string): string {
  const overrides: Record<string, string> = {
    listen_addr: "127.0.0.1",
    listen_port: String(port),
    auth_file: path.join(folder, "userlist.txt"),
    unix_socket_dir: folder,
  };
  const lines: string[] = [];
  let section = "";
  for (const line of example.split("\n")) {
    const header = /^\[(\w+)\]/.exec(line);
    if (header) {
      section = header[1] ?? "";
      lines.push(line);
      if (section === "databases") {
        const name = database.pathname.slice(1);
        lines.push(`${name} = host=${database.hostname} port=${database.port || "5432"} dbname=${name}`);
      }
      continue;
    }
    const key = /^(\w+)\s*=/.exec(line)?.[1];
    if (key && section === "databases") continue;
    if (key && key in overrides) continue;
    lines.push(line);
  }
  lines.push(...Object.entries(overrides).map(([key, value]) => `${key} = ${value}`));
  return `${lines.join("\n")}\n`;
}

/**
 * PgBouncer in transaction mode, in the foreground on a free port, with
 * deploy/pgbouncer.ini aimed at `database`; resolves once a query goes
 * through it. `lines`: what it logged (a client's login shows there).
 */
export async function startBouncer(database: URL): Promise<Bouncer> {
  const folder = await mkdtemp(path.join(tmpdir(), "salon-pgbouncer-"));
  const port = await freePort();
  const example = await readFile("deploy/pgbouncer.ini", "utf8");
  const user = decodeURIComponent(database.username);
  const password = decodeURIComponent(database.password);
  await writeFile(path.join(folder, "pgbouncer.ini"), localConfig(example, database, port, folder));
  await writeFile(path.join(folder, "userlist.txt"), `"${user}" "${password}"\n`);
  // PgBouncer will not run as root: as root (CI) it becomes postgres, who reads the folder and puts its socket there.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await chmod(folder, 0o777);
  const child: ChildProcess = spawn(
    "/usr/sbin/pgbouncer",
    [...(asRoot ? ["-u", "postgres"] : []), path.join(folder, "pgbouncer.ini")],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  const lines: string[] = [];
  for (const stream of [child.stdout, child.stderr])
    stream?.on("data", (chunk: Buffer) => lines.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await until(async () => {
    if (child.exitCode !== null) throw new Error(`PgBouncer exited:\n${lines.join("")}`);
    const probe = new pg.Client({ connectionString: via(database, port) });
    probe.on("error", () => {});
    try {
      await probe.connect();
      await probe.query("select 1");
      return true;
    } catch {
      return false;
    } finally {
      await probe.end().catch(() => {});
    }
  }, "PgBouncer to accept connections");
  return {
    port,
    lines,
    async stop() {
      if (child.exitCode === null) child.kill("SIGINT");
      await exited;
      await rm(folder, { recursive: true, force: true });
    },
  };
}

function via(database: URL, port: number): string {
  const pooled = new URL(database.href);
  pooled.hostname = "127.0.0.1";
  pooled.port = String(port);
  return pooled.href;
}

export interface Caddy {
  url: string;
  lines: string[];
  stop(): Promise<void>;
}

/**
 * Caddy (Debian's) running deploy/group/Caddyfile in the foreground, on
 * `http://127.0.0.1:{free port}` (plain HTTP, so no certificate), spreading
 * requests over `upstreams` ("host:port" each), with its admin endpoint on
 * a free port and its data and configuration folders in a temporary one, so
 * it writes nothing elsewhere. Resolves once `readyPath` answers 200 through it.
 */
export async function startCaddy(upstreams: string[], readyPath = "/"): Promise<Caddy> {
  const folder = await mkdtemp(path.join(tmpdir(), "salon-caddy-"));
  const [port, adminPort] = [await freePort(), await freePort()];
  const child: ChildProcess = spawn(
    "/usr/bin/caddy",
    ["run", "--adapter", "caddyfile", "--config", "deploy/group/Caddyfile"],
    {
      env: {
        PATH: process.env.PATH ?? "",
        HOME: folder,
        XDG_DATA_HOME: path.join(folder, "data"),
        XDG_CONFIG_HOME: path.join(folder, "config"),
        SITE_ADDRESS: `http://127.0.0.1:${port}`,
        WEB_UPSTREAMS: upstreams.join(" "),
        CADDY_ADMIN: `127.0.0.1:${adminPort}`,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const lines: string[] = [];
  for (const stream of [child.stdout, child.stderr])
    stream?.on("data", (chunk: Buffer) => lines.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  await until(async () => {
    if (child.exitCode !== null) throw new Error(`Caddy exited:\n${lines.join("")}`);
    try {
      return (await fetch(`${url}${readyPath}`)).status === 200;
    } catch {
      return false;
    }
  }, "Caddy to answer");
  return {
    url,
    lines,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
      await rm(folder, { recursive: true, force: true });
    },
  };
}
