import { existsSync } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import express, { Router, type RequestHandler } from "express";
import { acceptedEncodings, compressibleFile, precompressedSuffixes } from "./precompressed.ts";

const clientDistDir = path.resolve(import.meta.dirname, "../../dist/client");

type StaticClientOptions = {
  distDir?: string;
  /** Source maps show the sources to anyone; the build writes them for the profiling scripts. */
  serveSourceMaps?: boolean;
};

/**
 * Serves the built client: hashed assets cached for a year, everything else revalidated,
 * each in the compressed copy the browser accepts, and every other GET outside /api answered
 * with index.html so client routes load directly.
 */
export function staticClient({
  distDir = clientDistDir,
  serveSourceMaps = false,
}: StaticClientOptions = {}): Router {
  const router = Router();
  const indexFile = path.join(distDir, "index.html");
  if (!serveSourceMaps) {
    router.get(/\.map$/, (_req, res) => {
      res.status(404).type("text").send("Not found");
    });
  }
  router.use(precompressedCopies(distDir));
  router.use(
    "/assets",
    express.static(path.join(distDir, "assets"), {
      immutable: true,
      maxAge: "1y",
      fallthrough: false,
    }),
  );
  router.use(express.static(distDir, { index: false, maxAge: 0 }));
  router.get(/^(?!\/api\/).*/, (_req, res) => {
    if (!existsSync(indexFile)) {
      res.status(503).type("text").send("The client is not built. Run `npm run build`.");
      return;
    }
    res.setHeader("Cache-Control", "no-cache");
    res.sendFile(indexFile);
  });
  return router;
}

/**
 * Points a request for a compressible file at its `.br` or `.gz` copy when the browser accepts
 * it and the build wrote one, with the headers of the original; express.static then sends it.
 */
function precompressedCopies(distDir: string): RequestHandler {
  return async (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !compressibleFile.test(req.path)) {
      next();
      return;
    }
    res.vary("Accept-Encoding");
    const file = fileIn(distDir, req.path);
    if (!file) {
      next();
      return;
    }
    for (const encoding of acceptedEncodings(req.headers["accept-encoding"])) {
      const suffix = precompressedSuffixes[encoding];
      if (!(await isFile(file + suffix))) continue;
      // express.static keeps a Content-Type already set, rather than the one of `.br`.
      res.type(path.extname(file));
      res.setHeader("Content-Encoding", encoding);
      const query = req.url.indexOf("?");
      req.url = req.path + suffix + (query >= 0 ? req.url.slice(query) : "");
      break;
    }
    next();
  };
}

/** The file a URL path names inside `dir`, or undefined if it is malformed or points outside. */
function fileIn(dir: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes("\0")) return undefined;
  const file = path.join(dir, decoded);
  return file.startsWith(dir + path.sep) ? file : undefined;
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}
