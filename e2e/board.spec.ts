import { expect, test, type Page } from "@playwright/test";
import {
  createWorkspaceThroughApi,
  signUpThroughApi,
  uniqueEmail,
  workspaceWithMember,
} from "./support/accounts.ts";
import { createProjectThroughSync, createTasksThroughSync } from "./support/sync.ts";
import { mutation, now, pushMutations } from "./support/sync-push.ts";
import { keyboardDragReady } from "./support/team.ts";

/** Signs `page` up as the owner of a new workspace with a project "Website" (key WEB). */
async function ownerWithProject(page: Page) {
  const email = uniqueEmail("board");
  await signUpThroughApi(page.request, { name: "Ada Owner", email });
  const workspaceId = await createWorkspaceThroughApi(page.request, "Board workspace");
  return projectInWorkspace(page, workspaceId);
}

/** A project "Website" (key WEB) in the workspace, created as `page`'s person. */
async function projectInWorkspace(page: Page, workspaceId: string) {
  const projectId = await createProjectThroughSync(page.request, workspaceId, {
    name: "Website",
    key: "WEB",
  });
  const projectUrl = `/dashboard/workspace/${workspaceId}/project/${projectId}`;
  return { workspaceId, projectId, projectUrl, boardUrl: `${projectUrl}/board` };
}

async function openBoard(page: Page, url: string) {
  await page.goto(url);
  await expect(page.getByRole("heading", { level: 1, name: "Website" })).toBeVisible();
}

const column = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const titles = (page: Page, name: string) => column(page, name).getByRole("link");
const card = (page: Page, title: string) =>
  page.getByRole("article").filter({ has: page.getByRole("link", { name: title, exact: true }) });

/** Opens the Filter menu and a property's submenu of choices. */
async function filterBy(page: Page, property: string) {
  await page.getByRole("button", { name: "Filter", exact: true }).click();
  await page.getByRole("menuitem", { name: property }).click();
}
/** Esc closes the submenu, then the Filter menu. */
async function closeFilterMenu(page: Page) {
  await page.keyboard.press("Escape");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toHaveCount(0);
}
const filterChip = (page: Page, name: string | RegExp) =>
  page.getByRole("list", { name: "Active filters" }).getByRole("button", { name });

/** Types each title into the column's "+ Add task" field and presses Enter. */
async function addTasks(page: Page, columnName: string, newTitles: string[]) {
  const target = column(page, columnName);
  await target.getByRole("button", { name: `Add task to ${columnName}` }).click();
  const input = target.getByRole("textbox", { name: `New task in ${columnName}` });
  for (const title of newTitles) {
    await input.fill(title);
    await input.press("Enter");
    await expect(target.getByRole("link", { name: title, exact: true })).toBeVisible();
  }
  await input.press("Escape");
}

/** Resolves once the store has pushed a change to the server. */
const pushed = (page: Page) =>
  page.waitForResponse((response) => response.url().endsWith("/api/replicache/push"));

/** A pointer drag from the middle of `title`'s card to a point, in small steps as a hand would. */
async function drag(page: Page, title: string, to: { x: number; y: number }) {
  const box = await card(page, title).boundingBox();
  if (!box) throw new Error(`no card ${title}`);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 12, box.y + box.height / 2 + 4, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 20 });
  await page.mouse.up();
}

test("the project's address opens its board, whose empty columns say what to do", async ({
  page,
}) => {
  const { projectUrl } = await ownerWithProject(page);
  await page.goto(projectUrl);
  await expect(page).toHaveURL(new RegExp(`${projectUrl}/board$`));
  for (const name of ["To do", "In progress", "In review", "Done"]) {
    await expect(column(page, name)).toContainText("No tasks yet — add one with + Add task");
  }
});

/** A new owner's board with three tasks added to To do and one to In review. */
async function boardWithFourTasks(page: Page) {
  const { boardUrl } = await ownerWithProject(page);
  await openBoard(page, boardUrl);
  await addTasks(page, "To do", ["Write the brief", "Draw the wireframes", "Build it"]);
  await addTasks(page, "In review", ["Check the copy"]);
}

