/**
 * A copy of each backup, and its checksum file, in S3-compatible storage
 * (../object-storage.server.ts); and fetching one back for a restore
 * (`npm run restore -- s3://…`).
 */
import { createReadStream, createWriteStream } from "node:fs";
import { stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Config } from "../config.server";
import { s3, s3Client } from "../object-storage.server";

export type RemoteSettings = Pick<
  Config,
  "BACKUP_S3_BUCKET" | "BACKUP_S3_PREFIX" | "BACKUP_S3_ENDPOINT" | "BACKUP_S3_REGION"
>;

const clientFor = (settings: RemoteSettings) =>
  s3Client({ endpoint: settings.BACKUP_S3_ENDPOINT, region: settings.BACKUP_S3_REGION });

/** Uploads the backup and its checksum file; returns where the copy is (s3://bucket/key). */
async function copyToRemote(settings: RemoteSettings, file: string): Promise<string> {
  const bucket = settings.BACKUP_S3_BUCKET;
  if (!bucket) throw new Error("No bucket set (BACKUP_S3_BUCKET)");
  const key = `${settings.BACKUP_S3_PREFIX}${path.basename(file)}`;
  const { PutObjectCommand } = await s3();
  const client = await clientFor(settings);
  try {
    await client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: key,
        Body: createReadStream(file),
        ContentLength: (await stat(file)).size,
        ContentType: "application/octet-stream",
      }),
    );
    const checksum = await createReadStream(`${file}.sha256`).toArray();
    await client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: `${key}.sha256`,
        Body: Buffer.concat(checksum),
        ContentType: "text/plain",
      }),
    );
    return `s3://${bucket}/${key}`;
  } finally {
    client.destroy();
  }
}

/** The copy, when a bucket is set: its address, or an error saying the copy failed. Null without a bucket. */
export async function copyRemote(settings: RemoteSettings, file: string): Promise<string | null> {
  if (!settings.BACKUP_S3_BUCKET) return null;
  try {
    return await copyToRemote(settings, file);
  } catch (error) {
    const reason = error instanceof Error ? error.message || error.name : String(error);
    throw new Error(
      `The backup was written, but copying it to the bucket ${settings.BACKUP_S3_BUCKET} failed: ${reason}`,
    );
  }
}

/** Downloads s3://bucket/key (and its checksum file, when there is one) into `dir`; returns the local file. */
export async function fetchFromRemote(settings: RemoteSettings, address: string, dir: string): Promise<string> {
  const match = /^s3:\/\/([^/]+)\/(.+)$/.exec(address);
  if (!match) throw new Error(`Not an s3://bucket/key address: ${address}`);
  const [, bucket, key] = match as unknown as [string, string, string];
  const { GetObjectCommand } = await s3();
  const client = await clientFor(settings);
  try {
    const file = path.join(dir, path.basename(key));
    const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    await pipeline(object.Body as Readable, createWriteStream(file));
    const checksum = await client
      .send(new GetObjectCommand({ Bucket: bucket, Key: `${key}.sha256` }))
      .catch(() => null);
    if (checksum?.Body) await writeFile(`${file}.sha256`, await checksum.Body.transformToString());
    return file;
  } finally {
    client.destroy();
  }
}
