/**
 * Uploads of attachment bytes (README.md here). A file added is first kept in IndexedDB with
 * its row written to the store (addAttachment), so a file added offline, or one whose upload a
 * reload cut short, survives and goes as soon as the network is back. One tab at a time sends
 * (a Web Lock), one file at a time, by XHR for its progress.
 */
import { nanoid } from "nanoid";
import { toast } from "sonner";
import {
  cleanFileName,
  DEFAULT_MAX_UPLOAD_MB,
  MIME_TYPE_PATTERN,
  tooLargeMessage,
} from "../../shared/attachments.ts";
import { attachmentKey } from "../../shared/keys.ts";
import { parseErrorBody } from "./http/get-json.ts";
import { uploadsEmptyKey } from "./sync/local-data.ts";
import { loadServerConfig } from "./http/server-config.ts";
import type { Rep } from "./sync/create-replicache.ts";

import type { PendingUpload, UploadDatabase } from "./upload-database.ts";

/** Where an upload stands, in the tab that sends it. */
export type UploadProgress = {
  state: "waiting" | "uploading" | "failed";
  loaded: number;
  total: number;
  message?: string;
};

/** A file added: what the description or a comment writes for it. */
export type AddedFile = { id: string; name: string; image: boolean };

const RETRY_MS = [500, 1000, 2000, 4000, 8000];

class Uploader {
  private database: Promise<UploadDatabase> | null = null;
  private readonly progress = new Map<string, UploadProgress>();
  private readonly previews = new Map<string, string>();
  private readonly listeners = new Set<() => void>();
  private current: { id: string; request: XMLHttpRequest } | null = null;
  private running = false;
  private again = false;
  private retries = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly kick = () => void this.run();

  constructor(
    readonly userId: string,
    private readonly rep: Rep,
  ) {
    window.addEventListener("online", this.kick);
    // The queue was found empty last time (the usual case): the database stays shut, and Dexie
    // is not even fetched, until a file is added.
    if (this.mayHoldFiles()) void this.restorePreviews().then(this.kick);
  }

