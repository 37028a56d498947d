import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import {
  createWorkspaceThroughApi,
  signUpThroughApi,
  uniqueEmail,
  workspaceWithMember,
} from "./support/accounts.ts";
import {
  createProjectThroughSync,
  createTasksThroughSync,
  ownerOfNewProject,
} from "./support/sync.ts";
import { mutation, now, pushMutations } from "./support/sync-push.ts";
import { keyboardDragReady } from "./support/team.ts";

/**
 * The board's cards beyond moving them: the column headers, the task peek, the card's "⋯"
 * menu, the `x` selection's floating bar, the drop indicator and the board on a phone.
 */

async function ownerWithTasks(page: Page, count = 3) {
  await signUpThroughApi(page.request, { name: "Ada Owner", email: uniqueEmail("cards") });
  const workspaceId = await createWorkspaceThroughApi(page.request, "Cards workspace");
  return projectWithTasks(page, workspaceId, count);
}

async function projectWithTasks(page: Page, workspaceId: string, count: number) {
  const projectId = await createProjectThroughSync(page.request, workspaceId, {
    name: "Website",
    key: "WEB",
  });
  await createTasksThroughSync(page.request, projectId, "Task", count);
  const boardUrl = `/dashboard/workspace/${workspaceId}/project/${projectId}/board`;
  await page.goto(boardUrl);
  await expect(page.getByRole("link", { name: "Task 1", exact: true })).toBeVisible();
  return { workspaceId, projectId, boardUrl };
}

const column = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const titles = (page: Page, name: string) => column(page, name).locator(".task-card-title");
const card = (page: Page, title: string) =>
  page.getByRole("article").filter({ has: page.getByRole("link", { name: title, exact: true }) });
/** The peek panel, named by the task it shows. */
const peek = (page: Page) => page.getByRole("dialog");

/** Opens a card's "⋯" menu, then one of its submenus. */
async function openSubmenu(page: Page, title: string, submenu: string) {
  await page.getByRole("button", { name: `Actions for ${title}` }).click();
  await page.getByRole("menuitem", { name: submenu }).click();
}

test("column headers show each status of the project with its icon and count", async ({ page }) => {
  await ownerWithTasks(page, 2);
  const headers = page.locator(".board-column-header");
  await expect(headers).toHaveText([/To do\s*2/, /In progress\s*0/, /In review\s*0/, /Done\s*0/]);
  for (const header of await headers.all()) await expect(header.locator("svg")).toHaveCount(1);

  // A done card looks done: its status icon is Done's and its title is quieter.
  await openSubmenu(page, "Task 2", "Status");
  await page.getByRole("menuitemradio", { name: "Done" }).click();
  await expect(titles(page, "Done")).toHaveText(["Task 2"]);
  // The menu goes with the card, and the focus follows the card to its new column.
  await expect(page.getByRole("menu")).toHaveCount(0);
  await expect(card(page, "Task 2").locator(".task-card-title")).toBeFocused();
  await expect(card(page, "Task 2")).toHaveAttribute("data-done", "completed");
  await expect(card(page, "Task 1")).not.toHaveAttribute("data-done");
  const color = (title: string) =>
    card(page, title)
      .locator(".task-card-title")
      .evaluate((element) => getComputedStyle(element).color);
  expect(await color("Task 2")).not.toBe(await color("Task 1"));
});

