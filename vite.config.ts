import { createRequire } from "node:module";
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

/**
 * The modules the app loads with `import()` (each screen, the description editor, the date
 * picker's month, the store, the command palette): noted as the build parses them, so that the
 * chunking below leaves each one a chunk of its own, named after it and loaded when it is needed.
 */
const lazyModules = new Set<string>();
function noteLazyModules(): Plugin {
  return {
    name: "tasks:lazy-modules",
    apply: "build",
    moduleParsed(info) {
      for (const id of info.dynamicallyImportedIds) lazyModules.add(id);
    },
  };
}

/**
 * The built page's stylesheet, linked at the end of the body rather than in the head: a
 * stylesheet in the head holds back the first frame until it has arrived, and the first frame
 * is index.html's own skeleton, styled inline. Chromium draws what comes before a stylesheet
 * in the body, and runs the module script after it, so the app never renders unstyled.
 */
function stylesheetAfterSkeleton(): Plugin {
  return {
    name: "tasks:stylesheet-after-skeleton",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html) {
        const links: string[] = [];
        const rest = html.replace(/\s*<link rel="stylesheet"[^>]*>/g, (link) => {
          links.push(link.trim());
          return "";
        });
        return rest.replace("</body>", `  ${links.join("\n    ")}\n  </body>`);
      },
    },
  };
}

/**
 * React as one ES module for the whole build. React is CommonJS, and the bundler wraps it anew
 * for every module that imports it (about 200: ours, Base UI's, the router's…), each wrapper an
 * object of some forty getters, each getter a closure of its own: about 9,000 functions, a
 * megabyte of the page's heap, for nothing. Every import of "react" goes to one module that
 * imports it once and names its exports. Dev serving pre-bundles React already.
 */
function reactAsOneModule(): Plugin {
  const id = "\0tasks:react";
  const require = createRequire(import.meta.url);
  const production = path.join(path.dirname(require.resolve("react")), "cjs/react.production.js");
  const exports = Object.keys(require(production));
  return {
    name: "tasks:react-as-one-module",
    apply: "build",
    enforce: "pre",
    resolveId(source, importer) {
      return source === "react" && importer !== id ? id : null;
    },
    load(loading) {
      if (loading !== id) return null;
      return [
        `import * as React from "react";`,
        `export const { ${exports.join(", ")} } = React;`,
        `export default React;`,
      ].join("\n");
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
    noteLazyModules(),
    stylesheetAfterSkeleton(),
    zodWithoutEval(),
    reactAsOneModule(),
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
        // Attachment images seen once stay viewable offline (docs/operations.md, "Attachments"). Their bytes
        // never change (a new file is a new id), so the cache answers first. The request is
        // made in cors mode so that the response after the redirect to S3 is readable (and
        // its size known); only 200s are kept, at most 200 images and 50 MB, 30 days each.
        runtimeCaching: [
          {
            urlPattern: ({ url, request }) =>
              url.pathname.startsWith("/api/attachments/") && request.destination === "image",
            handler: "CacheFirst",
            options: {
              cacheName: "attachment-images",
              fetchOptions: { mode: "cors", credentials: "same-origin" },
              cacheableResponse: { statuses: [200] },
              expiration: {
                maxEntries: 200,
                maxAgeSeconds: 30 * 24 * 60 * 60,
                purgeOnQuotaError: true,
              },
              plugins: [
                {
                  // Serialized into the worker: it must not use anything from this file.
                  cacheDidUpdate: async ({ cacheName }: { cacheName: string }) => {
                    const limit = 50 * 1024 * 1024;
                    const cache = await caches.open(cacheName);
                    const requests = await cache.keys();
                    const sizes: number[] = [];
                    for (const request of requests) {
                      const response = await cache.match(request);
                      const length = Number(response?.headers.get("content-length"));
                      sizes.push(length > 0 ? length : ((await response?.blob())?.size ?? 0));
                    }
                    let total = sizes.reduce((sum, size) => sum + size, 0);
                    // Oldest first (keys come in insertion order); the newest always stays.
                    for (let i = 0; total > limit && i < requests.length - 1; i++) {
                      await cache.delete(requests[i]!);
                      total -= sizes[i]!;
                    }
                  },
                },
              ],
            },
          },
        ],
      },
    }),
    precompress(),
  ],
  build: {
    outDir: "../dist/client",
    emptyOutDir: true,
    // Built for the profiling scripts and for debugging; the server keeps them to itself unless
    // SERVE_SOURCE_MAPS=true.
    sourcemap: true,
    // One stylesheet for every screen (about 20 KB compressed), linked by index.html: split by
    // chunk, a board's first load fetched 18 stylesheets, each holding its chunk's code back
    // until it arrived, in the six connections the first pull and the session need too.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        // Modules run in the order of the sources whatever chunk they land in, so the merging
        // below cannot run a module before one it needs (it did: a board that never drew).
        strictExecutionOrder: true,
        // The code shared between screens came as one chunk per set of screens sharing it:
        // about 80 files for a board, most under 2 KB, that took the browser's six connections
        // for half a second on a slow machine while the first pull waited behind them. Shared
        // code is grouped by the screens that use it as before, but a group under 16 KB joins
        // its closest neighbour: about 33 files. What the first page needs stays in one chunk
        // (the entry script, a facade of a few bytes, preloads it), and each lazily loaded
        // module keeps its own chunk.
        codeSplitting: {
          groups: [
            { name: "initial", tags: ["$initial"], priority: 2 },
            // The rich-text editor (Tiptap, ProseMirror and what only they use) is one chunk,
            // fetched with the first comment box: left to the grouping below, its 100 KB joined
            // the small groups of other screens (the backlog and the selection bar fetched it).
            {
              name: "rich-text-editor",
              test: /node_modules[\\/](?:@tiptap|prosemirror-|linkifyjs|orderedmap|rope-sequence|fast-equals)|[\\/]rich-text[\\/]/,
              // These packages and our rich-text folders only: what they share with the rest
              // (Floating UI, which Base UI uses too; Yjs) stays where the grouping below puts it.
              includeDependenciesRecursively: false,
              priority: 2,
            },
            {
              name: "shared",
              test: (id: string) => !lazyModules.has(id),
              entriesAware: true,
              entriesAwareMergeThreshold: 16_000,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { "/api": { target: apiTarget, changeOrigin: false } },
  },
});
