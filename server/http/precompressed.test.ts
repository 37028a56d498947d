import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { acceptedEncodings, writePrecompressedFiles } from "./precompressed.ts";

describe("acceptedEncodings", () => {
  it.each([
    ["gzip, deflate, br, zstd", ["br", "gzip"]],
    ["gzip, deflate", ["gzip"]],
    ["br", ["br"]],
    ["br;q=0.5, gzip", ["gzip", "br"]],
    ["gzip;q=0.8, br;q=0", ["gzip"]],
    ["GZIP; Q=0.5", ["gzip"]],
    ["*", ["br", "gzip"]],
    ["*;q=0.5, br;q=0", ["gzip"]],
    ["identity", []],
    ["gzip;q=0.5, identity", []],
    ["identity;q=0, gzip;q=0.1", ["gzip"]],
    ["", []],
    [undefined, []],
  ])("Accept-Encoding %j allows %j", (header, expected) => {
    expect(acceptedEncodings(header)).toEqual(expected);
  });
});

describe("writePrecompressedFiles", () => {
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "tasks-precompress-"));
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("writes a brotli and a gzip copy beside each text file worth compressing, in every folder", async () => {
    const script = "export const greeting = 'hello';\n".repeat(100);
    await mkdir(path.join(dir, "assets"));
    await writeFile(path.join(dir, "assets/entry-abc123.js"), script);
    await writeFile(path.join(dir, "tiny.css"), "body{margin:0}");
    await writeFile(path.join(dir, "icon.png"), Buffer.alloc(4096, 1));

    await writePrecompressedFiles(dir);

    const file = path.join(dir, "assets/entry-abc123.js");
    expect(brotliDecompressSync(await readFile(`${file}.br`)).toString()).toBe(script);
    expect(gunzipSync(await readFile(`${file}.gz`)).toString()).toBe(script);
    for (const untouched of ["tiny.css", "icon.png"]) {
      expect(existsSync(path.join(dir, `${untouched}.br`))).toBe(false);
      expect(existsSync(path.join(dir, `${untouched}.gz`))).toBe(false);
    }
  });
});
