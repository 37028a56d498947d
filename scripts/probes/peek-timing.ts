/**
 * `npx tsx scripts/probes/peek-timing.ts [--tasks 10000] [--runs 20]`: the task peek on the benchmark's
 * seeded board and production server (scripts/bench/bench-server.ts; Postgres with
 * DATABASE_URL, else the embedded one), each input pressed as a person presses (held 60 ms).
 *
 * Prints, median and p95 of each:
 *   - a click on a card's title, which opens the peek: its Event Timing duration (input to the
 *     next paint), the handlers' part of it, and the time to the frame that shows the panel's
 *     properties (its pickers);
 *   - `j` in the open peek, which shows the next card's task: the same three, to the frame that
 *     shows the next task's title in the panel;
 *   - Escape, which closes it: its Event Timing duration.
 * Browsers report no duration under 16 ms: those count as 16, and their handlers as 0.
 */
import { parseArgs } from "node:util";
import type { Page } from "@playwright/test";
import { startBoardSystem } from "../bench/bench-server.ts";
import {
  arm,
  card,
  eventParts,
  launchBrowser,
  PRESS_MS,
  result,
  settledBoard,
} from "../bench/browser-figures.ts";
import { msSummary as summary } from "../bench/figures.ts";

const { values } = parseArgs({
  options: {
    tasks: { type: "string", default: "10000" },
    runs: { type: "string", default: "20" },
  },
});
const tasks = Number(values.tasks);
const runs = Number(values.runs);

type Measured = { event: number; handled: number; shown: number };
type Check = Parameters<typeof arm>[1];

/** Runs `act`, and measures its input and the time to the first frame where `check` holds. */
async function measure(
  page: Page,
  events: string[],
  check: Check,
  act: () => Promise<void>,
): Promise<Measured> {
  await arm(page, check);
  await act();
  const { start, end } = await result(page);
  const parts = await eventParts(page, start, events);
  return {
    event: Math.max(16, parts?.duration ?? 16),
    handled: parts?.handled ?? 0,
    shown: end - start,
  };
}

const { system, workspace, boardUrl } = await startBoardSystem(tasks, `peek-timing-${tasks}`);
const browser = await launchBrowser();
try {
  const { page } = await settledBoard(browser, system.baseUrl, workspace.sessions[0], boardUrl);
  const opens: Measured[] = [];
  const steps: Measured[] = [];
  const closes: Measured[] = [];
  const title = (index: number) => page.locator(`${card("to-do", index)} .task-card-title`);
  for (let i = 0; i < runs; i++) {
    const next = (await title(2).textContent()) ?? "";
    opens.push(
      await measure(
        page,
        ["pointerdown", "pointerup", "click"],
        { selector: "div.task-peek .task-peek-properties" },
        () => title(1).click({ delay: PRESS_MS }),
      ),
    );
    await page.waitForTimeout(300);
    steps.push(
      await measure(page, ["keydown", "keyup"], { text: ".task-peek-title", contains: next }, () =>
        page.keyboard.press("j", { delay: PRESS_MS }),
      ),
    );
    await page.waitForTimeout(300);
    closes.push(
      await measure(page, ["keydown", "keyup"], { selector: "body" }, () =>
        page.keyboard.press("Escape", { delay: PRESS_MS }),
      ),
    );
    await page.locator("div.task-peek").waitFor({ state: "detached" });
    await page.waitForTimeout(300);
  }
  const of = (list: Measured[], part: keyof Measured) => list.map((figure) => figure[part]);
  console.log(`\n${tasks.toLocaleString("en")}-task board, ${runs} of each:`);
  console.log(summary("  open (click a card's title), Event Timing", of(opens, "event")));
  console.log(summary("    of it, the handlers", of(opens, "handled")));
  console.log(summary("    click to the frame showing the properties", of(opens, "shown")));
  console.log(summary("  j (the next task), Event Timing", of(steps, "event")));
  console.log(summary("    of it, the handlers", of(steps, "handled")));
  console.log(summary("    key to the frame showing its title", of(steps, "shown")));
  console.log(summary("  Escape (close), Event Timing", of(closes, "event")));
} finally {
  await browser.close();
  await system.stop();
}
