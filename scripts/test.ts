/**
 * `npm test`: the one test command. Type check, lint, format check, unit and server
 * integration tests (vitest), a production build, then end-to-end tests in Chromium.
 * Stops at the first failing step and exits non-zero.
 */
import { spawnSync } from "node:child_process";

const steps: Array<[name: string, command: string, args: string[]]> = [
  ["type check", "npx", ["tsc", "--noEmit", "-p", "tsconfig.json"]],
  ["lint", "npx", ["eslint", ".", "--max-warnings=0"]],
  ["format", "npx", ["prettier", "--check", ".", "--log-level", "warn"]],
  ["unit and integration tests", "npx", ["vitest", "run"]],
  ["client build", "npx", ["vite", "build", "--logLevel", "warn"]],
  ["end-to-end tests", "npx", ["playwright", "test"]],
];

for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}: ${command} ${args.join(" ")}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit" });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed after ${seconds}s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${name} (${seconds}s)`);
}
