/**
 * Real parts the integration suite starts around the built site: Debian's
 * PgBouncer configured as deploy/pgbouncer.ini is.
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
