/**
 * S3-compatible object storage (AWS or any provider with an endpoint URL),
 * through the AWS SDK's S3 client: where backups are copied and, when a
 * bucket is set for them, where uploaded pictures live. Credentials come
 * from the SDK's usual sources (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY).
 */
import type { S3Client } from "@aws-sdk/client-s3";

/** How to reach a storage: its endpoint URL when it is not AWS (unset for AWS), and its region. */
interface StorageAddress {
  endpoint?: string;
  region: string;
}

/**
 * The AWS SDK, loaded when a bucket is first used: it is a good share of
 * what the site loads, and most sites set no bucket, so loading it with the
 * rest would lengthen every start for nothing.
 */
export const s3 = () => import("@aws-sdk/client-s3");

/** A client for `settings`' storage; the caller destroys it when done. */
export async function s3Client(settings: StorageAddress): Promise<S3Client> {
  const { S3Client } = await s3();
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    // Most other providers address buckets by path, not by host name.
    forcePathStyle: Boolean(settings.endpoint),
    // Checksums only where S3 requires them: not every provider understands the newer trailing ones.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
  });
}
