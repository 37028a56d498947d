import { expect, test, type CDPSession, type Page } from "@playwright/test";
import { uniqueEmail } from "./support/accounts.ts";
import { createTasksThroughSync, ownerOfNewProject } from "./support/sync.ts";

/**
 * The board on a phone, by touch: a finger held still on a card picks it up, a quick swipe
 * scrolls the board. Playwright's touchscreen only taps, so the finger is Chromium's own touch
 * input, sent through the DevTools protocol.
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

type Point = { x: number; y: number };

async function ownerWithTasks(page: Page, count: number) {
  const { workspaceId, projectId } = await ownerOfNewProject(page.request, "Touch workspace", {
    owner: { name: "Ada Owner", email: uniqueEmail("touch") },
    project: { name: "Website", key: "WEB" },
  });
  await createTasksThroughSync(page.request, projectId, "Task", count);
  await page.goto(`/dashboard/workspace/${workspaceId}/project/${projectId}/board`);
  await expect(page.getByRole("link", { name: "Task 1", exact: true })).toBeVisible();
}

const board = (page: Page) => page.locator(".board-columns");
const column = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const titles = (page: Page, name: string) => column(page, name).locator(".task-card-title");
const card = (page: Page, title: string) =>
  page.getByRole("article").filter({ has: page.getByRole("link", { name: title, exact: true }) });
/** The copy of the card that follows the finger once it is picked up. */
const lifted = (page: Page) => page.locator(".task-card-overlay");

/** Resolves once the store has pushed a change to the server. */
const pushed = (page: Page) =>
  page.waitForResponse((response) => response.url().endsWith("/api/replicache/push"));

async function boxOf(page: Page, what: "board" | { card: string } | { column: string }) {
  const locator =
    what === "board"
      ? board(page)
      : "card" in what
        ? card(page, what.card)
        : column(page, what.column);
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${JSON.stringify(what)} is not on the page`);
  return box;
}

async function middleOfCard(page: Page, title: string): Promise<Point> {
  const box = await boxOf(page, { card: title });
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

const between = (from: Point, to: Point, fraction: number): Point => ({
  x: from.x + (to.x - from.x) * fraction,
  y: from.y + (to.y - from.y) * fraction,
});

/** One finger on the touch screen. */
class Finger {
  private at: Point = { x: 0, y: 0 };

  constructor(private readonly cdp: CDPSession) {}

  static async of(page: Page) {
    return new Finger(await page.context().newCDPSession(page));
  }

  async press(point: Point) {
    this.at = point;
    await this.touch("touchStart", [point]);
  }

  /** Slides to `to` in small steps, as a finger does. */
  async slide(to: Point, steps: number) {
    const from = this.at;
    for (let step = 1; step <= steps; step++) {
      await this.touch("touchMove", [between(from, to, step / steps)]);
    }
    this.at = to;
  }

  async lift() {
    await this.touch("touchEnd", []);
  }

  /**
   * A quick swipe: every event is sent at once, without waiting for the page between them, so
   * the finger has moved and left long before any press delay could run out.
   */
  async swipe(from: Point, to: Point, steps: number) {
    const events: Promise<unknown>[] = [this.touch("touchStart", [from])];
    for (let step = 1; step <= steps; step++) {
      events.push(this.touch("touchMove", [between(from, to, step / steps)]));
    }
    events.push(this.touch("touchEnd", []));
    await Promise.all(events);
    this.at = to;
  }

  private touch(type: "touchStart" | "touchMove" | "touchEnd", touchPoints: Point[]) {
    return this.cdp.send("Input.dispatchTouchEvent", { type, touchPoints });
  }
}

test("on a phone, a card held still is picked up and dragged to another place in its column", async ({
  page,
}) => {
  await ownerWithTasks(page, 3);
  const finger = await Finger.of(page);

  await finger.press(await middleOfCard(page, "Task 1"));
  // Held still, the card comes up under the finger: no movement needed.
  await expect(lifted(page)).toBeVisible();
  await finger.slide(await middleOfCard(page, "Task 3"), 8);
  await expect(page.getByText("WEB-1 Task 1 is over WEB-3 Task 3 in To do.")).toBeAttached();
  const saved = pushed(page);
  await finger.lift();

  await expect(lifted(page)).toHaveCount(0);
  await expect(titles(page, "To do")).toHaveText(["Task 2", "Task 3", "Task 1"]);
  await saved;
  // The drag was not a tap: no task opened.
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await page.reload();
  await expect(titles(page, "To do")).toHaveText(["Task 2", "Task 3", "Task 1"]);
});

test("on a phone, a card dragged to the board's edge scrolls the board and drops into the next column", async ({
  page,
}) => {
  await ownerWithTasks(page, 3);
  const finger = await Finger.of(page);
  const area = await boxOf(page, "board");
  const middle = area.x + area.width / 2;
  const start = await middleOfCard(page, "Task 2");

  await finger.press(start);
  await expect(lifted(page)).toBeVisible();
  // Near the right edge the board scrolls sideways under the card (dnd-kit's auto-scroll, which
  // starts a fifth of the board's width from its edge and is slow near the start of that band).
  await finger.slide({ x: area.x + area.width * 0.85, y: start.y }, 6);
  // Until In progress is under the middle of the board; then the finger comes back onto it.
  await expect
    .poll(async () => (await boxOf(page, { column: "In progress" })).x, { intervals: [20] })
    .toBeLessThan(middle - 40);
  await finger.slide({ x: middle, y: start.y }, 2);
  await expect(column(page, "In progress")).toHaveAttribute("data-drop-target", "true");
  const saved = pushed(page);
  await finger.lift();

  await expect(titles(page, "In progress")).toHaveText(["Task 2"]);
  await expect(titles(page, "To do")).toHaveText(["Task 1", "Task 3"]);
  await saved;

  await page.reload();
  await expect(titles(page, "In progress")).toHaveText(["Task 2"]);
  await expect(titles(page, "To do")).toHaveText(["Task 1", "Task 3"]);
});

test("on a phone, a quick swipe across a card scrolls the board and leaves the card in place", async ({
  page,
}) => {
  await ownerWithTasks(page, 3);
  const finger = await Finger.of(page);
  await expect(column(page, "To do")).toBeInViewport({ ratio: 0.9 });

  const start = await middleOfCard(page, "Task 2");
  await finger.swipe(start, { x: start.x - 160, y: start.y }, 6);

  // The board moved on past To do…
  await expect(column(page, "To do")).not.toBeInViewport({ ratio: 0.5 });
  // …and the card was never picked up: nothing was announced about it, nothing moved.
  await expect(page.getByRole("status").filter({ hasText: "WEB-2 Task 2" })).toHaveCount(0);
  await expect(lifted(page)).toHaveCount(0);
  await expect(titles(page, "To do")).toHaveText(["Task 1", "Task 2", "Task 3"]);
  await expect(titles(page, "In progress")).toHaveCount(0);
});
