/**
 * `npx tsx scripts/probes/profile-board.ts [--tasks 10000] [--reloads 3] [--moves 5] [--out dir]`:
 * where the browser's time goes on the board, as CPU profiles of the built client on seeded
 * data (the benchmark's seeding and production server: scripts/bench/bench-server.ts; with
 * DATABASE_URL it seeds a fresh database on that Postgres, else the embedded one).
 *
 * After a first sync into a fresh browser it records, with Chrome's sampling profiler,
 *   (a) reloads of the board, from the reload to the first frame with a card (plus 300 ms),
 *   (b) "Move to… Done" clicks (a status change through the card menu), from the click
 *       to 500 ms after it, so work that follows the paint (persisting, indexing) shows too,
 * and prints the functions with the most self and total time, mapped to the sources through
 * the build's source maps; then (c) traces up to three more moves, for the browser's own work
 * (style, layout, paint) that a CPU profile shows only as "(program)". Builds the client when dist/client is missing, as `npm run bench`
 * does (delete dist/client after changing the client). `--out` also writes the raw profiles
 * (.cpuprofile), which Chrome DevTools' Performance panel opens.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import type { Page } from "@playwright/test";
import { builtClient, startBoardSystem } from "../bench/bench-server.ts";
import {
  arm,
  boardReady,
  card,
  launchBrowser,
  newPerson,
  openMoveMenu,
  result,
  taskIdAt,
} from "../bench/browser-figures.ts";
import {
  printSummary,
  SourceMaps,
  summarise,
  timeline,
  type Profile,
} from "../bench/cpu-profile.ts";

const { values } = parseArgs({
  options: {
    tasks: { type: "string", default: "10000" },
    reloads: { type: "string", default: "3" },
    moves: { type: "string", default: "5" },
    out: { type: "string" },
    top: { type: "string", default: "25" },
  },
});
const tasks = Number(values.tasks);
const reloads = Number(values.reloads);
const moves = Number(values.moves);
const top = Number(values.top);

const maps = new SourceMaps(await builtClient());
const traceCategories = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8"];

const { system, workspace, boardUrl } = await startBoardSystem(tasks, `profile-${tasks}`);
const browser = await launchBrowser();
try {
  const { page, context } = await newPerson(browser, system.baseUrl, workspace.sessions[0]);
  await page.goto(boardUrl);
  console.log(`First sync: board after ${(await boardReady(page)).toFixed(0)} ms`);
  // Replicache writes what it pulled to IndexedDB within about a second; the search index
  // starts after the store has been quiet for 2 s: both are done before the reloads.
  await page.waitForTimeout(20_000);

  const cdp = await context.newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
  const record = async (during: () => Promise<void>) => {
    await cdp.send("Profiler.start");
    await during();
    return (await cdp.send("Profiler.stop")).profile as Profile;
  };
  const save = (name: string, profile: Profile) => {
    if (!values.out) return;
    mkdirSync(values.out, { recursive: true });
    writeFileSync(path.join(values.out, `${name}.cpuprofile`), JSON.stringify(profile));
  };

  const reloadProfiles: Profile[] = [];
  const readyTimes: number[] = [];
  let requests: string[] = [];
  for (let i = 0; i < reloads; i++) {
    const profile = await record(async () => {
      await page.reload();
      readyTimes.push(await boardReady(page));
      await page.waitForTimeout(300);
    });
    requests = await pageTimings(page);
    reloadProfiles.push(profile);
    save(`reload-${i + 1}`, profile);
    // Past the search index's quiet wait and the palette's preload, as a person would be.
    await page.waitForTimeout(6000);
  }
  console.log(`Reload to board: ${readyTimes.map((ms) => ms.toFixed(0)).join(", ")} ms`);
  const last = reloadProfiles.at(-1);
  if (last) {
    console.log(`\n== The last reload over time (what set the work off, ms of each 50 ms)`);
    for (const line of timeline(last, maps)) console.log(line);
    console.log(`-- its navigation and requests, ms from navigation start (start → end)`);
    for (const line of requests) console.log(line);
  }
  printSummary(
    `${reloads} reload(s) of the ${tasks}-task board`,
    summarise(reloadProfiles, maps),
    top,
  );

  const moveProfiles: Profile[] = [];
  const paintTimes: number[] = [];
  for (let i = 0; i < moves; i++) {
    // The menu offers no place in the card's own column: every click is a status change.
    const first = await taskIdAt(page, "to-do", 0);
    for (const [id, target, label] of [[first, "done", "Top of Done"]] as const) {
      const menu = await openMoveMenu(page, id);
      await arm(page, { selector: `${card(target, 0)}[data-task-id="${id}"]` });
      const profile = await record(async () => {
        await menu.getByRole("menuitem", { name: label, exact: true }).click();
        const { start, end } = await result(page);
        paintTimes.push(end - start);
        await page.waitForTimeout(500);
      });
      moveProfiles.push(profile);
      save(`move-${moveProfiles.length}`, profile);
      await settle(page);
    }
  }
  console.log(`\nMove to… click to paint: ${paintTimes.map((ms) => ms.toFixed(0)).join(", ")} ms`);
  printSummary(
    `${moveProfiles.length} Move to… click(s) (+500 ms), ${tasks}-task board`,
    summarise(moveProfiles, maps),
    top,
  );
  await cdp.detach();

  // The same clicks in a trace: what the browser itself did up to the paint (style, layout,
  // paint), which a CPU profile only shows as "(program)".
  const traced = new Map<string, { ms: number; count: number; detail: string }>();
  for (let i = 0; i < Math.min(moves, 3); i++) {
    const id = await taskIdAt(page, "to-do", 0);
    const menu = await openMoveMenu(page, id);
    await arm(page, { selector: `${card("done", 0)}[data-task-id="${id}"]` });
    await browser.startTracing(page, { categories: traceCategories });
    await menu.getByRole("menuitem", { name: "Top of Done", exact: true }).click();
    const { start, end } = await result(page);
    const trace = JSON.parse((await browser.stopTracing()).toString("utf8")) as TraceFile;
    addTrace(traced, trace);
    console.log(`traced move: ${(end - start).toFixed(0)} ms to paint`);
    await settle(page);
  }
  console.log(`\n== Browser work in ${Math.min(moves, 3)} traced move(s), inclusive ms by event`);
  for (const [name, { ms, count, detail }] of [...traced].sort((a, b) => b[1].ms - a[1].ms)) {
    if (ms >= 0.5) console.log(`  ${ms.toFixed(1).padStart(8)} ms  ${name} ×${count} ${detail}`);
  }
} finally {
  await browser.close();
  await system.stop();
}

type TraceEvent = {
  name: string;
  ph: string;
  dur?: number;
  pid: number;
  tid: number;
  args?: {
    name?: string;
    elementCount?: number;
    beginData?: { dirtyObjects?: number; totalObjects?: number };
  };
};
type TraceFile = { traceEvents: TraceEvent[] };

/** Sums the renderer main thread's complete events by name (nested ones count in both). */
function addTrace(
  into: Map<string, { ms: number; count: number; detail: string }>,
  trace: TraceFile,
) {
  const main = trace.traceEvents.find(
    (event) => event.name === "thread_name" && event.args?.name === "CrRendererMain",
  );
  if (!main) return;
  for (const event of trace.traceEvents) {
    if (event.pid !== main.pid || event.tid !== main.tid || event.ph !== "X" || !event.dur)
      continue;
    const entry = into.get(event.name) ?? { ms: 0, count: 0, detail: "" };
    entry.ms += event.dur / 1000;
    entry.count += 1;
    if (event.args?.elementCount) entry.detail = `(last: ${event.args.elementCount} elements)`;
    const layout = event.args?.beginData;
    if (layout?.totalObjects) {
      entry.detail = `(last: ${layout.dirtyObjects}/${layout.totalObjects} objects dirty)`;
    }
    into.set(event.name, entry);
  }
}

/** When the page's document and each request began and ended, after its navigation start. */
async function pageTimings(page: Page): Promise<string[]> {
  const entries = await page.evaluate(() =>
    [
      ...performance.getEntriesByType("navigation"),
      ...performance.getEntriesByType("resource"),
    ].map((entry) => {
      const timing = entry as PerformanceResourceTiming;
      return {
        name: new URL(timing.name).pathname,
        start: timing.startTime,
        end: timing.responseEnd,
        dom:
          "domInteractive" in timing ? (timing as PerformanceNavigationTiming).domInteractive : 0,
      };
    }),
  );
  return entries.map(
    (entry) =>
      `${entry.start.toFixed(0).padStart(5)} → ${entry.end.toFixed(0).padStart(5)}  ${entry.name}` +
      (entry.dom ? `  (DOM interactive ${entry.dom.toFixed(0)})` : ""),
  );
}

function settle(page: Page) {
  return page.waitForTimeout(700);
}
