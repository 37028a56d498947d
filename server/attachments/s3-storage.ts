/**
 * Attachment bytes in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Garage) through
 * the AWS SDK v3: the browser uploads and downloads by presigned URLs, so the bytes never pass
 * through the app server. The bucket needs a CORS rule that lets the app's origin PUT and GET
 * (docs/operations.md, "Attachments").
 */
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  ListObjectsV2Command,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { S3Config } from "../config.ts";
import {
  DOWNLOAD_URL_SECONDS,
  UPLOAD_URL_SECONDS,
  uploadKeyPrefix,
  type AttachmentStorage,
  type UploadTarget,
} from "./storage.ts";

export class S3Storage implements AttachmentStorage {
  readonly kind = "s3";
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      credentials: config.credentials,
      // MinIO, Garage and most self-hosted stores have no per-bucket host names.
      forcePathStyle: config.forcePathStyle,
      // Checksums only where the API demands them: a presigned PUT from a browser cannot
      // compute one, and some S3-compatible stores refuse the newer checksum headers.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  async uploadTarget(key: string, file: { type: string; size: number }): Promise<UploadTarget> {
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ContentType: file.type,
      ContentLength: file.size,
    });
    // The type and the length are signed: a store that checks signatures takes only the file
    // the row describes (the browser sets Content-Length from the body itself).
    const url = await getSignedUrl(this.client, command, {
      expiresIn: UPLOAD_URL_SECONDS,
      signableHeaders: new Set(["content-type", "content-length"]),
    });
    return { url, method: "PUT", headers: { "content-type": file.type } };
  }

  async downloadUrl(key: string, how: { type: string; disposition: string }) {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentType: how.type,
      ResponseContentDisposition: how.disposition,
    });
    // Signed as of the start of the minute: within it the same file has the same URL, which
    // the browser's cache then serves without asking again.
    const signingDate = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    return getSignedUrl(this.client, command, { expiresIn: DOWNLOAD_URL_SECONDS, signingDate });
  }

  async size(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength ?? null;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async head(key: string, length: number): Promise<Uint8Array> {
    const object = await this.client.send(
      new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=0-${length - 1}` }),
    );
    const bytes = (await object.Body?.transformToByteArray()) ?? new Uint8Array();
    return bytes.subarray(0, length);
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async move(from: string, to: string): Promise<void> {
    await this.client.send(
      new CopyObjectCommand({ Bucket: this.bucket, Key: to, CopySource: `${this.bucket}/${from}` }),
    );
    await this.delete(from);
  }

  async listUploads(): Promise<{ key: string; writtenAt: Date }[]> {
    const found: { key: string; writtenAt: Date }[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: uploadKeyPrefix,
          ContinuationToken: token,
        }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key && object.LastModified) {
          found.push({ key: object.Key, writtenAt: object.LastModified });
        }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found;
  }
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === "NotFound" ||
      error.name === "NoSuchKey" ||
      error.$metadata.httpStatusCode === 404)
  );
}
