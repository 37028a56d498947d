/**
 * Attachment bytes on local disk, under DATA_DIR/attachments (the default: `npm start` needs
 * nothing else). The app serves them itself, at URLs it signs with its secret (HMAC-SHA256)
 * the way S3 presigns: `PUT|GET /api/storage/{key}?…&expires=…&signature=…`, valid for minutes.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open, readdir, rename, rm, rmdir, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { Transform, type Readable } from "node:stream";
import {
  DOWNLOAD_URL_SECONDS,
  UPLOAD_URL_SECONDS,
  uploadKeyPrefix,
  type AttachmentStorage,
  type UploadTarget,
} from "./storage.ts";

const KEY_PATTERN =
  /^(?:attachments\/[A-Za-z0-9_-]{1,64}|uploads\/[A-Za-z0-9_-]{1,64}\/[A-Za-z0-9_-]{1,64})$/;

type SignedParams = Record<string, string>;

export class LocalStorage implements AttachmentStorage {
  readonly kind = "local";
  private readonly root: string;

  constructor(
    dataDir: string,
    private readonly secret: string,
    private readonly now: () => number = Date.now,
  ) {
    this.root = path.join(dataDir, "storage");
  }

  async uploadTarget(key: string, file: { type: string; size: number }): Promise<UploadTarget> {
    const params = { type: file.type, size: String(file.size) };
    return {
      url: this.signedUrl("PUT", key, params, UPLOAD_URL_SECONDS),
      method: "PUT",
      headers: { "content-type": file.type },
    };
  }

  async downloadUrl(key: string, how: { type: string; disposition: string }) {
    // Expiry rounded up to the minute: within it, the same file has the same URL, which the
    // browser's cache then serves without asking again.
    return this.signedUrl("GET", key, how, DOWNLOAD_URL_SECONDS, 60);
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await stat(this.file(key))).size;
    } catch {
      return null;
    }
  }

  async head(key: string, length: number): Promise<Uint8Array> {
    const handle = await open(this.file(key), "r");
    try {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
    await this.dropUploadFolder(key);
  }

  async move(from: string, to: string): Promise<void> {
    const target = this.file(to);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(this.file(from), target);
    await this.dropUploadFolder(from);
  }

  /** An upload's folder (uploads/{id}/) once it holds nothing more. */
  private async dropUploadFolder(key: string) {
    if (!key.startsWith(uploadKeyPrefix)) return;
    await rmdir(path.dirname(this.file(key))).catch(() => undefined);
  }

  async listUploads(): Promise<{ key: string; writtenAt: Date }[]> {
    const uploads = path.join(this.root, uploadKeyPrefix);
    const files = await readdir(uploads, { recursive: true, withFileTypes: true }).catch(() => []);
    const found: { key: string; writtenAt: Date }[] = [];
    for (const file of files) {
      if (!file.isFile()) continue;
      const full = path.join(file.parentPath, file.name);
      const key = path.relative(this.root, full).split(path.sep).join("/");
      // A write still in progress (".part") is not an upload's bytes yet.
      if (!KEY_PATTERN.test(key)) continue;
      found.push({ key, writtenAt: (await stat(full)).mtime });
    }
    return found;
  }

  /**
   * The parameters of a signed URL for this method and key, or null when the signature is
   * wrong or has expired.
   */
  verify(method: "GET" | "PUT", key: string, query: Record<string, unknown>): SignedParams | null {
    const { signature, expires, ...rest } = query;
    if (typeof signature !== "string" || typeof expires !== "string") return null;
    if (!KEY_PATTERN.test(key) || !/^\d{1,13}$/.test(expires)) return null;
    const params: SignedParams = {};
    for (const [name, value] of Object.entries(rest)) {
      if (typeof value !== "string") return null;
      params[name] = value;
    }
    if (Number(expires) * 1000 < this.now()) return null;
    const expected = Buffer.from(this.sign(method, key, expires, params));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected) ? params : null;
  }

  /** Writes the body to the key, refusing more than `maxBytes` (the partial file is removed). */
  async write(key: string, body: Readable, maxBytes: number): Promise<number> {
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.${process.pid}.${Date.now()}.part`;
    let written = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        written += chunk.length;
        done(written > maxBytes ? new TooLarge() : null, chunk);
      },
    });
    try {
      await pipeline(body, counter, createWriteStream(partial, { flags: "wx" }));
      await rename(partial, target);
      return written;
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  read(key: string): Readable {
    return createReadStream(this.file(key));
  }

  private file(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new Error(`not a storage key: ${key}`);
    return path.join(this.root, key);
  }

  private signedUrl(
    method: "GET" | "PUT",
    key: string,
    params: SignedParams,
    seconds: number,
    roundTo = 1,
  ): string {
    const at = Math.ceil(this.now() / 1000 / roundTo) * roundTo;
    const expires = String(at + seconds);
    const query = new URLSearchParams({
      ...params,
      expires,
      signature: this.sign(method, key, expires, params),
    });
    return `/api/storage/${key}?${query}`;
  }

  private sign(method: string, key: string, expires: string, params: SignedParams): string {
    const canonical = [
      method,
      key,
      expires,
      ...Object.keys(params)
        .sort()
        .map((n) => `${n}=${params[n]}`),
    ];
    return createHmac("sha256", this.secret).update(canonical.join("\n")).digest("base64url");
  }
}

export class TooLarge extends Error {
  constructor() {
    super("The file is larger than it said");
  }
}
