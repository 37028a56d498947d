import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";

const apiTarget = process.env.API_URL ?? `http://localhost:${process.env.API_PORT ?? 3001}`;

export default defineConfig({
  root: "client",
  plugins: [
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
  ],
  build: { outDir: "../dist/client", emptyOutDir: true, sourcemap: true },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { "/api": { target: apiTarget, changeOrigin: false } },
  },
});
