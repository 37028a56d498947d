/**
 * `npm run bench`: every budget of DESIGN.md measured against a freshly started production build
 * on freshly seeded data (Postgres when DATABASE_URL is set, else the embedded database). Prints
 * one table and writes it as JSON under bench-results/. `--quick` uses small sizes and few runs
 * (CI runs it so the scripts keep working; the numbers never fail it).
 *
 * Workspaces seeded (scripts/seed), each with its own people so a person's scope is one size:
 *   board-10k / board-800: all tasks in one project (the board holds them all; 800 is Kaneo's
 *   published figure), pull-1k: four projects, big: ten projects of equal size (100,000 tasks;
 *   2,000 in quick mode) for partial sync, push: 500 tasks that push throughput adds to (kept
 *   away from the boards).
 *
 * `--baseline <dir>` also measures an older build of the client (a folder `vite build` wrote)
 * beside this one, by turns behind the same server on the 800-task board (the 1,000-task one in
 * quick mode): scripts/bench/baseline-figures.ts.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { builtClient, startBenchSystem } from "./bench/bench-server.ts";
import type { Browser } from "@playwright/test";
import { launchBrowser, type BrowserRuns } from "./bench/browser-figures.ts";
import { measureBigWorkspace, measureBrowser } from "./bench/browser-figures.ts";
import { measureBesideBaseline } from "./bench/baseline-figures.ts";
import { initialAssets } from "./bench/build-figures.ts";
import { budgets, Figures } from "./bench/figures.ts";
import { measureServer } from "./bench/server-figures.ts";
import type { SeedOptions } from "./seed/workspace-data.ts";

const { values } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    // The 100,000-task scope takes most of a full run (its seed and its pulls).
    "skip-100k": { type: "boolean", default: false },
    // Only one part of the run, while working on it: "server", "browser", or "baseline" (only
    // the figures beside --baseline's build, on the board they are taken on).
    only: { type: "string" },
    // An older build of the client (a folder `vite build` wrote) to measure beside this one.
    baseline: { type: "string" },
  },
});
const parts = ["server", "browser", "baseline"] as const;
if (values.only !== undefined && !parts.some((name) => name === values.only)) {
  console.error(`--only takes "server", "browser" or "baseline", not "${values.only}"`);
  process.exit(2);
}
if (values.only === "baseline" && !values.baseline) {
  console.error("--only baseline needs --baseline <dir>, the build to measure beside this one");
  process.exit(2);
}
const part = (name: (typeof parts)[number]) =>
  values.only === undefined
    ? name !== "baseline" || values.baseline !== undefined
    : values.only === name;
const quick = values.quick;
const root = path.resolve(import.meta.dirname, "..");

/** Quick mode: one small workspace for everything, so CI spends about a minute on it. */
const sizes = quick
  ? { board: 1000, small: null, pulls: [1000], big: 2000 }
  : {
      board: 10_000,
      small: 800,
      pulls: [1000, 10_000],
      big: values["skip-100k"] ? null : 100_000,
    };
const runs: BrowserRuns = quick
  ? { firstSync: 2, reload: 3, paint: 5, remote: 5 }
  : { firstSync: 3, reload: 5, paint: 20, remote: 20 };

const seed = (label: string, tasks: number, projects: number, even = false): SeedOptions => ({
  tasks,
  projects,
  even,
  members: 5,
  label,
  seed: 20260601,
});

const started = Date.now();
const loadAtStart = os.loadavg();
const figures = new Figures();

const clientDir = await builtClient();
console.log("Build:");
const assets = initialAssets(clientDir);
figures.add("initial JS, gzip", "KB", [assets.jsBytes / 1024], budgets.initialJs);
figures.add("initial CSS, gzip", "KB", [assets.cssBytes / 1024]);

