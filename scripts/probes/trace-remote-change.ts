/**
 * `npx tsx scripts/probes/trace-remote-change.ts [--tasks 10000] [--runs 20]`: where the time goes
 * between one person's Move to… click and the frame that shows the move in another person's
 * browser (the budget "change visible in another user's browser"), on the benchmark's seeded
 * board and production server (scripts/bench/bench-server.ts; with DATABASE_URL it seeds a
 * fresh database on that Postgres, else the embedded one). Builds the client when
 * dist/client is missing, as `npm run bench` does.
 *
 * Each leg is read from the pages themselves: the author's push request (Resource Timing),
 * the poke's arrival in the other page (its EventSource, wrapped), the pull that follows it,
 * and the frame that shows the card. Prints median and p95 of each leg.
 *
 * `--keystroke`: the same legs for a key pressed in a task's description editor, until the
 * other person's open editor draws the character (the bench's remote keystroke).
 */
import { parseArgs } from "node:util";
import type { CDPSession, Page } from "@playwright/test";
import { builtClient, startBoardSystem } from "../bench/bench-server.ts";
import {
  firstSampleUnder,
  printSummary,
  profileWindow,
  SourceMaps,
  summarise,
  type Profile,
} from "../bench/cpu-profile.ts";
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

const { values } = parseArgs({
  options: {
    tasks: { type: "string", default: "10000" },
    runs: { type: "string", default: "20" },
    profile: { type: "boolean", default: false },
    settle: { type: "string", default: "5000" },
    keystroke: { type: "boolean", default: false },
  },
});
const tasks = Number(values.tasks);
const runs = Number(values.runs);

const built = await builtClient();
const profiles: Profile[] = [];

/** Records when each poke reaches the page (epoch ms), before the app's own listener runs. */
const pokeClock = `(() => {
  window.__pokes = [];
  window.__edits = [];
  const Source = window.EventSource;
  window.EventSource = class extends Source {
    constructor(...args) {
      super(...args);
      this.addEventListener("poke", () => window.__pokes.push(performance.timeOrigin + performance.now()));
      this.addEventListener("edit", () => window.__edits.push(performance.timeOrigin + performance.now()));
    }
  };
})();`;

/**
 * Runs in the page right after the profiler starts: spins 3 ms, so that the profile's samples
 * inside it can be put on the page's clock; returns the page's time (epoch ms) at its start.
 */
const clockMark = `(() => {
  const start = performance.now();
  while (performance.now() < start + 3);
  return performance.timeOrigin + start;
})()`;

type Span = { start: number; end: number };

/** The page's requests to `pathPart`, as epoch ms. */
function requests(page: Page, pathPart: string): Promise<Span[]> {
  return page.evaluate(
    (part) =>
      performance
        .getEntriesByType("resource")
        .filter((entry) => entry.name.includes(part))
        .map((entry) => ({
          start: performance.timeOrigin + entry.startTime,
          end: performance.timeOrigin + (entry as PerformanceResourceTiming).responseEnd,
        })),
    pathPart,
  );
}

const legs = {
  "click → push sent": [] as number[],
  "push round trip": [] as number[],
  "push answered → poke arrives": [] as number[],
  "poke → pull sent": [] as number[],
  "pull round trip": [] as number[],
  "pull answered → painted": [] as number[],
  "key → relay sent": [] as number[],
  "relay round trip": [] as number[],
  "relay sent → edit arrives": [] as number[],
  "edit arrives → painted": [] as number[],
  "click → painted in the other browser": [] as number[],
  "click → painted in the author's browser": [] as number[],
};

