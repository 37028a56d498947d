import { existsSync } from "node:fs";
import path from "node:path";
import express, { Router } from "express";

export const clientDistDir = path.resolve(import.meta.dirname, "../../dist/client");

/**
 * Serves the built client: hashed assets cached for a year, everything else revalidated,
 * and every other GET outside /api answered with index.html so client routes load directly.
 */
export function staticClient(distDir: string = clientDistDir): Router {
  const router = Router();
  const indexFile = path.join(distDir, "index.html");
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