test("clicking a card peeks at it beside the board; Esc closes, j/k step, Back closes", async ({
  page,
}) => {
  const { boardUrl } = await ownerWithTasks(page);
  await card(page, "Task 2").click();
  await expect(peek(page)).toBeVisible();
  await expect(peek(page).getByRole("heading", { name: "Task 2" })).toBeVisible();
  await expect(page).toHaveURL(/\/board\?peek=/);
  // The board stays behind it.
  await expect(column(page, "To do")).toBeVisible();

  await page.keyboard.press("j");
  await expect(peek(page).getByRole("heading", { name: "Task 3" })).toBeVisible();
  await page.keyboard.press("k");
  await page.keyboard.press("k");
  await expect(peek(page).getByRole("heading", { name: "Task 1" })).toBeVisible();

  await page.keyboard.press("Escape");
  await expect(peek(page)).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${boardUrl}$`));

  // Back and forward walk through the peek like pages.
  await page.goBack();
  await expect(peek(page).getByRole("heading", { name: "Task 1" })).toBeVisible();

  // A property changed in the peek shows on the card at once.
  await peek(page).getByRole("combobox", { name: "Priority: No priority" }).click();
  await page.getByRole("option", { name: "Urgent" }).click();
  await expect(card(page, "Task 1")).toContainText("Urgent");

  // The peek holds the focus itself, not its first button (whose tooltip would show and take
  // the first Esc), so one Esc closes it whatever the last key was.
  await page.keyboard.press("Escape");
  await expect(peek(page)).toHaveCount(0);
  await card(page, "Task 1").click();
  await expect(peek(page).getByRole("heading", { name: "Task 1" })).toBeVisible();
  await expect(peek(page)).toBeFocused();
  await expect(page.getByRole("tooltip")).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(peek(page)).toHaveCount(0);
  await page.goBack();
  await expect(peek(page).getByRole("heading", { name: "Task 1" })).toBeVisible();

  // The full page stays at its own route.
  await peek(page).getByRole("link", { name: "Open full page" }).click();
  await expect(page).toHaveURL(/\/task\/[\w-]+$/);
  await expect(peek(page)).toHaveCount(0);
});

test("the peek stays open while the board is filtered and the filters are cleared", async ({
  page,
}) => {
  // Wide enough that the panel leaves the filter bar's Clear filters uncovered.
  await page.setViewportSize({ width: 1600, height: 900 });
  const { boardUrl } = await ownerWithTasks(page);
  await card(page, "Task 2").click();
  await expect(peek(page).getByRole("heading", { name: "Task 2" })).toBeVisible();

  await page.getByRole("searchbox", { name: "Filter by text" }).fill("Task 3");
  await expect(page).toHaveURL(/q=Task/);
  await expect(card(page, "Task 1")).toHaveCount(0);
  await expect(card(page, "Task 3")).toBeVisible();
  await expect(page).toHaveURL(/peek=/);
  await expect(peek(page).getByRole("heading", { name: "Task 2" })).toBeVisible();

  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(card(page, "Task 1")).toBeVisible();
  await expect(page).not.toHaveURL(/q=/);
  await expect(peek(page).getByRole("heading", { name: "Task 2" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(peek(page)).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${boardUrl}$`));
});

