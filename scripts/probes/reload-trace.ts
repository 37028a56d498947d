/**
 * `npx tsx scripts/probes/reload-trace.ts --before <dir> [--after dist/client] [--rounds 6] [--tasks 800]`:
 * where the page's main thread spends a warm reload of the board, for two builds of the client
 * by turns behind one production server (as open-ab.ts does; the benchmark's seeded data). Each
 * turn opens the board in an empty browser, waits 2.5 s as `npm run bench` does, and records
 * a Chrome trace of the reload up to the first frame with a card. The trace's main-thread
 * events are summed by name as self time (an event's duration less its children's): running
 * scripts (`v8.callFunction`), evaluating modules, producing V8's code cache
 * (`v8.produceModuleCache`), style (`UpdateLayoutTree`), layout, paint… per reload, medians of
 * the reload times beside them, and the largest code caches produced in the first round.
 *
 * The figures it gave on 2026-12-07 are in docs/performance/first-load-2026-12-06.md
 * ("Seventh pass").
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { boardReady } from "../bench/browser-figures.ts";
import { quantile } from "../bench/figures.ts";
import { byTurnsOnBoard, twoBuilds, type BuildName } from "../bench/two-builds.ts";

const { values } = parseArgs({
  options: {
    before: { type: "string" },
    after: { type: "string", default: "dist/client" },
    rounds: { type: "string", default: "6" },
    tasks: { type: "string", default: "800" },
  },
});
const root = path.resolve(import.meta.dirname, "../..");
const served = twoBuilds(root, values);
const rounds = Number(values.rounds);
const tasks = Number(values.tasks);

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: {
    data?: {
      url?: string;
      producedCacheSize?: number;
      isLoadingMainFrame?: boolean;
      documentLoaderURL?: string;
    };
  };
};
type Span = TraceEvent & { dur: number };

const selfMs: Record<BuildName, Map<string, number>> = { before: new Map(), after: new Map() };
const reloads: Record<BuildName, number[]> = { before: [], after: [] };
const caches: Record<BuildName, string[]> = { before: [], after: [] };

/**
 * The reload's start, on the page's main thread: the navigationStart mark of the main frame's
 * document at the board's address (the marks without one are the initial empty documents).
 */
function navigation(events: TraceEvent[], url: string) {
  const start = events.find(
    (event) =>
      event.name === "navigationStart" &&
      event.args?.data?.isLoadingMainFrame &&
      event.args.data.documentLoaderURL?.endsWith(url),
  );
  return start && { pid: start.pid, tid: start.tid, ts: start.ts };
}

/** Adds each span's self time (its duration less its children's) to `into`, by name. */
function addSelfTimes(spans: Span[], into: Map<string, number>) {
  const stack: { span: Span; children: number }[] = [];
  const pop = () => {
    const { span, children } = stack.pop()!;
    into.set(span.name, (into.get(span.name) ?? 0) + (span.dur - children) / 1000);
  };
  for (const span of spans) {
    while (stack.length > 0 && stack.at(-1)!.span.ts + stack.at(-1)!.span.dur <= span.ts) pop();
    const parent = stack.at(-1);
    if (parent) parent.children += span.dur;
    stack.push({ span, children: 0 });
  }
  while (stack.length > 0) pop();
}

await byTurnsOnBoard(
  served,
  { tasks, projects: 1, rounds, label: `reload-trace-${tasks}` },
  async ({ name, round, browser, person, boardUrl }) => {
    await person.page.goto(boardUrl);
    await boardReady(person.page);
    await person.page.waitForTimeout(2500);
    await browser.startTracing(person.page, {
      categories: [
        "blink.user_timing",
        "devtools.timeline",
        "disabled-by-default-devtools.timeline",
        "v8",
      ],
    });
    await person.page.reload();
    const ready = await boardReady(person.page);
    reloads[name].push(ready);
    const trace = JSON.parse((await browser.stopTracing()).toString()) as {
      traceEvents: TraceEvent[];
    };
    const events = trace.traceEvents;
    const main = navigation(events, boardUrl);
    if (!main) throw new Error("no navigation in the trace");
    const end = main.ts + ready * 1000;
    const spans = events
      .filter(
        (event): event is Span =>
          event.pid === main.pid &&
          event.tid === main.tid &&
          event.ph === "X" &&
          event.dur !== undefined &&
          event.ts >= main.ts &&
          event.ts <= end,
      )
      .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
    addSelfTimes(spans, selfMs[name]);
    if (round > 0) return;
    caches[name] = spans
      .filter((span) => span.name === "v8.produceModuleCache" && span.args?.data?.url)
      .sort((a, b) => b.dur - a.dur)
      .slice(0, 3)
      .map((span) => {
        const file = path.basename(span.args!.data!.url!).slice(0, 40);
        const kb = ((span.args!.data!.producedCacheSize ?? 0) / 1024).toFixed(0);
        return `${file} ${(span.dur / 1000).toFixed(1)} ms (${kb} KB)`;
      });
  },
);

const perReload = (name: BuildName, event: string) => (selfMs[name].get(event) ?? 0) / rounds;
const total = (name: BuildName) =>
  [...selfMs[name].values()].reduce((sum, ms) => sum + ms, 0) / rounds;
const median = (list: number[]) => `${quantile(list, 0.5)?.toFixed(0) ?? "—"} ms`;
console.log(`\nWarm reload of a ${tasks}-task board, ${rounds} rounds by turns:`);
for (const name of ["before", "after"] as const) {
  console.log(
    `${name.padEnd(6)} (${served.builds[name]}): first card ${median(reloads[name])} (median); ` +
      `main thread busy ${total(name).toFixed(1)} ms until then (mean per reload)`,
  );
  console.log(`       largest code caches produced: ${caches[name].join(", ") || "none"}`);
}
const names = [...new Set([...selfMs.before.keys(), ...selfMs.after.keys()])]
  .map((event) => ({ event, before: perReload("before", event), after: perReload("after", event) }))
  .sort((a, b) => Math.max(b.before, b.after) - Math.max(a.before, a.after));
console.log("\nmain-thread self time per reload, ms:  before    after     difference");
for (const { event, before, after } of names.slice(0, 20)) {
  const cells = [before, after, after - before].map((ms) => ms.toFixed(1).padStart(8));
  console.log(`  ${event.slice(0, 36).padEnd(36)} ${cells.join(" ")}`);
}