const { system, workspace, boardUrl } = await startBoardSystem(tasks, `trace-${tasks}`);
const browser = await launchBrowser();
try {
  const author = await newPerson(browser, system.baseUrl, workspace.sessions[0]);
  const other = await newPerson(browser, system.baseUrl, workspace.sessions[1]);
  await other.context.addInitScript(pokeClock);
  await author.page.goto(boardUrl);
  await boardReady(author.page);
  await other.page.goto(boardUrl);
  await boardReady(other.page);
  // Past the first syncs' persisting and the search index's first build.
  await author.page.waitForTimeout(Number(values.settle));
  const cdp = values.profile ? await other.context.newCDPSession(other.page) : undefined;
  if (cdp) {
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
  }

  const task = workspace.sample[0];
  const project = workspace.projects[0];
  let typed = ` zq${Date.now().toString(36)}`;
  const editor = ".task-description .rich-text-input";
  if (values.keystroke) {
    if (!task || !project) throw new Error("the workspace has no sample task");
    const taskUrl = `/dashboard/workspace/${workspace.workspaceId}/project/${project.id}/task/${task.id}`;
    for (const person of [author.page, other.page]) {
      await person.goto(taskUrl);
      await person.getByRole("textbox", { name: "Description" }).click();
      await person.keyboard.press("Control+End");
    }
    await author.page.keyboard.type(typed);
    await arm(other.page, { text: editor, contains: typed }, true);
    await result(other.page);
    await author.page.waitForTimeout(700);
  }

  for (let i = 0; i < runs; i++) {
    let act: () => Promise<void>;
    if (values.keystroke) {
      const key = "abcdefghij"[i % 10] ?? "x";
      typed += key;
      await arm(other.page, { text: editor, contains: typed }, true);
      await arm(author.page, { text: editor, contains: typed });
      act = () => author.page.keyboard.press(key);
    } else {
      const id = await taskIdAt(author.page, "to-do", 0);
      const menu = await openMoveMenu(author.page, id);
      const target = `${card("in-progress", 0)}[data-task-id="${id}"]`;
      await arm(other.page, { selector: target }, true);
      await arm(author.page, { selector: target });
      act = () => menu.getByRole("menuitem", { name: "Top of In progress", exact: true }).click();
    }
    let profiledFrom = 0;
    if (cdp) {
      await cdp.send("Profiler.start");
      profiledFrom = (await other.page.evaluate(clockMark)) as number;
    }
    await act();
    const local = await result(author.page);
    const seen = await result(other.page);
    if (cdp) profiles.push(await receiverWindow(cdp, other.page, profiledFrom, seen.end));
    const click = local.start;
    const push = (await requests(author.page, "/api/replicache/push")).find(
      (span) => span.start >= click,
    );
    const pokes = await other.page.evaluate(
      () => (window as unknown as { __pokes: number[] }).__pokes,
    );
    // The poke may arrive a moment before the push's response has been read.
    const poke = push && pokes.find((at) => at >= push.start);
    const pull =
      poke &&
      (await requests(other.page, "/api/replicache/pull")).find((span) => span.start >= poke - 1);
    if (push && poke && pull) {
      legs["click → push sent"].push(push.start - click);
      legs["push round trip"].push(push.end - push.start);
      legs["push answered → poke arrives"].push(poke - push.end);
      legs["poke → pull sent"].push(pull.start - poke);
      legs["pull round trip"].push(pull.end - pull.start);
      legs["pull answered → painted"].push(seen.end - pull.end);
    }
    const relayed = (await requests(author.page, "/api/presence/edit")).find(
      (span) => span.start >= click,
    );
    const edits = await other.page.evaluate(
      () => (window as unknown as { __edits: number[] }).__edits,
    );
    const edit = relayed && edits.find((at) => at >= relayed.start);
    if (relayed && edit) {
      legs["key → relay sent"].push(relayed.start - click);
      legs["relay round trip"].push(relayed.end - relayed.start);
      legs["relay sent → edit arrives"].push(edit - relayed.start);
      legs["edit arrives → painted"].push(seen.end - edit);
    }
    legs["click → painted in the other browser"].push(seen.end - click);
    legs["click → painted in the author's browser"].push(local.end - local.start);
    await author.page.waitForTimeout(700);
  }
} finally {
  await browser.close();
  await system.stop();
}

if (profiles.length > 0) {
  printSummary(
    values.keystroke
      ? `The other browser, from the relayed edit to the frame showing it (${profiles.length} keys)`
      : `The other browser, from the poke to the frame showing the move (${profiles.length} moves)`,
    summarise(profiles, new SourceMaps(built)),
  );
}

/**
 * Stops the receiving page's profiler and keeps only its samples from the poke's arrival to
 * the frame that showed the move: the receiving side of the change.
 */
async function receiverWindow(
  cdp: CDPSession,
  page: Page,
  profiledFrom: number,
  paintedAt: number,
): Promise<Profile> {
  const { profile } = (await cdp.send("Profiler.stop")) as { profile: Profile };
  // A keystroke is first heard as its relayed edit; a move as its poke.
  const heard = await page.evaluate(
    (name) => (window as unknown as Record<string, number[]>)[name] ?? [],
    values.keystroke ? "__edits" : "__pokes",
  );
  const pokedAt = heard.at(-1) ?? paintedAt;
  // The profile's clock is not the page's. Between the profiler's start and stop the page
  // evaluates only the clock mark: the first sample under Playwright's `evaluate` ties them.
  const markedAt = firstSampleUnder(profile, "evaluate");
  if (markedAt === undefined) throw new Error("the clock mark is not in the profile");
  return profileWindow(
    profile,
    markedAt + (pokedAt - profiledFrom) * 1000,
    markedAt + (paintedAt - profiledFrom) * 1000,
  );
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * q) - 1))];
};
console.log(
  `\n${values.keystroke ? "A keystroke" : "A move"} seen in another browser, ${tasks.toLocaleString("en")} tasks (ms):`,
);
for (const [leg, times] of Object.entries(legs)) {
  const median = quantile(times, 0.5)?.toFixed(0) ?? "—";
  const p95 = quantile(times, 0.95)?.toFixed(0) ?? "—";
  console.log(
    `  ${leg.padEnd(40)} median ${median.padStart(4)}   p95 ${p95.padStart(4)}   (${times.length})`,
  );
}