test("s p a l d open the focused card's choices beside it, and the peek's pickers", async ({
  page,
}) => {
  await ownerWithTasks(page, 3);

  // The focused card (j): `s` opens its status choices beside it; typing and Enter pick.
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("j");
  const firstTitle = card(page, "Task 1").locator(".task-card-title");
  await expect(firstTitle).toBeFocused();
  await page.keyboard.press("s");
  const statusMenu = page.getByRole("menu", { name: "Change status of Task 1" });
  await expect(statusMenu).toBeVisible();
  await expect(statusMenu.getByRole("menuitemradio", { name: "To do" })).toBeChecked();
  await page.keyboard.press("i");
  await expect(statusMenu.getByRole("menuitemradio", { name: "In progress" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(statusMenu).toHaveCount(0);
  await expect(titles(page, "In progress")).toHaveText(["Task 1"]);
  await expect(firstTitle).toBeFocused();

  // `p` then the pointer: the priority's choices carry their icons.
  await page.keyboard.press("p");
  const priorityMenu = page.getByRole("menu", { name: "Change priority of Task 1" });
  await expect(
    priorityMenu.getByRole("menuitemradio", { name: "Urgent" }).locator("svg"),
  ).toBeVisible();
  await priorityMenu.getByRole("menuitemradio", { name: "Urgent" }).click();
  await expect(card(page, "Task 1")).toContainText("Urgent");

  // `a` and `d` as well; Esc closes without a change.
  await firstTitle.focus();
  await page.keyboard.press("a");
  await page.getByRole("menuitem", { name: "Assign to me" }).click();
  await expect(
    card(page, "Task 1").getByRole("img", { name: "Assigned to Ada Owner" }),
  ).toBeVisible();
  await firstTitle.focus();
  await page.keyboard.press("d");
  await expect(page.getByRole("menu", { name: "Change due date of Task 1" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toHaveCount(0);
  await expect(firstTitle).toBeFocused();
  await page.keyboard.press("l");
  await expect(
    page.getByRole("menu", { name: "Change labels of Task 1" }).getByRole("menuitem"),
  ).toHaveText(["No labels in this workspace"]);
  await page.keyboard.press("Escape");

  // In the peek the keys open the peek's own pickers, not the card's menu.
  await card(page, "Task 2").click();
  await expect(peek(page).getByRole("heading", { name: "Task 2" })).toBeVisible();
  await page.keyboard.press("s");
  await expect(page.getByRole("menu")).toHaveCount(0);
  await expect(page.getByRole("combobox", { name: "Filter statuses" })).toBeFocused();
  await page.keyboard.type("done");
  await page.keyboard.press("Enter");
  await expect(peek(page).getByRole("combobox", { name: "Status: Done" })).toBeVisible();
  await expect(page.getByRole("listbox")).toHaveCount(0);
  await expect(titles(page, "Done")).toHaveText(["Task 2"]);

  await page.keyboard.press("p");
  await page.getByRole("option", { name: "High" }).click();
  await expect(peek(page).getByRole("combobox", { name: "Priority: High" })).toBeVisible();
  await expect(card(page, "Task 2")).toContainText("High");
});

test("the card menu sets every property, copies the link and deletes", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await ownerWithTasks(page, 2);
  const first = card(page, "Task 1");

  await openSubmenu(page, "Task 1", "Priority");
  await page.getByRole("menuitemradio", { name: "High" }).click();
  await expect(first).toContainText("High");

  await openSubmenu(page, "Task 1", "Assignee");
  await page.getByRole("menuitem", { name: "Assign to me" }).click();
  await expect(first.getByRole("img", { name: "Assigned to Ada Owner" })).toHaveText("AO");

  await openSubmenu(page, "Task 1", "Due date");
  // The pull that confirms the change re-draws the card; the keyboard part below starts after it.
  const confirmed = page.waitForResponse((response) => response.url().includes("/replicache/pull"));
  await page.getByRole("menuitem", { name: "Today" }).click();
  await expect(first).toContainText("Due today");
  await confirmed;

  // Keyboard: Enter opens the menu on its first item, the right arrow the status submenu, Enter
  // takes a choice. The pointer leaves the menus first: resting where the last one was, it
  // would highlight the item that opens under it, as it does for anyone.
  await page.getByRole("heading", { level: 1 }).hover();
  await page.getByRole("button", { name: "Actions for Task 1" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem", { name: "Status" })).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("menuitemradio", { name: "To do" })).toBeChecked();
  await page.getByRole("menuitemradio", { name: "In review" }).focus();
  await page.keyboard.press("Enter");
  await expect(titles(page, "In review")).toHaveText(["Task 1"]);

  await page.getByRole("button", { name: "Actions for Task 1" }).click();
  await page.getByRole("menuitem", { name: "Copy link" }).click();
  await expect(page.getByText("Link copied")).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/\/project\/[\w-]+\/task\/[\w-]+$/);

  await page.getByRole("button", { name: "Actions for Task 2" }).click();
  await page.getByRole("menuitem", { name: "Delete…" }).click();
  await page
    .getByRole("dialog", { name: "Delete WEB-2?" })
    .getByRole("button", {
      name: "Delete task",
    })
    .click();
  await expect(page.getByText("WEB-2 was deleted")).toBeVisible();
  await expect(card(page, "Task 2")).toHaveCount(0);
  await page.reload();
  await expect(card(page, "Task 1")).toBeVisible();
  await expect(card(page, "Task 2")).toHaveCount(0);
});

test("a press on a card's ⋯ before any pointer or focus came to it (an assistive tool's click) opens its menu", async ({
  page,
}) => {
  await ownerWithTasks(page, 1);
  // Dispatched on the element itself: no pointer moves over it and it takes no focus first.
  await page.getByRole("button", { name: "Actions for Task 1" }).dispatchEvent("click");
  await expect(page.getByRole("menu", { name: "Actions for Task 1" })).toBeVisible();
  await page.getByRole("menuitem", { name: "Priority" }).click();
  await page.getByRole("menuitemradio", { name: "Urgent" }).click();
  await expect(card(page, "Task 1")).toContainText("Urgent");
});

test("the card menu offers labels, and a member neither assigns nor deletes", async ({
  page,
  browser,
}) => {
  const { workspaceId, memberContext, memberPage } = await workspaceWithMember(page, browser, {
    owner: "Ada Owner",
    member: "Bob Member",
    workspace: "Cards workspace",
  });
  const { boardUrl } = await projectWithTasks(page, workspaceId, 1);
  await pushMutations(page.request, [
    mutation("createLabel", {
      id: `lbl-${Date.now().toString(36)}`,
      workspaceId,
      name: "Bug",
      color: "red",
      createdAt: now(),
    }),
  ]);
  await memberPage.goto(boardUrl);
  await openSubmenu(memberPage, "Task 1", "Labels");
  await memberPage.getByRole("menuitemcheckbox", { name: "Bug" }).click();
  await expect(card(memberPage, "Task 1").getByRole("list", { name: "Labels" })).toHaveText("Bug");
  await expect(card(page, "Task 1").getByRole("list", { name: "Labels" })).toHaveText("Bug");
  await memberPage.keyboard.press("Escape");
  await memberPage.keyboard.press("Escape");

  await memberPage.getByRole("button", { name: "Actions for Task 1" }).click();
  const menu = memberPage.getByRole("menu", { name: "Actions for Task 1" });
  await expect(menu.getByRole("menuitem", { name: "Status" })).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Assignee" })).toHaveCount(0);
  await expect(menu.getByRole("menuitem", { name: "Delete…" })).toHaveCount(0);
  await memberContext.close();
});

test("x picks cards, and the floating bar acts on all of them without moving the board", async ({
  page,
}) => {
  await ownerWithTasks(page);
  const board = page.locator(".board-columns");
  const before = await board.boundingBox();
  await page.keyboard.press("j");
  await page.keyboard.press("x");
  await page.keyboard.press("j");
  await page.keyboard.press("x");
  const bar = page.getByRole("toolbar", { name: "Bulk actions" });
  await expect(bar).toContainText("2 selected");
  expect(await board.boundingBox()).toEqual(before);

  await bar.getByLabel("Set status").click();
  await page.getByRole("option", { name: "Done" }).click();
  await expect(titles(page, "Done")).toHaveText(["Task 1", "Task 2"]);
  await expect(titles(page, "To do")).toHaveText(["Task 3"]);

  await bar.getByRole("button", { name: "Clear selection" }).click();
  await expect(bar).toHaveCount(0);
});

test("a picker the keyboard opened for the selection gives the focus back to the card", async ({
  page,
}) => {
  await ownerWithTasks(page);
  await page.keyboard.press("j");
  const title = card(page, "Task 1").locator(".task-card-title");
  await expect(title).toBeFocused();
  await page.keyboard.press("x");
  await expect(page.getByRole("toolbar", { name: "Bulk actions" })).toContainText("1 selected");
  // `p` opens the floating bar's priority picker for the selection.
  await page.keyboard.press("p");
  await page.keyboard.type("urg");
  await page.keyboard.press("Enter");
  await expect(card(page, "Task 1")).toContainText("Urgent");
  await expect(page.getByRole("listbox")).toHaveCount(0);
  await expect(title).toBeFocused();
  // So the keys go on from the card: `j` to the next one.
  await page.keyboard.press("j");
  await expect(card(page, "Task 2").locator(".task-card-title")).toBeFocused();
});

test("while a card is dragged, a line shows where it will land", async ({ page }) => {
  await ownerWithTasks(page);
  const target = card(page, "Task 1");
  const source = card(page, "Task 3");
  const from = await source.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error("no cards");

  // Within its column: the card's place shows as an outline where it would land.
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 12, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + 4, { steps: 12 });
  const slot = page.locator(".board-card-slot[data-dragging]");
  await expect(slot).toBeVisible();
  await expect(slot.locator(".task-card")).toHaveCSS("border-top-style", "dashed");

  // Over another column: a line above or below the card it would land beside.
  const inProgress = await column(page, "In progress").boundingBox();
  if (!inProgress) throw new Error("no column");
  await page.mouse.move(inProgress.x + inProgress.width / 2, inProgress.y + 100, { steps: 12 });
  await expect(column(page, "In progress")).toHaveAttribute("data-drop-target", "true");
  await page.mouse.up();
  await expect(titles(page, "In progress")).toHaveText(["Task 3"]);

  const line = page.locator(".board-card-slot[data-drop-side]");
  const moved = await card(page, "Task 3").boundingBox();
  if (!moved) throw new Error("no card");
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2 + 12, to.y + to.height / 2, { steps: 4 });
  await page.mouse.move(moved.x + moved.width / 2, moved.y + 4, { steps: 16 });
  await expect(line).toHaveAttribute("data-drop-side", "before");
  const indicator = await line.evaluate((element) => {
    const style = getComputedStyle(element, "::before");
    return { content: style.content, height: style.height };
  });
  expect(indicator).toEqual({ content: '""', height: "2px" });
  await page.mouse.up();
  await expect(titles(page, "In progress")).toHaveText(["Task 1", "Task 3"]);
});

test("on a phone the columns are about 85% wide and the board scrolls sideways", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await ownerWithTasks(page, 2);
  const todo = await column(page, "To do").boundingBox();
  const board = await page.locator(".board-columns").boundingBox();
  if (!todo || !board) throw new Error("no board");
  expect(todo.width / board.width).toBeGreaterThan(0.8);
  expect(todo.width / board.width).toBeLessThan(0.9);
  await expect(page.locator(".board-columns")).toHaveCSS("scroll-snap-type", "x mandatory");

  await column(page, "Done").scrollIntoViewIfNeeded();
  const scrolled = await page.locator(".board-columns").evaluate((element) => element.scrollLeft);
  expect(scrolled).toBeGreaterThan(0);
  await expect(column(page, "Done")).toBeInViewport();

  // The peek fills the screen.
  await card(page, "Task 1").click({ position: { x: 40, y: 40 } });
  await expect(peek(page).getByRole("heading", { name: "Task 1" })).toBeVisible();
  const panel = await peek(page).boundingBox();
  expect(panel?.width).toBeCloseTo(390, 0);
});

test("on a phone the board stops snapping to columns while a card is dragged", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await ownerWithTasks(page, 2);
  const board = page.locator(".board-columns");
  await expect(board).toHaveCSS("scroll-snap-type", "x mandatory");
  // Snapping, each of dnd-kit's small scrolling steps at the board's edge would jump a column.
  await card(page, "Task 1").getByRole("button", { name: "Drag Task 1" }).focus();
  await page.keyboard.press("Space");
  await expect(page.getByText("WEB-1 Task 1 is in its place in To do.")).toBeAttached();
  await expect(board).toHaveCSS("scroll-snap-type", "none");
  await keyboardDragReady(page);
  await page.keyboard.press("ArrowDown");
  await expect(page.getByText("WEB-1 Task 1 is over WEB-2 Task 2 in To do.")).toBeAttached();
  await page.keyboard.press("Space");
  await expect(titles(page, "To do")).toHaveText(["Task 2", "Task 1"]);
  await expect(board).toHaveCSS("scroll-snap-type", "x mandatory");
});

for (const theme of ["dark", "light"] as const) {
  test(`axe finds nothing serious or critical on the board, its menu and its peek (${theme})`, async ({
    page,
  }) => {
    await ownerWithTasks(page, 2);
    // Without motion, the switched theme's colours are final at once (no transition for axe).
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.evaluate((value) => (document.documentElement.dataset.theme = value), theme);
    const serious = async () =>
      (await new AxeBuilder({ page }).analyze()).violations.filter(
        (violation) => violation.impact === "serious" || violation.impact === "critical",
      );
    expect(await serious()).toEqual([]);
    await page.getByRole("button", { name: "Actions for Task 1" }).click();
    await expect(page.getByRole("menu")).toBeVisible();
    expect(await serious()).toEqual([]);
    await page.keyboard.press("Escape");
    await card(page, "Task 1").click();
    await expect(peek(page)).toBeVisible();
    expect(await serious()).toEqual([]);
  });
}

test("the peek shows the task's comments and activity, live, and takes a comment", async ({
  page,
}) => {
  const { workspaceId, projectId } = await ownerOfNewProject(page.request, "Cards workspace", {
    owner: { name: "Ada Owner", email: uniqueEmail("peek-talk") },
    project: { name: "Website", key: "WEB" },
  });
  const [first = ""] = await createTasksThroughSync(page.request, projectId, "Task", 2);
  const comment = (body: string) =>
    pushMutations(page.request, [
      mutation("addComment", {
        id: `c-${Math.random().toString(36).slice(2)}`,
        taskId: first,
        body,
        createdAt: now(),
      }),
    ]);
  await comment("Shipped to **staging**");
  await page.goto(`/dashboard/workspace/${workspaceId}/project/${projectId}/board`);
  await card(page, "Task 1").click();
  const comments = peek(page).getByRole("list", { name: "Comments" });
  await expect(comments.getByRole("listitem", { name: "Comment by Ada Owner" })).toHaveText(
    /Shipped to staging/,
  );
  await expect(peek(page).getByRole("list", { name: "Activity" })).toContainText(
    "Ada Owner created the task",
  );

  // Written in the peek: the board's keys (j, k, s…) typed in the box stay text in it.
  const box = peek(page).getByRole("textbox", { name: "New comment" });
  await box.click();
  await page.keyboard.type("Looks ok, just check the link");
  await expect(box).toHaveText("Looks ok, just check the link");
  await expect(peek(page).getByRole("heading", { name: "Task 1" })).toBeVisible();
  await page.keyboard.press("ControlOrMeta+Enter");
  await expect(comments.getByRole("listitem")).toHaveCount(2);
  await expect(comments).toContainText("Looks ok, just check the link");
  await expect(box).toHaveText("");

  // Another device's comment arrives while the peek is open.
  await comment("Seen from my phone");
  await expect(comments).toContainText("Seen from my phone");

  // The next task shows its own history, and the previous one its comments again.
  await peek(page).getByRole("button", { name: "Next task" }).click();
  await expect(peek(page).getByRole("heading", { name: "Task 2" })).toBeVisible();
  await expect(peek(page)).toContainText("No comments yet.");
  await expect(peek(page).getByRole("list", { name: "Comments" })).toHaveCount(0);
  await peek(page).getByRole("button", { name: "Previous task" }).click();
  await expect(comments.getByRole("listitem")).toHaveCount(3);

  // Esc in an edit puts the comment back, even with the box emptied, and the peek stays.
  const mine = comments.getByRole("listitem").filter({ hasText: "Looks ok" });
  await mine.getByRole("button", { name: "Edit" }).click();
  await peek(page).getByRole("textbox", { name: "Edit comment" }).fill("");
  await page.keyboard.press("Escape");
  await expect(peek(page).getByRole("textbox", { name: "Edit comment" })).toHaveCount(0);
  await expect(mine).toContainText("Looks ok, just check the link");
  await expect(peek(page)).toBeVisible();

  // Esc in a box with a draft leaves the box and keeps the draft; the next Esc closes the peek,
  // and the draft is there when the task comes back.
  await box.click();
  await page.keyboard.type("A draft");
  await page.keyboard.press("Escape");
  await expect(peek(page)).toBeFocused();
  await expect(box).toHaveText("A draft");
  await page.keyboard.press("Escape");
  await expect(peek(page)).toHaveCount(0);
  await page.goBack();
  await expect(box).toHaveText("A draft");

  // The comment written in the peek is the task's: its page shows it.
  await peek(page).getByRole("link", { name: "Open full page" }).click();
  await expect(page.getByRole("main").getByRole("list", { name: "Comments" })).toContainText(
    "Looks ok, just check the link",
  );
});
