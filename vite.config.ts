import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { writePrecompressedFiles } from "./server/http/precompressed.ts";

const apiTarget = process.env.API_URL ?? `http://localhost:${process.env.API_PORT ?? 3001}`;

/**
 * Brotli and gzip copies of the built files for the server to send (server/http/precompressed.ts).
 * Last of all, so the service worker written by vite-plugin-pwa's own closeBundle is included;
 * its precache lists only the files themselves (workbox.globPatterns).
 */
function precompress(): Plugin {
  let outDir = "";
  return {
    name: "tasks:precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: "post",
      sequential: true,
      async handler(error) {
        if (!error) await writePrecompressedFiles(outDir);
      },
    },
  };
}

/** Every client import of zod goes through client/lib/zod-without-eval.ts, which imports the real one. */
function zodWithoutEval(): Plugin {
  const wrapper = path.resolve(import.meta.dirname, "client/lib/zod-without-eval.ts");
  return {
    name: "tasks:zod-without-eval",
    enforce: "pre",
    resolveId(source, importer) {
      return source === "zod" && importer !== wrapper ? wrapper : null;
    },
  };
}

export default defineConfig({
  root: "client",
  plugins: [
    zodWithoutEval(),
    react(),
    VitePWA({
      // A new version waits for the person to accept it ('Update available' toast).
      registerType: "prompt",
      injectRegister: null,
      includeAssets: ["icons/icon.svg", "icons/apple-touch-icon-180.png"],
      manifest: {
        id: "/dashboard",
        name: "Tasks — projects and tasks, local-first",
        short_name: "Tasks",
        description: "All you need. Nothing you don't.",
        start_url: "/dashboard",
        scope: "/",
        display: "standalone",
        // The dark theme is the default; index.html sets the light one for light-scheme systems.
        theme_color: "#0e0e11",
        background_color: "#0e0e11",
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          {
            src: "/icons/maskable-512.png",
            sizes: "512x512",
            type: "image/png",
            purpose: "maskable",
          },
          { src: "/icons/icon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
        ],
      },
      workbox: {
        // The app shell and every lazy route chunk, so a reload with no network opens the app.
        globPatterns: ["**/*.{js,css,html,svg,png,webmanifest}"],
        navigateFallback: "/index.html",
        // The first visit is taken over as soon as the worker is installed, so a route not yet
        // opened (a lazy chunk) still loads if the network drops before any reload. Updates
        // still wait for the person (no skipWaiting).
        clientsClaim: true,
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
    }),
    precompress(),
  ],
  // Built for the profiling scripts and for debugging; the server keeps them to itself unless
  // SERVE_SOURCE_MAPS=true.
  build: { outDir: "../dist/client", emptyOutDir: true, sourcemap: true },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { "/api": { target: apiTarget, changeOrigin: false } },
  },
});
