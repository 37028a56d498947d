import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import {
  createWorkspaceThroughApi,
  signUpThroughApi,
  uniqueEmail,
  withOlga,
} from "./support/accounts.ts";
import { descriptionEditor, editorText } from "./support/description-editor.ts";
import { mutation, now, pushMutations } from "./support/sync-push.ts";

const taskComments = (page: Page) => page.getByRole("list", { name: "Comments" });
/** A property's picker on the task page, by its property: "Status: To do". */
const property = (page: Page, name: string) =>
  page.getByRole("definition").getByRole("combobox", { name: new RegExp(`^${name}: `) });
const taskLabels = (page: Page) => property(page, "Labels");

test("an owner creates a project, edits a task on its page and comments, and a member sees every change live", async ({
  page,
  browser,
}) => {
  const owner = page.request;
  const { workspaceId, memberContext, memberPage } = await withOlga(page, browser, "Task page");

  // The workspace home: a new project with the key suggested from its name.
  await page.goto(`/dashboard/workspace/${workspaceId}`);
  await expect(page.getByText("No projects yet.")).toBeVisible();
  await page.getByRole("button", { name: "New project" }).click();
  const dialog = page.getByRole("dialog", { name: "New project" });
  await dialog.getByLabel("Name").fill("Website Redesign");
  await expect(dialog.getByLabel("Key")).toHaveValue("WR");
  await dialog.getByText("🚀", { exact: true }).click();
  await expect(dialog.getByRole("radio", { name: "Icon 🚀" })).toBeChecked();
  await dialog.getByLabel("Description (optional)").fill("The new marketing site");
  // The task below is pushed by another client: the project must have reached the server first.
  const projectPushed = page.waitForResponse((response) =>
    response.url().endsWith("/api/replicache/push"),
  );
  await dialog.getByRole("button", { name: "Create project" }).click();
  await expect(page).toHaveURL(/\/project\/[^/]+\/board$/);
  await projectPushed;
  const projectId = /\/project\/([^/]+)\/board$/.exec(page.url())?.[1] ?? "";

  const taskId = `tp-${Date.now().toString(36)}`;
  await pushMutations(owner, [
    mutation("createTask", { id: taskId, projectId, title: "Write the brief", createdAt: now() }),
  ]);
  const taskUrl = `/dashboard/workspace/${workspaceId}/project/${projectId}/task/${taskId}`;

  await page.goto(`/dashboard/workspace/${workspaceId}`);
  await expect(
    page.getByRole("main").getByRole("link", { name: /Website Redesign/ }),
  ).toContainText("1 open");
  await page.goto(taskUrl);
  await memberPage.goto(taskUrl);
  await expect(page.getByRole("navigation", { name: "Breadcrumbs" })).toContainText("WR-1");
  await expect(memberPage.getByLabel("Title", { exact: true })).toHaveValue("Write the brief");

  // Title: edited in place, saved with Enter.
  const title = page.getByLabel("Title", { exact: true });
  await title.fill("Write the launch brief");
  await title.press("Enter");
  await expect(memberPage.getByLabel("Title", { exact: true })).toHaveValue(
    "Write the launch brief",
  );

  // Description: rich text in place, saved as it is typed (markdown shortcuts make the blocks),
  // seen live by the other person, and still there after a reload.
  const description = descriptionEditor(page);
  await description.click();
  await description.pressSequentially("## Goals\n- ship **fast**");
  await expect(description.getByRole("heading", { level: 2, name: "Goals" })).toBeVisible();
  await expect.poll(() => editorText(descriptionEditor(memberPage))).toBe("Goals\nship fast");
  await expect(descriptionEditor(memberPage).locator("li strong")).toHaveText("fast");
  await page.reload();
  await expect(descriptionEditor(page).getByRole("heading", { name: "Goals" })).toBeVisible();
  await expect(descriptionEditor(page).locator("strong")).toHaveText("fast");

  // Properties: pickers, chosen here with the pointer (the keyboard has its own test below).
  await property(page, "Status").click();
  await page.getByRole("option", { name: "In progress" }).click();
  await expect(property(memberPage, "Status")).toHaveAccessibleName("Status: In progress");
  await property(page, "Priority").click();
  await page.getByRole("option", { name: "High" }).click();
  await expect(property(memberPage, "Priority")).toHaveAccessibleName("Priority: High");
  await property(page, "Assignee").click();
  await page.getByRole("option", { name: "Milo Member" }).click();
  await expect(property(memberPage, "Assignee")).toHaveAccessibleName("Assignee: Milo Member");
  await property(page, "Due date").click();
  // Typed once its field has the focus: keys pressed while the popover opens go elsewhere.
  await expect(page.getByRole("combobox", { name: /type a date/ })).toBeFocused();
  await page.keyboard.type("2030-05-17");
  await page.getByRole("option", { name: /May 17/ }).click();
  await expect(property(memberPage, "Due date")).toHaveAccessibleName(/^Due date: .*May 17/);

  // Labels: one created from the picker, and applied at once.
  await property(page, "Labels").click();
  await page.getByRole("combobox", { name: "Filter labels" }).fill("Frontend");
  await page.getByRole("option", { name: /Create label .Frontend./ }).click();
  await expect(taskLabels(page)).toHaveAccessibleName("Labels: Frontend");
  await expect(taskLabels(memberPage)).toHaveAccessibleName("Labels: Frontend");
  await page.keyboard.press("Escape");

  // A comment sent with Ctrl+Enter.
  const newComment = page.getByLabel("New comment");
  await newComment.fill("Draft is in the shared folder");
  await newComment.press("Control+Enter");
  await expect(newComment).toHaveText("");
  await expect(taskComments(memberPage)).toContainText("Draft is in the shared folder");

  // The server's history of the task, in words.
  await expect(page.getByRole("list", { name: "Activity" })).toContainText(
    "Olga Owner changed status from To do to In progress",
  );
  await expect(memberPage.getByRole("list", { name: "Activity" })).toContainText(
    "Olga Owner assigned Milo Member",
  );

  // A member may not delete the task, assign it, or delete the owner's comment.
  const ownerComment = memberPage.getByRole("listitem", { name: "Comment by Olga Owner" });
  await expect(ownerComment).toBeVisible();
  await expect(ownerComment.getByRole("button", { name: "Delete" })).toHaveCount(0);
  await expect(memberPage.getByRole("button", { name: "Delete task" })).toHaveCount(0);
  await expect(property(memberPage, "Assignee")).toBeDisabled();
  await expect(memberPage.getByText("Only owners and admins assign tasks.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete task" })).toBeVisible();

  // Renamed in the workspace settings, the label changes on the member's task page too.
  await page.goto("/dashboard/settings/workspace/general");
  const labelName = page.getByLabel("Name of label Frontend");
  await labelName.fill("Web");
  await labelName.press("Enter");
  await expect(taskLabels(memberPage)).toHaveAccessibleName("Labels: Web");

  await memberContext.close();
});

