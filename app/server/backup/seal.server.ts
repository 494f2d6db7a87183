/**
 * The seal around a backup's gzip stream (decision 104): encrypted with
 * AES-256-GCM when BACKUP_KEY is set, and always closed by a keyed tag
 * (HMAC-SHA256) over every byte before it, so a file changed by anyone
 * without the key is refused, checksum or not.
 *
 * Layout of a sealed file (format 2):
 *   one JSON line: format, version, which key, cipher, salt and IV, a key check
 *   the gzip stream, encrypted when `cipher` is set
 *   the cipher's 16-byte authentication tag, when encrypted
 *   32 bytes: HMAC-SHA256 over everything above, under the tag key
 *
 * Keys: BACKUP_KEY (any length; stretched with scrypt and a salt of the
 * file's own) when set; else 32 random bytes the site keeps in
 * DATA_DIR/backup.key, made by its first backup, which keys the tag only.
 * Subkeys for the cipher, the tag and the key check are drawn from either
 * with HKDF, so no key does two jobs. A file of format 1 (before the seal, a
 * bare gzip stream) still opens when told `unverified`, marked as unchecked.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  scrypt,
  timingSafeEqual,
} from "node:crypto";
import { createReadStream } from "node:fs";
import { open, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { Transform } from "node:stream";
import type { Config } from "../config.server";

/** A backup file that is cut short, damaged, changed, not a backup at all, or not openable with the keys here. */
export class BadArchiveError extends Error {}

/** The settings that seal and open backups. */
export type KeySettings = Pick<Config, "BACKUP_KEY" | "dataDir">;

const FORMAT = "maison-ivy-backup-sealed";
const VERSION = 2;
const TAG_BYTES = 32;
const GCM_TAG_BYTES = 16;
/** The header line is small; reading this much finds its end. */
const HEADER_MAX = 4096;
/** scrypt's cost for BACKUP_KEY: about 32 MB and a tenth of a second, once per backup written or opened. */
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

interface SealHeader {
  format: typeof FORMAT;
  version: number;
  /** Which key made the tag (and, for BACKUP_KEY, the cipher's key). */
  key: "BACKUP_KEY" | "site";
  cipher: "aes-256-gcm" | null;
  salt: string;
  iv: string | null;
  /** 8 bytes drawn from the key: tells "a different key" from "a changed file". */
  check: string;
}

/** How a backup was sealed, as read from its file. */
export type Seal = "encrypted" | "tagged" | "unchecked";

/** Where the site keeps the key that tags backups when BACKUP_KEY is not set. */
export const siteKeyFile = (dataDir: string) => path.join(dataDir, "backup.key");

async function readSiteKey(dataDir: string): Promise<Buffer | null> {
  const text = await readFile(siteKeyFile(dataDir), "utf8").catch(() => null);
  return text === null ? null : Buffer.from(text.trim(), "hex");
}

