import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["{server,shared,client,scripts}/**/*.test.{ts,tsx}"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each server test file starts its own database; two at a time suits a 2-core machine.
    maxWorkers: 2,
  },
});
