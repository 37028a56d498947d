/**
 * `npm test`: the one test command. Type check, lint, import circles (madge), format check,
 * unit and server integration tests (vitest), a production build, then end-to-end tests in
 * Chromium.
 * Stops at the first failing step and exits non-zero; ends with one line counting the tests.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { z } from "zod";

const reports = mkdtempSync(path.join(tmpdir(), "tasks-test-reports-"));
const vitestReport = path.join(reports, "vitest.json");
const playwrightReport = path.join(reports, "playwright.json");

type Step = { name: string; command: string; args: string[]; env?: Record<string, string> };

const steps: Step[] = [
  { name: "type check", command: "npx", args: ["tsc", "--noEmit", "-p", "tsconfig.json"] },
  { name: "lint", command: "npx", args: ["eslint", ".", "--max-warnings=0"] },
  // No module may import itself through others (madge exits non-zero on any circle).
  { name: "import circles", command: "npm", args: ["run", "--silent", "check:circles"] },
  { name: "format", command: "npx", args: ["prettier", "--check", ".", "--log-level", "warn"] },
  {
    name: "unit and integration tests",
    command: "npx",
    args: [
      "vitest",
      "run",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${vitestReport}`,
    ],
  },
  { name: "client build", command: "npx", args: ["vite", "build", "--logLevel", "warn"] },
  {
    name: "end-to-end tests",
    command: "npx",
    args: ["playwright", "test", "--reporter=list,json"],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
  },
];

const totals = { passed: 0, failed: 0, skipped: 0 };
const n = z.number().catch(0);
const vitestSchema = z.object({
  numPassedTests: n,
  numFailedTests: n,
  numPendingTests: n,
  numTodoTests: n,
});
const playwrightSchema = z.object({
  stats: z.object({ expected: n, unexpected: n, flaky: n, skipped: n }),
});

function readReport<T>(file: string, schema: z.ZodType<T>): T | null {
  try {
    return schema.parse(JSON.parse(readFileSync(file, "utf8")));
  } catch {
    return null; // No report: the step failed before writing one, and its exit code says so.
  }
}

function finish(code: number): never {
  const vitest = readReport(vitestReport, vitestSchema);
  if (vitest) {
    totals.passed += vitest.numPassedTests;
    totals.failed += vitest.numFailedTests;
    totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
  }
  const playwright = readReport(playwrightReport, playwrightSchema);
  if (playwright) {
    totals.passed += playwright.stats.expected;
    totals.failed += playwright.stats.unexpected + playwright.stats.flaky;
    totals.skipped += playwright.stats.skipped;
  }
  rmSync(reports, { recursive: true, force: true });
  console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(code);
}

for (const step of steps) {
  console.log(`\n▶ ${step.name}: ${step.command} ${step.args.join(" ")}`);
  const started = Date.now();
  const result = spawnSync(step.command, step.args, {
    stdio: "inherit",
    env: { ...process.env, ...step.env },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✗ ${step.name} failed after ${seconds}s`);
    finish(result.status ?? 1);
  }
  console.log(`✓ ${step.name} (${seconds}s)`);
}
finish(0);