/** The site's own tag key, made on first use (only the site's user may read it). */
async function siteKey(dataDir: string): Promise<Buffer> {
  const existing = await readSiteKey(dataDir);
  if (existing) return existing;
  try {
    await writeFile(siteKeyFile(dataDir), `${randomBytes(32).toString("hex")}\n`, { flag: "wx", mode: 0o600 });
  } catch (error) {
    // Another process made it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return (await readSiteKey(dataDir)) as Buffer;
}

interface Subkeys {
  cipher: Buffer;
  tag: Buffer;
  check: string;
}

/**
 * The stretched keys of the last few files opened: a restore opens its file three times (checked, read
 * through, restored), and scrypt is slow on purpose. Keyed by a hash of the key and the file's salt.
 */
const stretched = new Map<string, Buffer>();

async function stretch(secret: Buffer, salt: Buffer): Promise<Buffer> {
  const id = createHash("sha256").update(secret).update(salt).digest("hex");
  const known = stretched.get(id);
  if (known) return known;
  const key = await new Promise<Buffer>((resolve, reject) =>
    scrypt(secret, salt, 32, SCRYPT, (error, derived) => (error ? reject(error) : resolve(derived))),
  );
  if (stretched.size >= 8) stretched.delete(stretched.keys().next().value as string);
  stretched.set(id, key);
  return key;
}

async function subkeys(secret: Buffer, header: Pick<SealHeader, "key" | "salt">): Promise<Subkeys> {
  const salt = Buffer.from(header.salt, "base64");
  const master = header.key === "BACKUP_KEY" ? await stretch(secret, salt) : secret;
  const draw = (purpose: string, bytes: number) =>
    Buffer.from(hkdfSync("sha256", master, salt, `maison-ivy backup ${purpose}`, bytes));
  return { cipher: draw("cipher", 32), tag: draw("tag", 32), check: draw("check", 8).toString("hex") };
}

/**
 * The stages a backup's gzip stream passes through on its way to the file: the header line, the cipher when
 * BACKUP_KEY is set, and the closing tags. `encrypted` says whether secrets may go in the file.
 */
export async function sealingStages(keys: KeySettings): Promise<{ stages: Transform[]; encrypted: boolean }> {
  const encrypted = Boolean(keys.BACKUP_KEY);
  const secret = encrypted ? Buffer.from(keys.BACKUP_KEY as string, "utf8") : await siteKey(keys.dataDir);
  const salt = randomBytes(16).toString("base64");
  const iv = encrypted ? randomBytes(12) : null;
  const key = encrypted ? "BACKUP_KEY" : "site";
  const derived = await subkeys(secret, { key, salt });
  const header: SealHeader = {
    format: FORMAT,
    version: VERSION,
    key,
    cipher: encrypted ? "aes-256-gcm" : null,
    salt,
    iv: iv?.toString("base64") ?? null,
    check: derived.check,
  };
  const cipher = iv ? createCipheriv("aes-256-gcm", derived.cipher, iv) : null;
  const hmac = createHmac("sha256", derived.tag);
  const preamble = Buffer.from(`${JSON.stringify(header)}\n`);
  hmac.update(preamble);
  let started = false;
  const tagger = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (!started) {
        started = true;
        this.push(preamble);
      }
      hmac.update(chunk);
      done(null, chunk);
    },
    flush(done) {
      if (!started) this.push(preamble);
      if (cipher) {
        const gcmTag = cipher.getAuthTag();
        hmac.update(gcmTag);
        this.push(gcmTag);
      }
      done(null, hmac.digest());
    },
  });
  return { stages: cipher ? [cipher, tagger] : [tagger], encrypted };
}

async function readHeader(file: string): Promise<{ header: SealHeader; length: number } | null> {
  const handle = await open(file, "r");
  try {
    const buffer = Buffer.alloc(HEADER_MAX);
    const { bytesRead } = await handle.read(buffer, 0, HEADER_MAX, 0);
    const start = buffer.subarray(0, bytesRead);
    // Format 1 is a bare gzip stream.
    if (start[0] === 0x1f && start[1] === 0x8b) return null;
    const end = start.indexOf(10);
    let header: Partial<SealHeader> | undefined;
    try {
      header = end > 0 ? (JSON.parse(start.subarray(0, end).toString("utf8")) as Partial<SealHeader>) : undefined;
    } catch {
      header = undefined;
    }
    if (header?.format !== FORMAT)
      throw new BadArchiveError(`${file} is not a Maison Ivy backup (npm run backup writes them).`);
    if (header.version !== VERSION)
      throw new BadArchiveError(
        `${file} is a backup of format ${String(header.version)}, which this release cannot read.`,
      );
    return { header: header as SealHeader, length: end + 1 };
  } finally {
    await handle.close();
  }
}

