/**
 * `npx tsx scripts/click-parts.ts [--tasks 10000] [--runs 20]`: the Event Timing duration of a
 * status change on the board taken apart, on the benchmark's seeded board and production
 * server (scripts/bench/bench-server.ts; Postgres with DATABASE_URL, else the embedded one).
 *
 * Prints, each pressed as a person presses (held 60 ms), median and p95 of:
 *   - a click that changes a small button's text (the page's floor for an input that paints),
 *   - the card menu closed with Escape (the menu's own teardown),
 *   - "Move to… Top of Done" from the card menu, as `npm run bench` measures it, and that
 *     click's time to the frame that shows the card in Done.
 * Browsers report no duration under 16 ms: those count as 16.
 */
import { parseArgs } from "node:util";
import type { Page } from "@playwright/test";
import { startBoardSystem } from "./bench/bench-server.ts";
import {
  arm,
  boardReady,
  card,
  eventDuration,
  launchBrowser,
  newPerson,
  openMoveMenu,
  result,
  taskIdAt,
} from "./bench/browser-figures.ts";
import { quantile } from "./bench/figures.ts";

const { values } = parseArgs({
  options: {
    tasks: { type: "string", default: "10000" },
    runs: { type: "string", default: "20" },
  },
});
const tasks = Number(values.tasks);
const runs = Number(values.runs);
const PRESS_MS = 60;
const clickEvents = ["pointerdown", "pointerup", "click"];

async function probeClick(page: Page): Promise<number> {
  await page.evaluate(() => {
    if (document.getElementById("click-probe")) return;
    const button = document.createElement("button");
    button.id = "click-probe";
    button.textContent = "probe";
    button.style.cssText = "position: fixed; top: 0; left: 0; z-index: 9999";
    button.onclick = () => {
      button.textContent = button.textContent === "probe" ? "probed" : "probe";
    };
    document.body.append(button);
  });
  await arm(page, { selector: "#click-probe" });
  await page.locator("#click-probe").click({ delay: PRESS_MS });
  const { start } = await result(page);
  return eventDuration(page, start, clickEvents);
}

async function menuEscape(page: Page): Promise<number> {
  await openMoveMenu(page, await taskIdAt(page, "to-do", 0));
  await page.waitForTimeout(200);
  await arm(page, { selector: "body" });
  // The first Escape closes the Move to submenu and its menu with it.
  await page.keyboard.press("Escape", { delay: PRESS_MS });
  const { start } = await result(page);
  await page.waitForTimeout(100);
  const duration = await eventDuration(page, start, ["keydown", "keyup"]);
  await page.keyboard.press("Escape");
  return duration;
}

async function statusChange(page: Page): Promise<{ event: number; paint: number }> {
  const id = await taskIdAt(page, "to-do", 0);
  const menu = await openMoveMenu(page, id);
  await arm(page, { selector: `${card("done", 0)}[data-task-id="${id}"]` });
  await menu.getByRole("menuitem", { name: "Top of Done", exact: true }).click({ delay: PRESS_MS });
  const { start, end } = await result(page);
  return { event: await eventDuration(page, start, clickEvents), paint: end - start };
}

const summary = (label: string, figures: number[]) => {
  const at = (q: number) => (quantile(figures, q) ?? 0).toFixed(0);
  const all = figures.map((figure) => figure.toFixed(0)).join(" ");
  return `${label}: median ${at(0.5)} ms, p95 ${at(0.95)} ms  (${all})`;
};

const { system, workspace, boardUrl } = await startBoardSystem(tasks, `click-parts-${tasks}`);
const browser = await launchBrowser();
try {
  const { page } = await newPerson(browser, system.baseUrl, workspace.sessions[0]);
  await page.goto(boardUrl);
  console.log(`First sync: board after ${(await boardReady(page)).toFixed(0)} ms`);
  // Past Replicache's first write to IndexedDB and the search index's first build.
  await page.waitForTimeout(20_000);
  const probe: number[] = [];
  const escape: number[] = [];
  const event: number[] = [];
  const paint: number[] = [];
  for (let i = 0; i < runs; i++) {
    probe.push(await probeClick(page));
    await page.waitForTimeout(200);
    escape.push(await menuEscape(page));
    await page.waitForTimeout(300);
    const change = await statusChange(page);
    event.push(change.event);
    paint.push(change.paint);
    await page.waitForTimeout(500);
  }
  console.log(
    `\n${tasks.toLocaleString("en")}-task board, ${runs} of each, Event Timing duration:`,
  );
  console.log(summary("  a click that changes a button's text", probe));
  console.log(summary("  the card menu closed with Escape", escape));
  console.log(summary("  status change (Move to… Top of Done)", event));
  console.log(summary("  status change, click to the frame showing it", paint));
} finally {
  await browser.close();
  await system.stop();
}
