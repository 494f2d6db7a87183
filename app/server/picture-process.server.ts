/**
 * Runs uploads' image work in a few long-lived processes of their own
 * (./picture-process.cjs says why a process): one fewer than the machine
 * has cores (workerCount), each working on one upload at a time. Uploads
 * beyond them wait in a short queue; past that the site answers that it is
 * busy, so a burst of uploads can neither take all the memory nor queue for
 * minutes. A worker idle for a while, done with many uploads, or done with a
 * HEIC (whose decoder never gives its memory back), is ended:
 * its memory goes back to the machine.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { availableParallelism, setPriority } from "node:os";
import { PICTURE_FORMATS, type PictureFormat, variantWidths } from "~/domain/pictures";
import { config } from "./config.server";
import { log } from "./log.server";
import source from "./picture-process.cjs?raw";

/** A picture to decode: the file an upload was written to (read by the worker itself), or bytes held here. */
export type PictureSource = { path: string } | { bytes: Buffer };

export type PictureRefusal = "not-picture" | "damaged" | "too-many-pixels" | "too-much-memory" | "busy";

interface Processed {
  width: number;
  height: number;
  widths: number[];
  /** Upright, no metadata, at most `masterWidth` on its longer side: JPEG. */
  master: Buffer;
  variants: { width: number; format: PictureFormat; bytes: Buffer }[];
}

type Result = { ok: true; made: Processed } | { ok: false; reason: PictureRefusal };

interface Limits {
  /** The most pixels a picture may have, checked before decoding; larger ones are made smaller, up to this. */
  maxPixels: number;
  /** What a HEIC's pixels may take decoded (4 bytes each): its decoder holds them all at once. */
  maxHeicBytes: number;
  masterWidth: number;
}

/** Longer than any phone photo takes on a busy core; past it the picture is one that cannot be read. */
const TIME_LIMIT_MS = 120_000;
/** Workers at most, whatever the cores: each holds a decoded photo while it works. */
const MAX_WORKERS = 4;
/** Uploads that may wait for a worker; one more is told the site is busy. */
const MAX_WAITING = 8;
/**
 * A worker with nothing to do for this long ends. Uploads waiting in the queue go to it without a pause, so this
 * only keeps it for one that arrives a moment after: a manager's next photo comes after a form is filled, well
 * past any wait worth its memory, and starting a worker (Node and sharp) costs a fifth of a second against the
 * seconds of an upload (decision 130).
 */
const IDLE_MS = 1_000;
/** A worker ends after this many uploads, so memory its allocator keeps cannot grow without bound. */
const JOBS_PER_WORKER = 50;

/** How much lower than the site the workers run (nice, 0 to 19). */
const WORKER_NICENESS = 10;

/**
 * Picture workers at once: one core is left for pages and saves in a process that serves them (ROLE both),
 * so on two cores one photo is worked on at a time and a burst of uploads waits its turn (decision 126); a
 * process that only runs background work (ROLE=worker) uses every core. At least one, at most MAX_WORKERS.
 */
export const workerCount = (servesPages: boolean = config().ROLE !== "worker") =>
  Math.max(1, Math.min(availableParallelism() - (servesPages ? 1 : 0), MAX_WORKERS));

let paths: { sharp: string; heicDecode: string } | undefined;

/** A Uint8Array come through the IPC channel, as the Buffer the rest of the site expects. */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

interface Worker {
  child: ChildProcess;
  jobs: number;
  /**
   * It has decoded a HEIC: the decoder's WebAssembly memory (20 MB and more after one iPhone photo) never
   * shrinks, so the worker ends when that upload is done rather than carry it into the next.
   */
  decodedHeic?: boolean;
  idle?: NodeJS.Timeout;
  /** Where the worker's messages go while it works on an upload. */
  onMessage?: (message: Record<string, unknown>) => void;
  onGone?: () => void;
}

const workers = new Set<Worker>();
const free: Worker[] = [];
const queue: { job: Parameters<typeof runOn>[1]; resolve: (result: Result) => void }[] = [];
/**
 * The staff console's build carries a copy of this module of its own, with a pool of its own: uploads from the
 * console and from the public forms at once would then run twice the workers the cores allow. The HTTP app
 * hands the console's copy the public copy's `processPicture` (http/app.ts), so one process has one pool.
 */
let joined: typeof processPicture | null = null;

