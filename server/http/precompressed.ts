/**
 * The built client's files travel compressed: the build writes a brotli (`.br`) and a gzip
 * (`.gz`) copy beside each text file, once, at the highest levels (vite.config.ts), and the
 * server sends the copy the browser accepts (static-client.ts). Both sides meet here.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

type Encoding = "br" | "gzip";

/** Best first: brotli is about 10% smaller than gzip on this app's scripts. */
export const precompressedSuffixes: Record<Encoding, string> = { br: ".br", gzip: ".gz" };
const encodingsBestFirst: Encoding[] = ["br", "gzip"];

/** Text files gain from compression; images (PNG) are compressed already. */
export const compressibleFile = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this, the saving is smaller than what a compressed response costs in headers. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Writes `name.br` and `name.gz` beside every compressible file of `dir` worth compressing. */
export async function writePrecompressedFiles(dir: string): Promise<void> {
  const names = await readdir(dir, { recursive: true });
  await Promise.all(
    names
      .filter((name) => compressibleFile.test(name))
      .map(async (name) => {
        const file = path.join(dir, name);
        const content = await readFile(file);
        if (content.length < MIN_BYTES) return;
        const [br, gz] = await Promise.all([
          brotli(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
          gzipped(content, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        await Promise.all([
          writeFile(file + precompressedSuffixes.br, br),
          writeFile(file + precompressedSuffixes.gzip, gz),
        ]);
      }),
  );
}

/**
 * The encodings an Accept-Encoding header allows among brotli and gzip, the one to send first:
 * by the browser's weights (`q`), brotli first when they are equal (browsers list gzip first
 * but weigh both 1). Empty when the browser wants neither, or prefers the file as it is.
 */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  const weights = new Map<string, number>();
  for (const part of (header ?? "").split(",")) {
    const [coding = "", ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
    if (!coding) continue;
    const q = params.find((param) => param.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(coding, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get("*");
  // Unnamed, the file as it is weighs as little as the least wanted coding (as `negotiator`,
  // which Express and `compression` use, reads it).
  const identity = weightOf("identity") ?? Math.min(1, ...weights.values());
  return encodingsBestFirst
    .map((encoding) => ({ encoding, weight: weightOf(encoding) ?? 0 }))
    .filter(({ weight }) => weight > 0 && weight >= identity)
    .sort((a, b) => b.weight - a.weight)
    .map(({ encoding }) => encoding);
}
