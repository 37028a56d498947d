/**
 * `npx tsx scripts/probes/open-ab.ts --before <dir> [--after dist/client] [--rounds 10] [--tasks 2000]`:
 * does a build of the client open the board faster? Two builds of the client (folders as
 * `vite build` writes them, for example `npx vite build --outDir ../dist/client-before` on an
 * older commit) take turns behind one production server on the benchmark's seeded data
 * (scripts/bench/bench-server.ts: a workspace of ten projects, Postgres with DATABASE_URL, else
 * the embedded database). Each turn opens one project's board in an empty browser; every other
 * round also reloads it twice once its store is written. For each build it prints the files the
 * board fetched, and median and p90 of: the first frame with a card, how long the first pull
 * waited for a free connection (the browser opens six to a server over HTTP/1.1), and the warm
 * reload to the first card.
 *
 * By turns, behind one server, because two runs of `npm run bench` on the same build differ by
 * more than most changes to the build (on this 2-core machine the open figure ranges over
 * 1.3–1.9 s). The builds are swapped in as dist/client by renaming folders (the server reads
 * its files per request); the folder that was there is put back at the end.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { boardReady } from "../bench/browser-figures.ts";
import { firstContentfulPaint } from "../bench/baseline-figures.ts";
import { quantile } from "../bench/figures.ts";
import { byTurnsOnBoard, twoBuilds, type BuildName } from "../bench/two-builds.ts";

const { values } = parseArgs({
  options: {
    before: { type: "string" },
    after: { type: "string", default: "dist/client" },
    rounds: { type: "string", default: "10" },
    tasks: { type: "string", default: "2000" },
    projects: { type: "string", default: "10" },
  },
});
const root = path.resolve(import.meta.dirname, "../..");
const served = twoBuilds(root, values);
const rounds = Number(values.rounds);
const tasks = Number(values.tasks);
const projects = Number(values.projects);

type Figures = {
  open: number[];
  fcp: number[];
  waited: number[];
  reload: number[];
  reloadFcp: number[];
  files: string;
};
const noFigures = (): Figures => ({
  open: [],
  fcp: [],
  waited: [],
  reload: [],
  reloadFcp: [],
  files: "",
});
const figures: Record<BuildName, Figures> = { before: noFigures(), after: noFigures() };

await byTurnsOnBoard(
  served,
  { tasks, projects, rounds, label: `open-ab-${tasks}` },
  async ({ name, round, person, boardUrl }) => {
    await person.page.goto(boardUrl);
    const open = await boardReady(person.page);
    figures[name].open.push(open);
    figures[name].fcp.push(await firstContentfulPaint(person.page));
    const loaded = await person.page.evaluate(
      (until) =>
        performance
          .getEntriesByType("resource")
          .filter((entry) => entry.startTime < until)
          .map((entry) => {
            const timing = entry as PerformanceResourceTiming;
            return {
              name: timing.name,
              bytes: timing.encodedBodySize,
              waited: timing.requestStart - timing.startTime,
            };
          }),
      open,
    );
    const pull = loaded.find((entry) => entry.name.includes("/api/replicache/pull"));
    if (pull) figures[name].waited.push(pull.waited);
    const scripts = loaded.filter((entry) => entry.name.endsWith(".js"));
    const kb = scripts.reduce((sum, entry) => sum + entry.bytes, 0) / 1024;
    figures[name].files = `${scripts.length} scripts, ${kb.toFixed(0)} KB as sent`;
    if (round % 2 !== 0) return;
    // Replicache writes what it pulled to IndexedDB within about a second.
    await person.page.waitForTimeout(2500);
    for (let reload = 0; reload < 2; reload++) {
      await person.page.reload();
      figures[name].reload.push(await boardReady(person.page));
      figures[name].reloadFcp.push(await firstContentfulPaint(person.page));
      await person.page.waitForTimeout(800);
    }
  },
);

const ms = (list: number[], q: number) => `${quantile(list, q)?.toFixed(0) ?? "—"} ms`;
console.log(
  `\nOne project of ${projects}, ${tasks.toLocaleString("en")} tasks, ${rounds} rounds by turns:`,
);
for (const name of ["before", "after"] as const) {
  const { open, fcp, waited, reload, reloadFcp, files } = figures[name];
  console.log(
    `${name.padEnd(6)} (${served.builds[name]}): ${files}; first contentful paint ${ms(fcp, 0.5)}` +
      `; board painted ${ms(open, 0.5)} / ${ms(open, 0.9)}` +
      ` (median / p90); first pull waited for a connection ${ms(waited, 0.5)}` +
      `; warm reload ${ms(reload, 0.5)} / ${ms(reload, 0.9)} (first contentful paint ${ms(reloadFcp, 0.5)})`,
  );
}
