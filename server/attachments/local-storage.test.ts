import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { LocalStorage, TooLarge } from "./local-storage.ts";

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function storageAt(clock: { now: number }) {
  const dir = await mkdtemp(path.join(os.tmpdir(), "local-storage-"));
  dirs.push(dir);
  return new LocalStorage(dir, "a-secret-of-at-least-thirty-two-characters", () => clock.now);
}

const queryOf = (url: string) => Object.fromEntries(new URL(url, "http://x").searchParams);

describe("the local storage's signed URLs", () => {
  it("hold for the minutes they were signed for, then not", async () => {
    const clock = { now: Date.UTC(2026, 0, 1, 12) };
    const storage = await storageAt(clock);
    const url = await storage.downloadUrl("attachments/f1", {
      type: "image/png",
      disposition: "inline",
    });
    expect(storage.verify("GET", "attachments/f1", queryOf(url))).toEqual({
      type: "image/png",
      disposition: "inline",
    });
    clock.now += 6 * 60_000;
    expect(storage.verify("GET", "attachments/f1", queryOf(url))).toBeNull();
  });

  it("refuse another key, another method, or any parameter changed", async () => {
    const storage = await storageAt({ now: Date.now() });
    const url = await storage.downloadUrl("attachments/f1", {
      type: "image/png",
      disposition: "inline",
    });
    const query = queryOf(url);
    expect(storage.verify("GET", "attachments/f2", query)).toBeNull();
    expect(storage.verify("PUT", "attachments/f1", query)).toBeNull();
    expect(storage.verify("GET", "attachments/f1", { ...query, type: "text/html" })).toBeNull();
    expect(
      storage.verify("GET", "attachments/f1", { ...query, disposition: "attachment" }),
    ).toBeNull();
    expect(storage.verify("GET", "attachments/f1", { ...query, signature: "x" })).toBeNull();
    expect(storage.verify("GET", "../auth-secret", query)).toBeNull();
  });

  it("write no more than the size signed, and leave nothing behind when refused", async () => {
    const storage = await storageAt({ now: Date.now() });
    await expect(
      storage.write("attachments/big", Readable.from([Buffer.alloc(11)]), 10),
    ).rejects.toBeInstanceOf(TooLarge);
    expect(await storage.size("attachments/big")).toBeNull();
    expect(await storage.write("attachments/ok", Readable.from([Buffer.alloc(10)]), 10)).toBe(10);
    expect(await storage.size("attachments/ok")).toBe(10);
  });
});