/** The keys a sealed file needs, or a one-line reason they are not here. */
async function keysFor(file: string, header: SealHeader, keys: KeySettings, unverified: boolean) {
  if (header.key === "BACKUP_KEY") {
    if (!keys.BACKUP_KEY)
      throw new BadArchiveError(`${file} is encrypted: set BACKUP_KEY to the key it was made with, then try again.`);
    const derived = await subkeys(Buffer.from(keys.BACKUP_KEY, "utf8"), header);
    if (derived.check !== header.check)
      throw new BadArchiveError(`${file} was made with a different BACKUP_KEY: set the key it was made with.`);
    return derived;
  }
  const secret = await readSiteKey(keys.dataDir);
  if (!secret) {
    if (unverified) return null;
    throw new BadArchiveError(
      `${file} is checked with the key the site that made it keeps in ${siteKeyFile("DATA_DIR")}, which ${siteKeyFile(keys.dataDir)} is not: copy that file here, or add --unverified to restore it unchecked.`,
    );
  }
  const derived = await subkeys(secret, header);
  if (derived.check !== header.check)
    throw new BadArchiveError(
      `${file} was tagged with another site's key (its DATA_DIR/backup.key): copy that file here, or add --unverified to restore it unchecked.`,
    );
  return derived;
}

async function tagMatches(file: string, size: number, key: Buffer): Promise<boolean> {
  const hmac = createHmac("sha256", key);
  for await (const chunk of createReadStream(file, { start: 0, end: size - TAG_BYTES - 1 }))
    hmac.update(chunk as Buffer);
  const handle = await open(file, "r");
  try {
    const stored = Buffer.alloc(TAG_BYTES);
    await handle.read(stored, 0, TAG_BYTES, size - TAG_BYTES);
    return timingSafeEqual(stored, hmac.digest());
  } finally {
    await handle.close();
  }
}

async function readAt(file: string, position: number, length: number): Promise<Buffer> {
  const handle = await open(file, "r");
  try {
    const buffer = Buffer.alloc(length);
    await handle.read(buffer, 0, length, position);
    return buffer;
  } finally {
    await handle.close();
  }
}

/**
 * The backup's gzip stream, once its tag has been checked (a first pass over the file's bytes) and, for an
 * encrypted one, decrypted as it is read (the cipher's own tag is checked at its end). Throws a
 * BadArchiveError naming the file and the reason in one line. `unverified` opens, unchecked, a file of
 * format 1 or one tagged by a site key that is not here; a tag that does not match is refused whatever.
 */
export async function openSealed(
  file: string,
  keys: KeySettings,
  options: { unverified?: boolean } = {},
): Promise<{ stream: Readable; seal: Seal }> {
  const found = await readHeader(file);
  if (!found) {
    // Else anyone could change a new backup and pass it off as an old one, whose contents nothing vouches for.
    if (!options.unverified)
      throw new BadArchiveError(
        `${file} was made before backups were tagged, so nothing shows it is unchanged: add --unverified to restore it anyway.`,
      );
    return { stream: createReadStream(file), seal: "unchecked" };
  }
  const { header, length } = found;
  const derived = await keysFor(file, header, keys, options.unverified ?? false);
  const { size } = await stat(file);
  const trailer = TAG_BYTES + (header.cipher ? GCM_TAG_BYTES : 0);
  if (size < length + trailer) throw new BadArchiveError(`${file} is cut short: it ends before its tag.`);
  if (derived && !(await tagMatches(file, size, derived.tag)))
    throw new BadArchiveError(
      `${file} does not match its tag: it was changed or damaged after it was written. It was not restored.`,
    );
  const body = createReadStream(file, { start: length, end: size - trailer - 1 });
  if (!header.cipher) return { stream: body, seal: derived ? "tagged" : "unchecked" };
  if (!derived) throw new BadArchiveError(`${file} is encrypted and cannot be opened without its key.`);
  const decipher = createDecipheriv("aes-256-gcm", derived.cipher, Buffer.from(header.iv ?? "", "base64"));
  decipher.setAuthTag(await readAt(file, size - trailer, GCM_TAG_BYTES));
  body.on("error", (error) => decipher.destroy(error));
  return { stream: body.pipe(decipher), seal: "encrypted" };
}