  close() {
    window.removeEventListener("online", this.kick);
    clearTimeout(this.timer);
    this.current?.request.abort();
    void this.database?.then((database) => database.close());
    for (const url of this.previews.values()) URL.revokeObjectURL(url);
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  progressOf(id: string): UploadProgress | undefined {
    return this.progress.get(id);
  }

  /**
   * Local addresses of images' bytes while they are (or were, this visit) on their way; a new
   * map after every change, so that readers can tell.
   */
  previewMap: ReadonlyMap<string, string> = new Map();

  /** Keeps the files, writes their rows, and starts sending them. Files over the limit are refused. */
  async add(files: readonly File[], taskId: string): Promise<AddedFile[]> {
    const maxMb = await loadServerConfig().then(
      (config) => config.maxUploadMb,
      () => DEFAULT_MAX_UPLOAD_MB,
    );
    const added: AddedFile[] = [];
    for (const file of files) {
      const name = cleanFileName(file.name);
      if (file.size === 0) {
        toast.error(`“${name}” is empty`);
        continue;
      }
      if (file.size > maxMb * 1024 * 1024) {
        toast.error(`“${name}” is too large. ${tooLargeMessage(maxMb)}.`);
        continue;
      }
      const upload: PendingUpload = {
        id: nanoid(),
        taskId,
        name,
        type: MIME_TYPE_PATTERN.test(file.type) ? file.type : "application/octet-stream",
        size: file.size,
        blob: file,
        createdAt: new Date().toISOString(),
      };
      // Unmarked before the file is kept and again after, so a tab that finds the queue empty
      // meanwhile and marks it so cannot leave this file behind an "empty" mark.
      localStorage.removeItem(uploadsEmptyKey(this.userId));
      await (await this.db()).uploads.put(upload);
      localStorage.removeItem(uploadsEmptyKey(this.userId));
      const image = upload.type.startsWith("image/");
      if (image) this.previews.set(upload.id, URL.createObjectURL(file));
      this.setProgress(upload.id, { state: "waiting", loaded: 0, total: upload.size });
      await this.rep.mutate.addAttachment({
        id: upload.id,
        taskId,
        name: upload.name,
        type: upload.type,
        size: upload.size,
        createdAt: upload.createdAt,
      });
      added.push({ id: upload.id, name, image });
    }
    this.retries = 0;
    void this.run();
    return added;
  }

  /** Stops an upload and removes the file (its row with it, for everyone). */
  async cancel(id: string, taskId: string) {
    if (this.current?.id === id) this.current.request.abort();
    await this.forget(id);
    await this.rep.mutate.deleteAttachment({ id, taskId });
  }

  private mayHoldFiles(): boolean {
    return localStorage.getItem(uploadsEmptyKey(this.userId)) === null;
  }

  private db(): Promise<UploadDatabase> {
    return (this.database ??= import("./upload-database.ts").then(
      ({ UploadDatabase }) => new UploadDatabase(this.userId),
    ));
  }

  private async restorePreviews() {
    for (const upload of await (await this.db()).uploads.toArray()) {
      if (upload.type.startsWith("image/") && !this.previews.has(upload.id)) {
        this.previews.set(upload.id, URL.createObjectURL(upload.blob));
      }
      if (!this.progress.has(upload.id)) {
        this.progress.set(upload.id, { state: "waiting", loaded: 0, total: upload.size });
      }
    }
    this.emit();
  }

  private async run(): Promise<void> {
    if (!this.database && !this.mayHoldFiles()) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    try {
      do {
        this.again = false;
        // Another tab of the same person may be sending: it holds the lock, this one waits.
        await navigator.locks.request(`uploads-${this.userId}`, { ifAvailable: true }, (lock) =>
          lock ? this.sendAll() : undefined,
        );
      } while (this.again);
    } finally {
      this.running = false;
    }
  }

  private async sendAll() {
    const uploads = await (await this.db()).uploads.orderBy("createdAt").toArray();
    // Marked in the same moment the queue is read empty (a file kept meanwhile in another tab
    // takes the mark away again once it is stored).
    if (uploads.length === 0) localStorage.setItem(uploadsEmptyKey(this.userId), "1");
    let left = 0;
    for (const upload of uploads) {
      if (!navigator.onLine) {
        left++;
        continue;
      }
      const done = await this.send(upload);
      if (!done) left++;
    }
    clearTimeout(this.timer);
    if (left > 0 && navigator.onLine) {
      this.timer = setTimeout(this.kick, RETRY_MS[Math.min(this.retries++, RETRY_MS.length - 1)]);
    }
  }

  /** One upload, as far as it can go now: true once it is done with (sent, or dropped). */
  private async send(upload: PendingUpload): Promise<boolean> {
    const progress = this.progress.get(upload.id);
    if (progress?.state === "failed") return true;
    try {
      const target = await fetch(`/api/attachments/${upload.id}/upload`, {
        method: "POST",
        credentials: "same-origin",
      });
      if (target.status === 404) {
        // Its row is not on the server yet (the push is on its way), or it was refused.
        if (!(await this.rowExists(upload))) await this.forget(upload.id);
        return false;
      }
      // Past the workspace's quota: the server's message says so and what to do.
      if (target.status === 413) return this.fail(upload, await serverMessage(target));
      if (target.status !== 409) {
        if (!target.ok) return false;
        const { url, method, headers } = (await target.json()) as {
          url: string;
          method: string;
          headers: Record<string, string>;
        };
        const status = await this.put(upload, url, method, headers);
        if (status === 0) return false;
        if (status >= 400) return this.fail(upload, "The file could not be stored");
      }
      const complete = await fetch(`/api/attachments/${upload.id}/complete`, {
        method: "POST",
        credentials: "same-origin",
      });
      if (complete.status === 422) return this.fail(upload, "The file changed while it was sent");
      if (complete.status === 413) return this.fail(upload, await serverMessage(complete));
      if (!complete.ok) return false;
      await this.forget(upload.id, { keepPreview: true });
      return true;
    } catch {
      // The network went: try again when it is back.
      this.setProgress(upload.id, { state: "waiting", loaded: 0, total: upload.size });
      return false;
    }
  }

  private put(
    upload: PendingUpload,
    url: string,
    method: string,
    headers: Record<string, string>,
  ): Promise<number> {
    return new Promise((resolve) => {
      const request = new XMLHttpRequest();
      this.current = { id: upload.id, request };
      request.open(method, url);
      for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
      request.upload.onprogress = (event) =>
        this.setProgress(upload.id, {
          state: "uploading",
          loaded: event.loaded,
          total: upload.size,
        });
      const finish = (status: number) => {
        this.current = null;
        resolve(status);
      };
      request.onload = () => finish(request.status);
      request.onerror = () => finish(0);
      request.onabort = () => finish(0);
      this.setProgress(upload.id, { state: "uploading", loaded: 0, total: upload.size });
      request.send(upload.blob);
    });
  }

  private async fail(upload: PendingUpload, message: string): Promise<boolean> {
    this.setProgress(upload.id, { state: "failed", loaded: 0, total: upload.size, message });
    toast.error(`“${upload.name}” could not be uploaded. ${message.replace(/\.$/, "")}.`);
    return true;
  }

  private async rowExists(upload: PendingUpload) {
    return this.rep.query(
      async (tx) => (await tx.get(attachmentKey(upload.taskId, upload.id))) !== undefined,
    );
  }

  private async forget(id: string, { keepPreview = false } = {}) {
    await (await this.db()).uploads.delete(id);
    this.progress.delete(id);
    if (!keepPreview) {
      const url = this.previews.get(id);
      if (url) URL.revokeObjectURL(url);
      this.previews.delete(id);
    }
    this.emit();
  }

  private setProgress(id: string, progress: UploadProgress) {
    this.progress.set(id, progress);
    this.emit();
  }

  private emit() {
    this.previewMap = new Map(this.previews);
    for (const listener of this.listeners) listener();
  }
}

/** The message of an error answer (`{ code, message }`), or a general one. */
async function serverMessage(response: Response): Promise<string> {
  const { message } = parseErrorBody(await response.text());
  return message ?? "The server refused the file";
}

let uploader: Uploader | null = null;

/** The signed-in person's uploader: started with their store, resuming what was left. */
export function startUploader(userId: string, rep: Rep): () => void {
  uploader?.close();
  const own = new Uploader(userId, rep);
  uploader = own;
  return () => {
    own.close();
    if (uploader === own) uploader = null;
  };
}

export function currentUploader(): Uploader | null {
  return uploader;
}