test("+ Add task puts each new task at the bottom of its column, keyed by the project", async ({
  page,
}) => {
  await boardWithFourTasks(page);

  await expect(titles(page, "To do")).toHaveText([
    "Write the brief",
    "Draw the wireframes",
    "Build it",
  ]);
  await expect(card(page, "Write the brief")).toContainText("WEB-1");
  await expect(card(page, "Build it")).toContainText("WEB-3");
  await expect(titles(page, "In review")).toHaveText(["Check the copy"]);

  await page.reload();
  await expect(titles(page, "To do")).toHaveText([
    "Write the brief",
    "Draw the wireframes",
    "Build it",
  ]);
  await expect(card(page, "Check the copy")).toContainText("WEB-4");

  // A click (no drag) on a card opens the task beside the board, and from there its page.
  await card(page, "Build it").click();
  const peek = page.getByRole("dialog", { name: "Build it" });
  await expect(peek.getByRole("heading", { name: "Build it" })).toBeVisible();
  await peek.getByRole("link", { name: "Open full page" }).click();
  await expect(page).toHaveURL(/\/task\/[\w-]+$/);
});

test("cards dragged with a pointer move across columns and between cards, once each", async ({
  page,
}) => {
  await boardWithFourTasks(page);

  const moves: unknown[] = [];
  page.on("request", (request) => {
    if (!request.url().endsWith("/api/replicache/push")) return;
    const body: unknown = request.postDataJSON();
    if (typeof body === "object" && body !== null && "mutations" in body) {
      const mutations = body.mutations;
      if (Array.isArray(mutations)) moves.push(...mutations.filter((m) => m.name === "moveTask"));
    }
  });

  // Into an empty column.
  const inProgress = await column(page, "In progress").boundingBox();
  if (!inProgress) throw new Error("no In progress column");
  let saved = pushed(page);
  await drag(page, "Draw the wireframes", {
    x: inProgress.x + inProgress.width / 2,
    y: inProgress.y + 120,
  });
  await expect(titles(page, "In progress")).toHaveText(["Draw the wireframes"]);
  await expect(titles(page, "To do")).toHaveText(["Write the brief", "Build it"]);
  await saved;

  // Above a card of another column.
  const target = await card(page, "Check the copy").boundingBox();
  if (!target) throw new Error("no Check the copy card");
  saved = pushed(page);
  await drag(page, "Build it", { x: target.x + target.width / 2, y: target.y + 4 });
  await expect(titles(page, "In review")).toHaveText(["Build it", "Check the copy"]);
  await saved;
  expect(moves).toHaveLength(2);

  await page.reload();
  await expect(titles(page, "In progress")).toHaveText(["Draw the wireframes"]);
  await expect(titles(page, "In review")).toHaveText(["Build it", "Check the copy"]);
  await expect(titles(page, "To do")).toHaveText(["Write the brief"]);
});

/**
 * Opens a card's "⋯" menu and its Move to submenu. The card re-renders when the server confirms
 * the previous move, which can close a menu opened at that instant; open it again until it stays.
 */