function startWorker(): Worker {
  if (!paths) {
    const resolve = createRequire(import.meta.url).resolve;
    paths = { sharp: resolve("sharp"), heicDecode: resolve("heic-decode") };
  }
  const child = spawn(process.execPath, ["--expose-gc", "-e", source], {
    stdio: ["ignore", "ignore", "pipe", "ipc"],
    serialization: "advanced",
    // It reads files anyone with a staff account can send: it is given none of the site's settings and secrets.
    // Two allocator arenas rather than one per thread that ever allocated: the encoders' threads each kept
    // their own, which doubled what a worker held.
    // Blocks of 128 kB and more mapped on their own and given back when freed: left to itself, the allocator
    // raises that threshold to the largest block freed so far, a decoded photo's buffers then stay in its pools,
    // and a worker kept between uploads held what its largest upload took.
    env: {
      MALLOC_ARENA_MAX: "2",
      MALLOC_MMAP_THRESHOLD_: "131072",
      ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
    },
  });
  const worker: Worker = { child, jobs: 0 };
  // Below the site in the scheduler's eyes: while photos are worked on, pages and saves still come first.
  if (child.pid !== undefined) {
    try {
      setPriority(child.pid, WORKER_NICENESS);
    } catch {
      /* not allowed here: the worker runs at the site's priority */
    }
  }
  let complaint = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    complaint = (complaint + chunk.toString()).slice(-2000);
  });
  child.on("message", (message: Record<string, unknown>) => worker.onMessage?.(message));
  child.on("error", (error) => {
    log.error({ err: error }, "a picture worker could not start");
    retire(worker);
  });
  child.on("exit", (code, signal) => {
    if (worker.onGone) log.warn({ code, signal, complaint }, "a picture worker ended without an answer");
    retire(worker);
  });
  // The site may stop while a worker waits for work: the worker does not keep it running.
  child.unref();
  child.channel?.unref();
  workers.add(worker);
  return worker;
}

/** Ends a worker (if it is still running) and takes it out of the pool; an upload it was on is answered. */
function retire(worker: Worker): void {
  if (!workers.delete(worker)) return;
  clearTimeout(worker.idle);
  const at = free.indexOf(worker);
  if (at >= 0) free.splice(at, 1);
  if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill("SIGKILL");
  worker.onGone?.();
  next();
}

/** Hands the oldest waiting upload to a free worker, or a new one while there are fewer than the cores. */
function next(): void {
  while (queue.length > 0) {
    const worker = free.pop() ?? (workers.size < workerCount() ? startWorker() : undefined);
    if (!worker) return;
    const waiting = queue.shift();
    if (!waiting) return;
    clearTimeout(worker.idle);
    void runOn(worker, waiting.job).then(waiting.resolve);
  }
}

function done(worker: Worker): void {
  worker.onMessage = undefined;
  worker.onGone = undefined;
  if (!workers.has(worker)) return;
  if (worker.jobs >= JOBS_PER_WORKER || worker.decodedHeic) {
    retire(worker);
    return;
  }
  free.push(worker);
  worker.idle = setTimeout(() => retire(worker), IDLE_MS);
  worker.idle.unref();
  next();
}

/** One upload on one worker: the two steps of the conversation, the time limit, and a worker that dies. */
function runOn(
  worker: Worker,
  job: { source: PictureSource; format: "jpeg" | "png" | "webp" | "heic"; limits: Limits },
): Promise<Result> {
  worker.jobs += 1;
  if (job.format === "heic") worker.decodedHeic = true;
  return new Promise((resolve) => {
    let size: { width: number; height: number; widths: number[] } | undefined;
    let settled = false;
    const settle = (result: Result, healthy: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
      if (healthy) done(worker);
      else {
        worker.onGone = undefined;
        retire(worker);
      }
    };
    const timer = setTimeout(() => settle({ ok: false, reason: "damaged" }, false), TIME_LIMIT_MS);
    worker.onGone = () => settle({ ok: false, reason: "damaged" }, false);
    worker.onMessage = (message) => {
      if (typeof message.refused === "string")
        return settle({ ok: false, reason: message.refused as PictureRefusal }, true);
      if (!size) {
        const width = message.width as number;
        const height = message.height as number;
        size = { width, height, widths: variantWidths(width) };
        worker.child.send({ widths: size.widths, formats: PICTURE_FORMATS });
        return;
      }
      const variants = message.variants as { width: number; format: PictureFormat; bytes: Uint8Array }[];
      settle(
        {
          ok: true,
          made: {
            ...size,
            master: asBuffer(message.master as Uint8Array),
            variants: variants.map((v) => ({ ...v, bytes: asBuffer(v.bytes) })),
          },
        },
        true,
      );
    };
    worker.child.send({ ...paths, ...job.source, format: job.format, ...job.limits });
  });
}

/**
 * Checks that `source` decodes as the `format` its first bytes claim, within
 * `maxPixels` (and a HEIC within `maxHeicBytes`), and makes the master and every variant;
 * or answers "busy" at once when every worker is taken and the queue is full. A file
 * must stay where it is until the answer comes.
 */
export function processPicture(
  source: PictureSource,
  format: "jpeg" | "png" | "webp" | "heic",
  limits: Limits,
): Promise<Result> {
  if (joined) return joined(source, format, limits);
  if (queue.length >= MAX_WAITING) return Promise.resolve({ ok: false, reason: "busy" });
  return new Promise((resolve) => {
    queue.push({ job: { source, format, limits }, resolve });
    next();
  });
}

/** Sends this copy's pictures to `pool` (another copy's `processPicture`) from now on: its workers, its queue. */
export function joinPicturePool(pool: typeof processPicture): void {
  if (pool !== processPicture) joined = pool;
}
