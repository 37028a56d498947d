import { Dexie, type Table } from "dexie";
import { uploadsName } from "./sync/local-data.ts";

/** A file added and not yet sent: its bytes, kept until the server has them (upload-queue.ts). */
export type PendingUpload = {
  id: string;
  taskId: string;
  name: string;
  type: string;
  size: number;
  blob: Blob;
  createdAt: string;
};

/** The person's files waiting to be uploaded; loaded only when there may be some. */
export class UploadDatabase extends Dexie {
  declare uploads: Table<PendingUpload, string>;

  constructor(userId: string) {
    super(uploadsName(userId));
    this.version(1).stores({ uploads: "id, createdAt" });
  }
}