test("a task that is not in the store says so and links back to the board", async ({ page }) => {
  await signUpThroughApi(page.request, { name: "Nia Nobody", email: uniqueEmail("nia") });
  const workspaceId = await createWorkspaceThroughApi(page.request, "Empty");
  const projectId = `nf-${Date.now().toString(36)}`;
  await pushMutations(page.request, [
    mutation("createProject", {
      id: projectId,
      workspaceId,
      name: "Ghosts",
      key: "GH",
      createdAt: now(),
    }),
  ]);
  await page.goto(`/dashboard/workspace/${workspaceId}/project/${projectId}/task/missing-task`);
  await expect(page.getByRole("heading", { name: "Task not found" })).toBeVisible();
  await page.getByRole("link", { name: "Back to the board" }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}/board$`));
});

test("an unsent comment stays with its task: to a sub-task's page and back, and through a reload, each box is its own", async ({
  page,
}) => {
  await signUpThroughApi(page.request, { name: "Dora Draft", email: uniqueEmail("draft") });
  const workspaceId = await createWorkspaceThroughApi(page.request, "Drafts");
  const projectId = `dr-${Date.now().toString(36)}`;
  const parentId = `${projectId}-parent`;
  await pushMutations(page.request, [
    mutation("createProject", {
      id: projectId,
      workspaceId,
      name: "Docs",
      key: "DOC",
      createdAt: now(),
    }),
    mutation("createTask", { id: parentId, projectId, title: "Write the guide", createdAt: now() }),
    mutation("createTask", {
      id: `${projectId}-child`,
      projectId,
      parentId,
      title: "Draw the diagrams",
      createdAt: now(),
    }),
  ]);
  await page.goto(`/dashboard/workspace/${workspaceId}/project/${projectId}/task/${parentId}`);
  const box = page.getByRole("textbox", { name: "New comment" });
  await box.fill("Half a thought about the guide");

  // The sub-task's box is its own, empty.
  await page.getByRole("link", { name: "Draw the diagrams" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Draw the diagrams" })).toBeVisible();
  await expect(box).toHaveText("");
  await box.fill("A note on the diagrams");

  // Back on the parent, its draft is where it was; and the sub-task's is kept too.
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "Write the guide" })).toBeVisible();
  await expect(box).toHaveText("Half a thought about the guide");
  await page.goForward();
  await expect(box).toHaveText("A note on the diagrams");

  // A reload keeps both: drafts are kept by the browser, not only by the tab.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Draw the diagrams" })).toBeVisible();
  await expect(box).toHaveText("A note on the diagrams");
  await page.goBack();
  await expect(box).toHaveText("Half a thought about the guide");
  await page.goForward();
  await expect(box).toHaveText("A note on the diagrams");

  // Sent, a draft is gone: the box is empty when the task comes back.
  await box.press("ControlOrMeta+Enter");
  await expect(taskComments(page)).toContainText("A note on the diagrams");
  await page.goBack();
  await page.goForward();
  await expect(page.getByRole("heading", { level: 1, name: "Draw the diagrams" })).toBeVisible();
  await expect(box).toHaveText("");
});

test("the comment box names this keyboard's send shortcut, and none on a phone", async ({
  page,
  browser,
}) => {
  await signUpThroughApi(page.request, { name: "Kit Keys", email: uniqueEmail("keys") });
  const workspaceId = await createWorkspaceThroughApi(page.request, "Keys");
  const { taskUrl: url } = await projectWithTask(page, workspaceId, "Send by keyboard");
  await page.goto(url);
  const box = page.getByRole("textbox", { name: "New comment" });
  // Chromium on Linux: Ctrl, never the Mac's ⌘. Shown in the empty box, and named to readers.
  await expect(box).toHaveAttribute(
    "aria-placeholder",
    "Leave a comment… @ to mention someone (Ctrl+Enter to send)",
  );
  await expect
    .poll(() => box.locator("p").evaluate((line) => getComputedStyle(line, "::before").content))
    .toBe('"Leave a comment… @ to mention someone (Ctrl+Enter to send)"');

  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    storageState: await page.context().storageState(),
  });
  const onPhone = await phone.newPage();
  await onPhone.goto(url);
  await expect(onPhone.getByRole("textbox", { name: "New comment" })).toHaveAttribute(
    "aria-placeholder",
    "Leave a comment… @ to mention someone",
  );
  await phone.close();
});

/** A project "Launch" (key LCH) with one task, as the owner `page`; returns the task's URL. */
async function projectWithTask(page: Page, workspaceId: string, title: string) {
  const projectId = `lch-${Date.now().toString(36)}`;
  const taskId = `${projectId}-task`;
  await pushMutations(page.request, [
    mutation("createProject", {
      id: projectId,
      workspaceId,
      name: "Launch",
      key: "LCH",
      createdAt: now(),
    }),
    mutation("createTask", { id: taskId, projectId, title, createdAt: now() }),
  ]);
  const projectUrl = `/dashboard/workspace/${workspaceId}/project/${projectId}`;
  return { taskId, taskUrl: `${projectUrl}/task/${taskId}`, boardUrl: `${projectUrl}/board` };
}

const commentBy = (page: Page, author: string) =>
  taskComments(page).getByRole("listitem", { name: `Comment by ${author}` });

test("people edit and delete their own comments, an owner deletes anyone's, and a member no one else's", async ({
  page,
  browser,
}) => {
  const { workspaceId, memberContext, memberPage } = await withOlga(page, browser, "Comments");
  const { taskId, taskUrl } = await projectWithTask(page, workspaceId, "Pick a date");
  await page.goto(taskUrl);
  await expect(
    page.getByText("No comments yet. Ask a question or share an update below."),
  ).toBeVisible();
  await pushMutations(page.request, [
    mutation("addComment", { id: `${taskId}-o`, taskId, body: "Friday works", createdAt: now() }),
  ]);
  await memberPage.goto(taskUrl);

  // The member's own comment: written, edited in place, and seen edited by the owner.
  const newComment = memberPage.getByLabel("New comment");
  await newComment.fill("Thursday is better");
  await newComment.press("Control+Enter");
  const mine = commentBy(memberPage, "Milo Member");
  await mine.getByRole("button", { name: "Edit" }).click();
  await mine.getByLabel("Edit comment").fill("Thursday afternoon is better");
  await mine.getByLabel("Edit comment").press("Control+Enter");
  await expect(commentBy(page, "Milo Member")).toContainText("Thursday afternoon is better");
  await expect(commentBy(page, "Milo Member")).toContainText("(edited)");

  // …and one deleted by its author, gone for the owner too.
  await newComment.fill("Never mind");
  await newComment.press("Control+Enter");
  await expect(taskComments(page)).toContainText("Never mind");
  await taskComments(memberPage)
    .getByRole("listitem")
    .filter({ hasText: "Never mind" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(taskComments(page)).not.toContainText("Never mind");
  await expect(taskComments(memberPage)).not.toContainText("Never mind");

  // The owner's comment offers the member neither edit nor delete (a reaction, yes).
  const owners = commentBy(memberPage, "Olga Owner");
  await expect(owners).toContainText("Friday works");
  await expect(owners.getByRole("button")).toHaveCount(1);
  await expect(owners.getByRole("button")).toHaveAccessibleName("Add reaction");

  // The owner may delete the member's comment, but not rewrite it.
  const members = commentBy(page, "Milo Member");
  await expect(members.getByRole("button", { name: "Edit" })).toHaveCount(0);
  await members.getByRole("button", { name: "Delete" }).click();
  await expect(commentBy(memberPage, "Milo Member")).toHaveCount(0);
  await expect(commentBy(page, "Olga Owner")).toContainText("Friday works");
  await memberContext.close();
});

test("an owner deletes a task from its page after confirming, and it leaves a member's board", async ({
  page,
  browser,
}) => {
  const { workspaceId, memberContext, memberPage } = await withOlga(page, browser, "Deleting");
  const { taskUrl, boardUrl } = await projectWithTask(page, workspaceId, "Obsolete idea");
  const card = (on: Page) => on.getByRole("article").filter({ hasText: "Obsolete idea" });
  await memberPage.goto(boardUrl);
  await expect(card(memberPage)).toBeVisible();

  await page.goto(taskUrl);
  await page.getByRole("button", { name: "Delete task" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete LCH-1?" });
  await expect(dialog).toContainText("“Obsolete idea” is deleted with its comments and history");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Obsolete idea");

  await page.getByRole("button", { name: "Delete task" }).click();
  await dialog.getByRole("button", { name: "Delete task" }).click();
  await expect(page).toHaveURL(new RegExp(`${boardUrl}$`));
  await expect(page.getByText("“Obsolete idea” deleted")).toBeVisible();
  await expect(card(page)).toHaveCount(0);
  await expect(card(memberPage)).toHaveCount(0);
  await expect(memberPage.getByRole("region", { name: "To do", exact: true })).toContainText(
    "No tasks yet — add one with + Add task",
  );

  await memberPage.goto(taskUrl);
  await expect(memberPage.getByRole("heading", { name: "Task not found" })).toBeVisible();
  await memberContext.close();
});

/** The option the arrows (or typing) have reached: Enter picks it. */
const highlighted = (page: Page) => page.locator("[role=option][data-highlighted]");

/** Serious and critical axe-core findings on the page as it is. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({ rule: violation.id, nodes: violation.nodes.map((n) => n.target) }));
}

test("s p a l d open the task's pickers; typing filters, Enter picks, and every change is saved", async ({
  page,
}) => {
  await signUpThroughApi(page.request, { name: "Kai Keys", email: uniqueEmail("kai") });
  const workspaceId = await createWorkspaceThroughApi(page.request, "Keys");
  const { taskUrl } = await projectWithTask(page, workspaceId, "Keyboard only");
  await page.goto(taskUrl);
  const status = property(page, "Status");
  await expect(status).toHaveAccessibleName("Status: To do");

  await page.keyboard.press("s");
  await expect(page.getByRole("combobox", { name: "Filter statuses" })).toBeFocused();
  await page.keyboard.type("review");
  await expect(highlighted(page)).toHaveText("In review");
  await page.keyboard.press("Enter");
  await expect(status).toHaveAccessibleName("Status: In review");
  await expect(status).toBeFocused();

  /** With no picker open, `key` opens one, `search` narrows it to what `check` expects, Enter picks it. */
  const pickWithKey = async (
    key: string,
    search: string,
    check: (option: Locator) => Promise<void>,
  ) => {
    await expect(page.getByRole("listbox")).toHaveCount(0);
    await page.keyboard.press(key);
    await page.keyboard.type(search);
    await check(highlighted(page));
    await page.keyboard.press("Enter");
  };

  await pickWithKey("p", "urg", (option) => expect(option).toHaveText("Urgent"));
  await expect(property(page, "Priority")).toHaveAccessibleName("Priority: Urgent");

  await pickWithKey("a", "assign to", (option) => expect(option).toContainText("Assign to me"));
  await expect(property(page, "Assignee")).toHaveAccessibleName("Assignee: Kai Keys");

  // The labels picker stays open for more: a new label, then Esc.
  await pickWithKey("l", "Bug", (option) => expect(option).toHaveText(/Create label .Bug./));
  await expect(property(page, "Labels")).toHaveAccessibleName("Labels: Bug");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("listbox")).toHaveCount(0);

  await pickWithKey("d", "today", (option) => expect(option).toHaveText(/Today/));
  const today = await page.evaluate(() =>
    new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric" }).format(new Date()),
  );
  await expect(property(page, "Due date")).toHaveAccessibleName(`Due date: ${today}`);

  expect(await seriousViolations(page)).toEqual([]);
  await page.reload();
  await expect(property(page, "Status")).toHaveAccessibleName("Status: In review");
  await expect(property(page, "Priority")).toHaveAccessibleName("Priority: Urgent");
  await expect(property(page, "Assignee")).toHaveAccessibleName("Assignee: Kai Keys");
  await expect(property(page, "Labels")).toHaveAccessibleName("Labels: Bug");
  await expect(property(page, "Due date")).toHaveAccessibleName(`Due date: ${today}`);
});

test("on a phone the task page is one column: the wrapped title, the properties, then the description", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpThroughApi(page.request, { name: "Pia Phone", email: uniqueEmail("pia") });
  const workspaceId = await createWorkspaceThroughApi(page.request, "Phone");
  const longTitle =
    "Migrate every blog post from the old content system, with its images, redirects and comments";
  const { taskUrl } = await projectWithTask(page, workspaceId, longTitle);
  await page.goto(taskUrl);
  const title = page.getByLabel("Title", { exact: true });
  await expect(title).toHaveValue(longTitle);

  // The whole title is in sight, on several lines: nothing scrolls inside the field.
  const fit = await title.evaluate((field) => ({
    lines: field.clientHeight / parseFloat(getComputedStyle(field).lineHeight),
    hidden: field.scrollHeight - field.clientHeight,
  }));
  expect(fit.lines).toBeGreaterThan(1.5);
  expect(fit.hidden).toBeLessThanOrEqual(1);

  const box = async (locator: ReturnType<Page["locator"]>) => {
    const found = await locator.boundingBox();
    if (!found) throw new Error("not on screen");
    return found;
  };
  const titleBox = await box(title);
  const propertiesBox = await box(page.getByLabel("Properties", { exact: true }));
  const descriptionBox = await box(page.getByRole("heading", { name: "Description" }).first());
  expect(propertiesBox.y).toBeGreaterThanOrEqual(titleBox.y + titleBox.height);
  expect(descriptionBox.y).toBeGreaterThanOrEqual(propertiesBox.y + propertiesBox.height);
  expect(propertiesBox.width).toBeGreaterThan(titleBox.width - 24);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);

  // A picker works there too, by touch-sized pointer.
  await property(page, "Priority").click();
  await page.getByRole("option", { name: "Low" }).click();
  await expect(property(page, "Priority")).toHaveAccessibleName("Priority: Low");
  expect(await seriousViolations(page)).toEqual([]);
});
