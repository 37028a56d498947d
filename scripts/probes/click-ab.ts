/**
 * `npx tsx scripts/probes/click-ab.ts --css "<rules>" [--tasks 10000] [--runs 60]`: does a style rule
 * make the board's changes faster? On the benchmark's seeded board and production server
 * (scripts/bench/bench-server.ts; Postgres with DATABASE_URL, else the embedded one) it makes
 * the two changes `npm run bench` measures (a move in the column with the keyboard drag, and
 * "Move to… Top of Done" from a card's menu), by turns without and with a stylesheet holding
 * `--css` added to the page, and prints for each median and p95 of the input's Event Timing
 * duration taken apart and of the time from the input to the frame showing the card.
 *
 * By turns, in one page, because the figures drift more between two runs of the benchmark on
 * the same code (status change p95 49 and 56 ms) than most changes move them; a rule that
 * helps shows as a difference here. Builds the client when dist/client is missing.
 */
import { parseArgs } from "node:util";
import type { Page } from "@playwright/test";
import { builtClient, startBoardSystem } from "../bench/bench-server.ts";
import {
  launchBrowser,
  moveAndMeasure,
  reorderAndMeasure,
  settledBoard,
  taskIdAt,
  type MeasuredChange,
} from "../bench/browser-figures.ts";
import { quantile } from "../bench/figures.ts";

const { values } = parseArgs({
  options: {
    css: { type: "string" },
    tasks: { type: "string", default: "10000" },
    runs: { type: "string", default: "60" },
  },
});
if (!values.css) {
  console.error('--css takes the rules to try, for example --css ".task-card { contain: paint }"');
  process.exit(2);
}
const css = values.css;
const tasks = Number(values.tasks);
const runs = Number(values.runs);

async function setRules(page: Page, rules: string | null) {
  await page.evaluate((text) => {
    document.getElementById("click-ab-rules")?.remove();
    if (text === null) return;
    const style = document.createElement("style");
    style.id = "click-ab-rules";
    style.textContent = text;
    document.head.append(style);
  }, rules);
}

const line = (label: string, changes: MeasuredChange[]) => {
  const at = (part: keyof MeasuredChange, q: number) =>
    (
      quantile(
        changes.map((change) => change[part]),
        q,
      ) ?? 0
    ).toFixed(0);
  const both = (part: keyof MeasuredChange) => `${at(part, 0.5)} / ${at(part, 0.95)}`;
  return (
    `${label} (${changes.length}): Event Timing ${both("event")} ms ` +
    `(handlers ${both("handled")}, frame ${both("frame")}); ` +
    `input to the frame showing it ${both("paint")} ms`
  );
};

await builtClient();
const { system, workspace, boardUrl } = await startBoardSystem(tasks, `click-ab-${tasks}`);
const browser = await launchBrowser();
try {
  const cookies = workspace.sessions[0];
  const { page } = await settledBoard(browser, system.baseUrl, cookies, boardUrl);
  const turns = { built: { move: [], status: [] }, tried: { move: [], status: [] } } as Record<
    "built" | "tried",
    Record<"move" | "status", MeasuredChange[]>
  >;
  for (let i = 0; i < runs; i++) {
    const turn = turns[i % 2 === 1 ? "tried" : "built"];
    await setRules(page, i % 2 === 1 ? css : null);
    await page.waitForTimeout(300);
    turn.move.push(await reorderAndMeasure(page, await taskIdAt(page, "to-do", 2), "to-do", 2));
    await page.waitForTimeout(400);
    const first = await taskIdAt(page, "to-do", 0);
    turn.status.push(await moveAndMeasure(page, first, "done", "Top of Done"));
    await page.waitForTimeout(400);
  }
  console.log(`\n${tasks.toLocaleString("en")}-task board, median / p95, by turns:`);
  for (const [change, label] of [
    ["move", "move in column (keyboard drag)"],
    ["status", "status change (Move to… Top of Done)"],
  ] as const) {
    console.log(label);
    console.log(line("  as built", turns.built[change]));
    console.log(line(`  with ${css}`, turns.tried[change]));
  }
} finally {
  await browser.close();
  await system.stop();
}