async function openMoveMenu(page: Page, title: string) {
  await expect(async () => {
    const menu = page.getByRole("menu", { name: `Actions for ${title}` });
    if (!(await menu.isVisible()))
      await page.getByRole("button", { name: `Actions for ${title}` }).click();
    await menu.getByRole("menuitem", { name: "Move to" }).click({ timeout: 1000 });
    await expect(page.getByRole("menu").nth(1)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

test("a card moves with the keyboard, and with the Move to menu", async ({ page }) => {
  const { boardUrl } = await ownerWithProject(page);
  await openBoard(page, boardUrl);
  await addTasks(page, "To do", ["First", "Second", "Third"]);

  // Pick up with Space on the handle, one step down, drop with Space.
  await page.getByRole("button", { name: "Drag First" }).focus();
  await page.keyboard.press("Space");
  // What a screen reader hears tells when the card is up, and where it is.
  await expect(page.getByText("WEB-1 First is in its place in To do.")).toBeAttached();
  await keyboardDragReady(page);
  await page.keyboard.press("ArrowDown");
  await expect(page.getByText("WEB-1 First is over WEB-2 Second in To do.")).toBeAttached();
  await page.keyboard.press("Space");
  await expect(titles(page, "To do")).toHaveText(["Second", "First", "Third"]);

  // From the keyboard: Enter opens the menu, arrows reach Move to, the submenu opens to the right.
  await page.getByRole("button", { name: "Actions for Third" }).focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu", { name: "Actions for Third" });
  await expect(menu).toBeVisible();
  await menu.getByRole("menuitem", { name: "Move to" }).focus();
  await page.keyboard.press("ArrowRight");
  // The card's own column is never offered as a place to move it to.
  const places = page.getByRole("menu").nth(1).getByRole("menuitem");
  await expect(places).toHaveText([
    "Top of In progress",
    "Bottom of In progress",
    "Top of In review",
    "Bottom of In review",
    "Top of Done",
    "Bottom of Done",
  ]);
  await page.getByRole("menuitem", { name: "Top of Done" }).click();
  await expect(titles(page, "Done")).toHaveText(["Third"]);
  await expect(page.getByRole("menu")).toHaveCount(0);
  // The menu left with the card; the focus follows the card to Done, where Enter opens it.
  await expect(card(page, "Third").locator(".task-card-title")).toBeFocused();

  await openMoveMenu(page, "Second");
  await page.getByRole("menuitem", { name: "Bottom of Done" }).click();
  await expect(titles(page, "Done")).toHaveText(["Third", "Second"]);
  await expect(titles(page, "To do")).toHaveText(["First"]);

  // Escape closes the menu without moving anything, and the focus goes back to its button.
  await page.getByRole("button", { name: "Actions for First" }).click();
  await expect(page.getByRole("menu", { name: "Actions for First" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Actions for First" })).toBeFocused();
  await expect(titles(page, "To do")).toHaveText(["First"]);
});

test("New task takes every field, and the card shows them", async ({ page }) => {
  const { boardUrl } = await ownerWithProject(page);
  await openBoard(page, boardUrl);
  await page.getByRole("button", { name: "New task" }).click();
  const dialog = page.getByRole("dialog", { name: "New task" });
  await dialog.getByRole("button", { name: "Create task" }).click();
  await expect(dialog).toContainText("A task needs a title.");

  await dialog.getByLabel("Title").fill("Fix the login");
  await dialog.getByLabel("Description (optional)").fill("It **fails** on Safari.");
  // The properties are chips, each a picker.
  const chip = (name: string) => dialog.getByRole("combobox", { name: new RegExp(`^${name}: `) });
  await chip("Status").click();
  await page.getByRole("option", { name: "In progress" }).click();
  await chip("Priority").click();
  await page.getByRole("option", { name: "Urgent" }).click();
  await chip("Assignee").click();
  await page.getByRole("option", { name: "Ada Owner" }).click();
  await chip("Due date").click();
  await expect(page.getByRole("combobox", { name: /type a date/ })).toBeFocused();
  await page.keyboard.type("2020-01-15");
  await page.getByRole("option", { name: /Jan 15/ }).click();
  await dialog.getByRole("button", { name: "Create task" }).click();
  await expect(dialog).toBeHidden();

  const created = card(page, "Fix the login");
  await expect(titles(page, "In progress")).toHaveText(["Fix the login"]);
  await expect(created).toContainText("Urgent");
  await expect(created).toContainText("Overdue");
  await expect(created.getByRole("img", { name: "Assigned to Ada Owner" })).toHaveText("AO");

  // The display preferences hide what a person does not want on cards.
  await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem("user-preferences") ?? "{}") as object;
    const hidden = { showTaskNumbers: false, showPriority: false, showAssignees: false };
    localStorage.setItem("user-preferences", JSON.stringify({ ...stored, ...hidden }));
  });
  await page.reload();
  await expect(card(page, "Fix the login")).toContainText("Overdue");
  await expect(card(page, "Fix the login")).not.toContainText("WEB-1");
  await expect(card(page, "Fix the login")).not.toContainText("Urgent");
  await expect(card(page, "Fix the login").getByRole("img")).toHaveCount(0);
});

test("filters live in the address: they survive a reload, can be shared, and clear", async ({
  page,
}) => {
  const { boardUrl } = await ownerWithProject(page);
  await openBoard(page, boardUrl);
  await page.getByRole("button", { name: "New task" }).click();
  const dialog = page.getByRole("dialog", { name: "New task" });
  await dialog.getByLabel("Title").fill("Urgent fix");
  await dialog.getByRole("combobox", { name: /^Priority: / }).click();
  await page.getByRole("option", { name: "Urgent" }).click();
  await dialog.getByRole("button", { name: "Create task" }).click();
  await addTasks(page, "To do", ["Write the brief", "Plan the launch"]);

  await filterBy(page, "Priority");
  await page.getByRole("menuitemcheckbox", { name: "Urgent" }).click();
  await expect(page).toHaveURL(/priority=/);
  await expect(titles(page, "To do")).toHaveText(["Urgent fix"]);
  await closeFilterMenu(page);

  await page.reload();
  await expect(titles(page, "To do")).toHaveText(["Urgent fix"]);
  await filterChip(page, "Priority is Urgent").click();
  await expect(page.getByRole("menuitemcheckbox", { name: "Urgent" })).toBeChecked();
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(titles(page, "To do")).toHaveText([
    "Urgent fix",
    "Write the brief",
    "Plan the launch",
  ]);
  await expect(page).toHaveURL(new RegExp(`${boardUrl}$`));

  await page.getByRole("searchbox", { name: "Filter by text" }).fill("launch");
  await expect(page).toHaveURL(/q=launch/);
  await expect(titles(page, "To do")).toHaveText(["Plan the launch"]);
  await filterBy(page, "Due date");
  await page.getByRole("menuitemradio", { name: "No due date" }).click();
  await expect(page).toHaveURL(/due=none/);

  // The same link in another tab shows the same filtered board.
  const shared = await page.context().newPage();
  await shared.goto(page.url());
  await expect(titles(shared, "To do")).toHaveText(["Plan the launch"]);
  await expect(shared.getByRole("searchbox", { name: "Filter by text" })).toHaveValue("launch");
  await shared.close();

  await page.getByRole("searchbox", { name: "Filter by text" }).fill("nothing like this");
  await expect(page.getByText("No tasks match these filters.")).toBeVisible();
});

test("filter chips: several choices with their icons, removed by ×, kept from board to list", async ({
  page,
}) => {
  const { boardUrl } = await ownerWithProject(page);
  await openBoard(page, boardUrl);
  await addTasks(page, "To do", ["Write the brief"]);
  await addTasks(page, "In progress", ["Plan the launch"]);
  await addTasks(page, "Done", ["Pick a name"]);

  // By pointer: Filter, Status, two statuses; the menu stays open for the second.
  await filterBy(page, "Status");
  const todo = page.getByRole("menuitemcheckbox", { name: "To do" });
  await expect(todo.locator("svg.ui-status-icon")).toBeVisible();
  await todo.click();
  await page.getByRole("menuitemcheckbox", { name: "In progress" }).click();
  await closeFilterMenu(page);
  await expect(filterChip(page, "Status is any of To do, In progress")).toBeVisible();
  await expect(page).toHaveURL(/status=/);
  await expect(column(page, "Done")).toHaveCount(0);
  await expect(titles(page, "To do")).toHaveText(["Write the brief"]);

  // The chip's value reopens its choices: unticking one narrows the filter.
  await filterChip(page, /^Status is/).click();
  await page.getByRole("menuitemcheckbox", { name: "To do" }).click();
  await page.keyboard.press("Escape");
  await expect(filterChip(page, "Status is In progress")).toBeVisible();
  await expect(column(page, "To do")).toHaveCount(0);

  // Board and list keep the same filters.
  const views = page.getByRole("navigation", { name: "Project views" });
  await views.getByRole("link", { name: "List", exact: true }).click();
  await expect(page).toHaveURL(/\/list\?status=/);
  await expect(filterChip(page, "Status is In progress")).toBeVisible();
  await expect(page.getByRole("link", { name: "Plan the launch" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Pick a name" })).toHaveCount(0);
  await views.getByRole("link", { name: "Board", exact: true }).click();
  await expect(filterChip(page, "Status is In progress")).toBeVisible();

  // The × takes the filter off.
  await page.getByRole("button", { name: "Remove the Status filter" }).click();
  await expect(filterChip(page, /^Status is/)).toHaveCount(0);
  await expect(titles(page, "Done")).toHaveText(["Pick a name"]);
  await expect(page).toHaveURL(new RegExp(`${boardUrl}$`));

  // By keyboard: `f` opens the menu, the arrows reach Assignee, Enter ticks "No assignee".
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("f");
  const menu = page.getByRole("menu", { name: "Filter by" });
  await expect(menu).toBeVisible();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitem", { name: "Status" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitem", { name: "Assignee" })).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("menuitemcheckbox", { name: "No assignee" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitemcheckbox", { name: "No assignee" })).toBeChecked();
  await closeFilterMenu(page);
  await expect(filterChip(page, "Assignee is No assignee")).toBeVisible();
  await expect(page).toHaveURL(/assignee=%5B%22none%22%5D/);
  await page.getByRole("button", { name: "Remove the Assignee filter" }).press("Enter");
  await expect(page).toHaveURL(new RegExp(`${boardUrl}$`));
});

test("the list view groups the tasks by status, and the choice is remembered", async ({ page }) => {
  const { boardUrl, projectUrl } = await ownerWithProject(page);
  await openBoard(page, boardUrl);
  await addTasks(page, "To do", ["Write the brief"]);
  await addTasks(page, "Done", ["Pick a name"]);

  const views = page.getByRole("navigation", { name: "Project views" });
  await views.getByRole("link", { name: "List", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${projectUrl}/list$`));
  await expect(views.getByRole("link", { name: "List", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.getByRole("region", { name: "To do" })).toHaveCount(0);
  const headings = page.getByRole("heading", { level: 2 });
  await expect(headings).toHaveText([
    /^To do\s*1$/,
    /^In progress\s*0$/,
    /^In review\s*0$/,
    /^Done\s*1$/,
  ]);
  await expect(page.getByRole("link", { name: "Pick a name" })).toBeVisible();
  await expect(page.getByText("No tasks yet — add one with New task.").first()).toBeVisible();

  // A row's Move to takes it to another group; the row stays in the page, its menu closes.
  await openMoveMenu(page, "Write the brief");
  await page.getByRole("menuitem", { name: "Top of Done" }).click();
  await expect(headings).toHaveText([
    /^To do\s*0$/,
    /^In progress\s*0$/,
    /^In review\s*0$/,
    /^Done\s*2$/,
  ]);
  await expect(page.getByRole("menu")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Actions for Write the brief" })).toBeFocused();
  await openMoveMenu(page, "Write the brief");
  await page.getByRole("menuitem", { name: "Top of To do" }).click();
  await expect(page.getByRole("menu")).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole("link", { name: "Write the brief" })).toBeVisible();
  await expect(page.getByRole("region", { name: "To do" })).toHaveCount(0);
  const stored = await page.evaluate(() => localStorage.getItem("user-preferences"));
  expect(JSON.parse(stored ?? "{}")).toMatchObject({ viewMode: "list" });
  // The project's own address opens the view chosen last.
  await page.goto(projectUrl);
  await expect(page).toHaveURL(new RegExp(`${projectUrl}/list$`));

  await views.getByRole("link", { name: "Board", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${projectUrl}/board$`));
  await expect(titles(page, "To do")).toHaveText(["Write the brief"]);
});
test("the list's rows line up, and on a phone a row keeps room for its title", async ({ page }) => {
  const { projectId, projectUrl } = await ownerWithProject(page);
  const session = (await (await page.request.get("/api/auth/get-session")).json()) as {
    user: { id: string };
  };
  const long = "Fix the checkout flow on every mobile browser we support";
  const createdAt = now();
  await pushMutations(page.request, [
    mutation("createTask", {
      id: `tsk-full-${Date.now().toString(36)}`,
      projectId,
      title: long,
      priority: "urgent",
      assigneeId: session.user.id,
      dueDate: "2020-01-15",
      createdAt,
    }),
    mutation("createTask", {
      id: `tsk-bare-${Date.now().toString(36)}`,
      projectId,
      title: "Bare",
      createdAt,
    }),
  ]);
  await page.goto(`${projectUrl}/list`);
  const full = page.getByRole("link", { name: long });
  const bare = page.getByRole("link", { name: "Bare", exact: true });
  const row = (link: typeof full) => page.locator("[data-task-id]").filter({ has: link });
  await expect(row(full)).toContainText("Overdue · Jan 15, 2020");

  // A task without a priority or an assignee keeps their places: the titles start together.
  const left = async (link: typeof full) => (await link.boundingBox())?.x ?? Number.NaN;
  expect(Math.abs((await left(full)) - (await left(bare)))).toBeLessThan(1);

  // A phone: the row fits its width, in two lines: the status and the title over all but the
  // "⋯", then the rest below it.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(full).toBeVisible();
  const fits = await row(full).evaluate((element) => element.scrollWidth <= element.clientWidth);
  expect(fits).toBe(true);
  const rowBox = (await row(full).boundingBox()) ?? { width: 0, y: 0 };
  const titleBox = (await full.boundingBox()) ?? { width: 0, y: 0, height: 0 };
  expect(titleBox.width).toBeGreaterThan(rowBox.width * 0.7);
  const due = row(full).getByText("Overdue · Jan 15, 2020");
  await expect(due).toBeVisible();
  expect((await due.boundingBox())?.y ?? 0).toBeGreaterThan(titleBox.y + titleBox.height / 2);
  await expect(row(full).getByRole("img", { name: "Assigned to Ada Owner" })).toBeVisible();
});

test("a long column puts only the cards in view into the page", async ({ page }) => {
  const { projectId, boardUrl } = await ownerWithProject(page);
  await createTasksThroughSync(page.request, projectId, "Load", 400);
  await openBoard(page, boardUrl);
  const todo = column(page, "To do");
  await expect(todo.getByRole("link", { name: "Load 1", exact: true })).toBeVisible();
  await expect(todo.locator(".board-column-count")).toHaveText("400");
  expect(await titles(page, "To do").count()).toBeLessThan(40);

  await todo.locator(".board-column-scroll").evaluate((element) => {
    element.scrollTop = element.scrollHeight;
  });
  await expect(todo.getByRole("link", { name: "Load 400", exact: true })).toBeVisible();
  await expect(todo.getByRole("link", { name: "Load 1", exact: true })).toHaveCount(0);
});

test("another member sees tasks created and moved without reloading, and cannot assign", async ({
  page,
  browser,
}) => {
  const {
    workspaceId,
    memberContext,
    memberPage: member,
  } = await workspaceWithMember(page, browser, {
    owner: "Ada Owner",
    member: "Bob Member",
    workspace: "Board workspace",
  });
  const { boardUrl } = await projectInWorkspace(page, workspaceId);

  await openBoard(page, boardUrl);
  await openBoard(member, boardUrl);

  await addTasks(page, "To do", ["Seen by both"]);
  await expect(titles(member, "To do")).toHaveText(["Seen by both"]);

  await openMoveMenu(page, "Seen by both");
  await page.getByRole("menuitem", { name: "Top of In review" }).click();
  await expect(titles(member, "In review")).toHaveText(["Seen by both"]);
  await expect(titles(member, "To do")).toHaveCount(0);

  // A member creates and moves tasks too; the owner sees them.
  await addTasks(member, "Done", ["From the member"]);
  await expect(titles(page, "Done")).toHaveText(["From the member"]);

  // …but may not assign: the create dialog has no assignee, the owner's has.
  await member.getByRole("button", { name: "New task" }).click();
  const memberDialog = member.getByRole("dialog", { name: "New task" });
  await expect(memberDialog.getByLabel("Title")).toBeVisible();
  await expect(memberDialog.getByLabel("Assignee")).toHaveCount(0);
  await page.getByRole("button", { name: "New task" }).click();
  await expect(page.getByRole("dialog", { name: "New task" }).getByLabel("Assignee")).toBeVisible();
  await memberContext.close();
});
