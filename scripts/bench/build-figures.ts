/**
 * What the first load ships: the entry script and stylesheet that dist/client/index.html names,
 * with the modules it preloads, gzipped as a server would send them (level 9).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

export type InitialAssets = { jsBytes: number; cssBytes: number; files: string[] };

export function initialAssets(clientDir: string): InitialAssets {
  const html = readFileSync(path.join(clientDir, "index.html"), "utf8");
  const scripts = [...html.matchAll(/<script[^>]*\bsrc="([^"]+\.js)"/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map(
    (m) => m[1],
  );
  const styles = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+\.css)"/g)].map(
    (m) => m[1],
  );
  const gzipped = (files: (string | undefined)[]) =>
    [...new Set(files)]
      .filter((file): file is string => Boolean(file))
      .reduce((sum, file) => {
        const content = readFileSync(path.join(clientDir, file.replace(/^\//, "")));
        return sum + gzipSync(content, { level: 9 }).length;
      }, 0);
  return {
    jsBytes: gzipped([...scripts, ...preloads]),
    cssBytes: gzipped(styles),
    files: [...scripts, ...preloads, ...styles].filter((f): f is string => Boolean(f)),
  };
}
