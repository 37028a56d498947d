/**
 * `npm run bench -- --baseline <dir>`: the figures a person feels first, for this build and for
 * an older one (`dir`, a folder as `vite build` writes it), by turns behind the same server in
 * the same run, so that the machine's day weighs on both alike. For each build, each round:
 * the board opened in an empty browser (its first contentful paint and the first frame with a
 * card), a warm reload (the same two), the JS heap after a garbage collection once the reloaded
 * board has settled (its search index caught up, nothing touched), three status changes (a
 * click on "Move to… Top of Done" to the frame that shows the card there) and the heap again
 * after them.
 */
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import type { BenchSystem } from "./bench-server.ts";
import { boardReady, heapMb, moveAndMeasure, newPerson, taskIdAt } from "./browser-figures.ts";
import type { Figures } from "./figures.ts";
import { ServedBuilds } from "./served-builds.ts";

const SETTLE_MS = 8000;

type Samples = {
  coldFcp: number[];
  cold: number[];
  warmFcp: number[];
  warm: number[];
  status: number[];
  heap: number[];
  heapAfterMoves: number[];
};
const noSamples = (): Samples => ({
  coldFcp: [],
  cold: [],
  warmFcp: [],
  warm: [],
  status: [],
  heap: [],
  heapAfterMoves: [],
});

export async function measureBesideBaseline(
  browser: Browser,
  system: BenchSystem,
  figures: Figures,
  options: { workspaceKey: string; tasks: number; baseline: string; rounds: number; root: string },
) {
  const workspace = system.workspaces.get(options.workspaceKey);
  const project = workspace?.projects[0];
  if (!workspace || !project) throw new Error(`no workspace ${options.workspaceKey}`);
  const boardUrl = `/dashboard/workspace/${workspace.workspaceId}/project/${project.id}/board`;
  const builds = {
    "this build": path.join(options.root, "dist/client"),
    [`baseline ${path.basename(options.baseline)}`]: path.resolve(options.baseline),
  };
  const names = Object.keys(builds);
  const samples = new Map(names.map((name) => [name, noSamples()]));
  const served = new ServedBuilds(options.root, builds);
  const load = [os.loadavg()[0]!];
  try {
    for (let round = 0; round < options.rounds; round++) {
      for (const name of round % 2 === 0 ? names : [...names].reverse()) {
        served.serve(name);
        const person = await newPerson(browser, system.baseUrl, workspace.sessions[0]!);
        const into = samples.get(name)!;
        try {
          await person.page.goto(boardUrl);
          into.cold.push(await boardReady(person.page));
          into.coldFcp.push(await firstContentfulPaint(person.page));
          // Replicache writes what it pulled to IndexedDB within about a second.
          await person.page.waitForTimeout(2500);
          await person.page.reload();
          into.warm.push(await boardReady(person.page));
          into.warmFcp.push(await firstContentfulPaint(person.page));
          // The search index starts once the store has been quiet for 2 s and reads the whole
          // store: by 8 s it has caught up, and the heap is the board's own.
          await person.page.waitForTimeout(SETTLE_MS);
          into.heap.push(await heapMb(person));
          for (let change = 0; change < 3; change++) {
            const first = await taskIdAt(person.page, "to-do", 0);
            const moved = await moveAndMeasure(person.page, first, "done", "Top of Done");
            into.status.push(moved.paint);
            await person.page.waitForTimeout(500);
          }
          into.heapAfterMoves.push(await heapMb(person));
        } finally {
          await person.context.close();
        }
      }
      load.push(os.loadavg()[0]!);
    }
  } finally {
    served.restore();
  }
  const n = options.tasks.toLocaleString("en");
  for (const name of names) {
    const s = samples.get(name)!;
    figures.add(`cold load: first contentful paint, ${n} tasks (${name})`, "ms", s.coldFcp);
    figures.add(`cold load: first screen painted, ${n} tasks (${name})`, "ms", s.cold);
    figures.add(`warm reload: first contentful paint, ${n} tasks (${name})`, "ms", s.warmFcp);
    figures.add(`warm reload: first screen painted, ${n} tasks (${name})`, "ms", s.warm);
    figures.add(`status change click to paint, ${n} tasks (${name})`, "ms", s.status);
    figures.add(`JS heap after GC, board loaded, ${n} tasks (${name})`, "MB", s.heap);
    figures.add(
      `JS heap after GC, after 3 status changes, ${n} tasks (${name})`,
      "MB",
      s.heapAfterMoves,
    );
  }
  const shown = load.map((value) => value.toFixed(1)).join(" → ");
  console.log(`  machine load (1-minute average) through the rounds: ${shown}`);
  return { load };
}

/** The page's first contentful paint (ms since navigation start). */
export async function firstContentfulPaint(page: Page): Promise<number> {
  return page.evaluate(
    () => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
  );
}