const baselineKey = sizes.small ? "small" : "board";
const allSpecs = [
  { key: "board", options: seed(`bench-board-${sizes.board}`, sizes.board, 1) },
  ...(sizes.small
    ? [{ key: "small", options: seed(`bench-board-${sizes.small}`, sizes.small, 1) }]
    : []),
  ...sizes.pulls
    .filter((tasks) => tasks !== sizes.board)
    .map((tasks) => ({ key: `pull-${tasks}`, options: seed(`bench-pull-${tasks}`, tasks, 4) })),
  ...(sizes.big
    ? [{ key: "big", options: seed(`bench-big-${sizes.big}`, sizes.big, 10, true) }]
    : []),
  // Push throughput writes thousands of tasks: into a workspace of its own, so the boards the
  // browser figures open still hold the sizes they are named after.
  { key: "push", options: seed("bench-push", 500, 1) },
];
// The baseline's figures alone need only the board they are taken on.
const specs =
  part("server") || part("browser")
    ? allSpecs
    : allSpecs.filter((spec) => spec.key === baselineKey);
const system = await startBenchSystem(specs);
const scopeKey = (tasks: number) => (tasks === sizes.board ? "board" : `pull-${tasks}`);
try {
  if (part("server")) {
    console.log("Server:");
    await measureServer(system, figures, {
      pullScopes: [
        ...sizes.pulls.map((tasks): [string, number] => [scopeKey(tasks), tasks]),
        ...(sizes.big ? [["big", sizes.big] as [string, number]] : []),
      ],
      pushWorkspace: "push",
      quick,
    });
  }

  if (part("browser") || part("baseline")) {
    console.log("Browser:");
    const browser = await launchBrowser();
    try {
      if (part("browser")) await measureAllBrowser(browser);
      if (part("baseline")) {
        console.log(`Beside the baseline build ${values.baseline}, by turns:`);
        await measureBesideBaseline(browser, system, figures, {
          workspaceKey: baselineKey,
          tasks: sizes.small ?? sizes.board,
          baseline: values.baseline!,
          rounds: quick ? 2 : 7,
          root,
        });
      }
    } finally {
      await browser.close();
    }
  }
} finally {
  await system.stop();
}

async function measureAllBrowser(browser: Browser) {
  await measureBrowser(browser, system, figures, {
    workspaceKey: "board",
    tasks: sizes.board,
    runs,
    withBudgets: sizes.board === 10_000,
  });
  if (sizes.big) {
    await measureBigWorkspace(browser, system, figures, {
      workspaceKey: "big",
      tasks: sizes.big,
      runs,
    });
  }
  if (sizes.small) {
    await measureBrowser(browser, system, figures, {
      workspaceKey: "small",
      tasks: sizes.small,
      runs,
      withBudgets: false,
    });
  }
}

const machine = {
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model ?? "unknown",
  memoryGb: Math.round(os.totalmem() / 1024 ** 3),
  node: process.version,
  platform: `${os.platform()} ${os.release()}`,
};
const table = figures.table();
console.log(`\n${table}\n`);
console.log(
  `${quick ? "quick" : "full"} run, ${system.mode === "postgres" ? "Postgres" : "embedded PGlite"}, ` +
    `${machine.cpus} cores (${machine.cpuModel}), ${machine.memoryGb} GB, Node ${machine.node}, ` +
    `${((Date.now() - started) / 1000).toFixed(0)} s; load average ${loadText(loadAtStart)} at the start, ` +
    `${loadText(os.loadavg())} at the end (1, 5, 15 minutes)`,
);

function loadText(load: number[]) {
  return load.map((value) => value.toFixed(2)).join(" / ");
}

const outDir = path.join(root, "bench-results");
mkdirSync(outDir, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const file = path.join(outDir, `bench-${quick ? "quick-" : ""}${stamp}.json`);
writeFileSync(
  file,
  JSON.stringify(
    {
      date: new Date().toISOString(),
      quick,
      database: system.mode,
      machine,
      load: { start: loadAtStart, end: os.loadavg() },
      baseline: values.baseline ?? null,
      figures: figures.list,
    },
    null,
    2,
  ),
);
console.log(`Written to ${path.relative(root, file)}`);
