import type { Config } from "../config.ts";
import { LocalStorage } from "./local-storage.ts";
import { S3Storage } from "./s3-storage.ts";
import type { AttachmentStorage } from "./storage.ts";

/** S3 when S3_BUCKET is set, else the local disk under DATA_DIR. */
export function createAttachmentStorage(config: Config, secret: string): AttachmentStorage {
  return config.s3 ? new S3Storage(config.s3) : new LocalStorage(config.dataDir, secret);
}
