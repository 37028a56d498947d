/**
 * `npx tsx scripts/probes/click-parts.ts [--tasks 10000] [--runs 20] [--build dist/client]`: the
 * Event Timing duration of a status change on the board taken apart, on the benchmark's seeded
 * board and production server (scripts/bench/bench-server.ts; Postgres with DATABASE_URL, else
 * the embedded one), with the build in dist/client or the one `--build` names (served by
 * renaming folders, as open-ab.ts does).
 *
 * Prints, each pressed as a person presses (held 60 ms), median and p95 of:
 *   - a click that changes a small button's text (the page's floor for an input that paints),
 *   - a click that shifts the cards of two columns by one card with a class and no other script
 *     (the floor for the repaint a status change makes: style, layout, raster, compositing),
 *   - the card menu closed with Escape (the menu's own teardown),
 *   - "Move to… Top of Done" from the card menu, as `npm run bench` measures it, taken apart
 *     as its Event Timing entry gives it: the wait for the main thread, the handlers (with
 *     the microtasks they queue: the mutation and React's render and commit of both columns)
 *     and the rest, the frame (style, layout, paint, presentation; the duration is rounded to
 *     8 ms, so this part is too),
 *   - and that click's time to the frame that shows the card in Done.
 * Browsers report no duration under 16 ms: those count as 16.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import type { Page } from "@playwright/test";
import { startBoardSystem } from "../bench/bench-server.ts";
import {
  arm,
  eventDuration,
  launchBrowser,
  PRESS_MS,
  moveAndMeasure,
  openMoveMenu,
  result,
  settledBoard,
  taskIdAt,
  type MeasuredChange,
} from "../bench/browser-figures.ts";
import { msSummary as summary } from "../bench/figures.ts";
import { ServedBuilds } from "../bench/served-builds.ts";

const { values } = parseArgs({
  options: {
    tasks: { type: "string", default: "10000" },
    runs: { type: "string", default: "20" },
    build: { type: "string", default: "dist/client" },
  },
});
const tasks = Number(values.tasks);
const runs = Number(values.runs);
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
  return pressed(page, "#click-probe");
}

/** Clicks the element as a person does, and returns the click's Event Timing duration. */
async function pressed(page: Page, selector: string): Promise<number> {
  await arm(page, { selector });
  await page.locator(selector).click({ delay: PRESS_MS });
  const { start } = await result(page);
  return eventDuration(page, start, clickEvents);
}

/**
 * A click whose handler only toggles a class that shifts the cards of To do up and of Done down
 * by one card, as a status change from the top of one to the top of the other moves them: the
 * same repaint with no script to speak of, the floor of the status change's duration.
 */
async function shiftClick(page: Page): Promise<number> {
  await page.evaluate(() => {
    if (document.getElementById("shift-probe")) return;
    const style = document.createElement("style");
    style.textContent = `
      .shift-probe section.board-column[data-status="to-do"] .board-cards { translate: 0 -98px }
      .shift-probe section.board-column[data-status="done"] .board-cards { translate: 0 98px }`;
    document.head.append(style);
    const button = document.createElement("button");
    button.id = "shift-probe";
    button.textContent = "shift";
    button.style.cssText = "position: fixed; top: 0; left: 80px; z-index: 9999";
    button.onclick = () => document.documentElement.classList.toggle("shift-probe");
    document.body.append(button);
  });
  const duration = await pressed(page, "#shift-probe");
  await page.waitForTimeout(100);
  // Back, unmeasured, so that the board is as it was for the next status change.
  await page.locator("#shift-probe").click();
  return duration;
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

async function statusChange(page: Page): Promise<MeasuredChange> {
  return moveAndMeasure(page, await taskIdAt(page, "to-do", 0), "done", "Top of Done");
}

const { system, workspace, boardUrl } = await startBoardSystem(tasks, `click-parts-${tasks}`);
const served = new ServedBuilds(path.resolve(import.meta.dirname, "../.."), {
  measured: path.resolve(values.build),
});
const browser = await launchBrowser();
try {
  served.serve("measured");
  const cookies = workspace.sessions[0];
  const { page } = await settledBoard(browser, system.baseUrl, cookies, boardUrl);
  const probe: number[] = [];
  const shift: number[] = [];
  const escape: number[] = [];
  const changes: MeasuredChange[] = [];
  for (let i = 0; i < runs; i++) {
    probe.push(await probeClick(page));
    await page.waitForTimeout(200);
    shift.push(await shiftClick(page));
    await page.waitForTimeout(200);
    escape.push(await menuEscape(page));
    await page.waitForTimeout(300);
    changes.push(await statusChange(page));
    await page.waitForTimeout(500);
  }
  console.log(
    `\n${tasks.toLocaleString("en")}-task board, ${runs} of each, Event Timing duration:`,
  );
  console.log(summary("  a click that changes a button's text", probe));
  console.log(summary("  a click that shifts two columns' cards by one (CSS only)", shift));
  console.log(summary("  the card menu closed with Escape", escape));
  const of = (part: keyof MeasuredChange) => changes.map((change) => change[part]);
  console.log(summary("  status change (Move to… Top of Done)", of("event")));
  console.log(summary("    of it, waiting for the main thread", of("waited")));
  console.log(summary("    of it, the handlers (React's render and commit)", of("handled")));
  console.log(summary("    of it, the frame after them (to the nearest 8 ms)", of("frame")));
  console.log(summary("  status change, click to the frame showing it", of("paint")));
} finally {
  served.restore();
  await browser.close();
  await system.stop();
}
