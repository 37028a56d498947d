/**
 * `npx tsx scripts/probes/index-build-long-tasks.ts [--tasks 10000] [--seconds 40]`: what the search
 * index's first build costs the page that has just synced, on the benchmark's seeded board and
 * production server (scripts/bench/bench-server.ts; with DATABASE_URL it seeds a fresh database
 * on that Postgres, else the embedded one). Builds the client when dist/client is missing.
 *
 * Opens the board in an empty browser, then for `--seconds` reads the search index's document
 * count once a second and collects the page's long tasks (over 50 ms: a click or another
 * person's change arriving during one waits for its end). Prints when the index was complete
 * and the long tasks after the board was ready: count, sum, median and longest.
 */
import { parseArgs } from "node:util";
import { builtClient, startBoardSystem } from "../bench/bench-server.ts";
import { boardReady, launchBrowser, newPerson } from "../bench/browser-figures.ts";

const { values } = parseArgs({
  options: {
    tasks: { type: "string", default: "10000" },
    seconds: { type: "string", default: "40" },
  },
});
const tasks = Number(values.tasks);

await builtClient();

const longTasks = `(() => {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: "longtask", buffered: true });
})();`;

/** The search index's document count (the app's Dexie database `search-<user id>`), or -1. */
const documentCount = `(async () => {
  const name = (await indexedDB.databases()).map((d) => d.name ?? "").find((n) => n.startsWith("search-"));
  if (!name) return -1;
  return new Promise((resolve) => {
    const open = indexedDB.open(name);
    open.onerror = () => resolve(-1);
    open.onsuccess = () => {
      const db = open.result;
      try {
        const request = db.transaction("documents").objectStore("documents").count();
        request.onsuccess = () => { resolve(request.result); db.close(); };
      } catch { resolve(-1); db.close(); }
    };
  });
})()`;

const { system, workspace, boardUrl } = await startBoardSystem(tasks, `index-build-${tasks}`);
const browser = await launchBrowser();
try {
  const { page, context } = await newPerson(browser, system.baseUrl, workspace.sessions[0]);
  await context.addInitScript(longTasks);
  await page.goto(boardUrl);
  const ready = await boardReady(page);
  let complete: number | undefined;
  let last = -1;
  for (let second = 0; second < Number(values.seconds); second++) {
    await page.waitForTimeout(1000);
    const count = (await page.evaluate(documentCount)) as number;
    const now = await page.evaluate(() => performance.now());
    if (count > 0 && count === last && complete === undefined) complete = now - 1000;
    if (count !== last) complete = undefined;
    last = count;
  }
  const entries = await page.evaluate(
    () => (window as unknown as { __longTasks: [number, number][] }).__longTasks,
  );
  const after = entries.filter(([start]) => start > ready).map(([, duration]) => duration);
  after.sort((a, b) => a - b);
  const sum = after.reduce((total, ms) => total + ms, 0);
  console.log(`\nThe search index's first build after a first sync, ${tasks} tasks:`);
  console.log(`  board ready                       ${ready.toFixed(0)} ms after navigation`);
  console.log(
    `  index complete (${last} documents)  ${complete === undefined ? "not within the run" : `${(complete / 1000).toFixed(1)} s after navigation (±1 s)`}`,
  );
  console.log(
    `  long tasks after the board         ${after.length}, ${sum.toFixed(0)} ms in all, median ${(after[Math.floor(after.length / 2)] ?? 0).toFixed(0)} ms, longest ${(after.at(-1) ?? 0).toFixed(0)} ms`,
  );
} finally {
  await browser.close();
  await system.stop();
}
