import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { count } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PICTURE_MESSAGES, storePicture } from "./pictures.server";
import { pictures } from "./schema.server";
import { type TestDatabase, testDatabases } from "./test-databases";

/**
 * This process and every process it started (the picture workers), by pid,
 * from /proc: spawning `ps` this often would hold up the process measured.
 */
function tree(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, "utf8")
        .split(" ")
        .map((word) => Number.parseInt(word, 10))
        .filter(Number.isInteger),
    );
  } catch {
    /* ended while being read */
  }
  return [pid, ...children.flatMap(tree)];
}

const rssMb = (pid: number) => {
  try {
    return Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
  } catch {
    return 0; // ended between the listing and the reading
  }
};

/**
 * A worker's share of memory (PSS): its own pages, and each page it shares
 * with the other workers and the site (Node and libvips, some 90 MB) divided
 * among them. Summing the workers' RSS would count those shared pages once
 * per worker, which no extra worker costs.
 */
const pssMb = (pid: number) => {
  try {
    return Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"))?.[1] ?? 0) / 1024;
  } catch {
    return 0; // ended between the listing and the reading
  }
};

/**
 * The highest resident memory, in MB, of this process (standing for the
 * site; RSS) and of its workers together (their shares, PSS), sampled every
 * 50 ms while `work` runs;
 * and what the workers already held when it began (workers stay up between
 * uploads, so an earlier test's may still be there).
 */
async function peakWhile<T>(
  work: () => Promise<T>,
): Promise<{ result: T; siteMb: number; workersMb: number; workersBeforeMb: number }> {
  let siteMb = 0;
  let workersMb = 0;
  const workersBeforeMb = tree(process.pid)
    .slice(1)
    .reduce((sum, pid) => sum + pssMb(pid), 0);
  const sample = () => {
    const [site, ...workers] = tree(process.pid);
    siteMb = Math.max(siteMb, rssMb(site as number));
    workersMb = Math.max(
      workersMb,
      workers.reduce((sum, pid) => sum + pssMb(pid), 0),
    );
  };
  const timer = setInterval(sample, 50);
  try {
    const result = await work();
    sample();
    return { result, siteMb, workersMb, workersBeforeMb };
  } finally {
    clearInterval(timer);
  }
}

/**
 * A 3-megapixel photo (2016 × 1512) with a photo's smooth detail, as a phone's JPEG: large enough that each
 * worker holds megabytes of pixels, small enough that sixteen stay quick on a shared machine.
 */
const photo = () =>
  sharp({
    create: {
      width: 504,
      height: 378,
      channels: 3,
      background: "#000000",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer()
    .then((small) => sharp(small).resize(2016, 1512).jpeg({ quality: 90 }).toBuffer());

describe.each(testDatabases)("photo uploads within a memory budget on %s", (_name, open) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("makes a 16-bit PNG that would take 180 MB decoded whole smaller as it reads it, within the budget", async () => {
    // 6000 × 5000, three channels of 16 bits: 180 MB of pixels in a file of a few hundred kB, turned by EXIF.
    const png16 = await sharp({ create: { width: 6000, height: 5000, channels: 3, background: "#8a6d3b" } })
      .toColourspace("rgb16")
      .png({ compressionLevel: 1 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(png16.length).toBeLessThan(2_000_000);
    expect((await sharp(png16).metadata()).depth).toBe("ushort");
    const { result, workersMb, workersBeforeMb } = await peakWhile(() =>
      storePicture(database.db, null, { bytes: png16, alt: "A brown square" }),
    );
    if (!result.ok) throw new Error(result.message);
    expect([result.picture.width, result.picture.height]).toEqual([2133, 2560]);
    // What it cost the workers (a fresh one is counted whole): far from the 180 MB decoding it whole would take.
    // (Measured: 81 MB above a worker's start on its own.)
    expect(workersMb - workersBeforeMb).toBeLessThan(150);
  }, 120_000);

  it("makes a 100-megapixel picture smaller, and refuses one past 100 megapixels unread", async () => {
    const at = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: "#6d8a3b" } })
        .jpeg()
        .toBuffer();
    const { result, workersMb, workersBeforeMb } = await peakWhile(async () =>
      storePicture(database.db, null, { bytes: await at(10_000, 10_000), alt: "A green square" }),
    );
    if (!result.ok) throw new Error(result.message);
    expect([result.picture.width, result.picture.height]).toEqual([2560, 2560]);
    expect(workersMb - workersBeforeMb).toBeLessThan(150);
    expect(await storePicture(database.db, null, { bytes: await at(10_001, 10_000), alt: "Too many" })).toEqual({
      ok: false,
      status: 400,
      field: "file",
      message: PICTURE_MESSAGES.tooManyPixels,
    });
  }, 120_000);

  it("works on sixteen uploads at once in parallel, within the memory budget, telling the rest to try again", async () => {
    const bytes = await photo();
    const before = (await database.db.select({ n: count() }).from(pictures))[0]?.n ?? 0;
    const { result, siteMb, workersMb } = await peakWhile(() =>
      Promise.all(Array.from({ length: 16 }, (_, i) => storePicture(database.db, null, { bytes, alt: `Photo ${i}` }))),
    );
    const saved = result.filter((r) => r.ok).length;
    const busy = result.filter((r) => !r.ok && r.status === 503 && r.message === PICTURE_MESSAGES.busy).length;
    expect(saved + busy).toBe(16);
    // Every worker busy and the queue full: the rest are told at once, nothing else goes wrong.
    const workers = Math.min(availableParallelism(), 4);
    expect(saved).toBe(workers + 8);
    expect((await database.db.select({ n: count() }).from(pictures))[0]?.n).toBe(before + saved);
    // Budgets: each worker holds one decoded photo and its encoders; the site holds the uploads' bytes and
    // what came back.
    // (Measured: about 59 MB a worker at its peak as its share (PSS). 83–102 MB before a worker collected its
    // heap after reading an upload and made the variants from pixels at the largest width served; 140–150 MB
    // before the master was written without optimised tables and the AVIF with its colour at half resolution.)
    expect(workersMb).toBeLessThan(workers * 72);
    expect(siteMb).toBeLessThan(500);
    // And the site goes on: another upload after the burst is worked on.
    const after = await storePicture(database.db, null, { bytes, alt: "One more" });
    expect(after.ok).toBe(true);
    // Workers stay up between uploads; what an upload took goes back when it is done. (Measured: 72–75 MB
    // as RSS a worker after the burst; 87–116 MB when it waited for V8 to collect its heap of its own accord,
    // 160–200 MB when the allocator kept its largest blocks in its pools.)
    for (const worker of tree(process.pid).slice(1)) expect(rssMb(worker)).toBeLessThan(88);
  }, 180_000);
});
