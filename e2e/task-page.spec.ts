import { expect, test, type Page } from "@playwright/test";
import {
  createWorkspaceThroughApi,
  signUpThroughApi,
  uniqueEmail,
  workspaceWithMember,
} from "./support/accounts.ts";
import { mutation, now, pushMutations } from "./support/sync-push.ts";

const taskComments = (page: Page) => page.getByRole("list", { name: "Comments" });
const taskLabels = (page: Page) => page.getByRole("list", { name: "Labels of this task" });

test("an owner creates a project, edits a task on its page and comments, and a member sees every change live", async ({
  page,
  browser,
}) => {
  const owner = page.request;
  const { workspaceId, memberContext, memberPage } = await workspaceWithMember(page, browser, {
    owner: "Olga Owner",
    member: "Milo Member",
    workspace: "Task page",
  });

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

  // Description: saved as it is typed, and still there after a reload.
  const description = page.getByRole("textbox", { name: "Description" });
  await description.click();
  await description.pressSequentially("## Goals\n- ship **fast**");
  await expect(memberPage.getByRole("textbox", { name: "Description" })).toHaveValue(
    "## Goals\n- ship **fast**",
  );
  await page.reload();
  await expect(page.getByRole("heading", { name: "Goals" })).toBeVisible();
  await expect(page.locator(".markdown strong")).toHaveText("fast");

  // Properties.
  await page.getByLabel("Status", { exact: true }).selectOption("in-progress");
  await expect(memberPage.getByLabel("Status", { exact: true })).toHaveValue("in-progress");
  await page.getByLabel("Priority", { exact: true }).selectOption("high");
  await expect(memberPage.getByLabel("Priority", { exact: true })).toHaveValue("high");
  await page.getByLabel("Assignee", { exact: true }).selectOption({ label: "Milo Member" });
  await expect(
    memberPage.getByLabel("Assignee", { exact: true }).locator("option:checked"),
  ).toHaveText("Milo Member");
  await page.getByLabel("Due date", { exact: true }).fill("2030-05-17");
  await expect(memberPage.getByLabel("Due date", { exact: true })).toHaveValue("2030-05-17");

  // Labels: one created from the picker, and applied at once.
  await page.getByRole("button", { name: "Edit labels" }).click();
  await page.getByLabel("Find or create a label").fill("Frontend");
  await page.getByRole("button", { name: /Create label .Frontend./ }).click();
  await expect(taskLabels(page)).toContainText("Frontend");
  await expect(taskLabels(memberPage)).toContainText("Frontend");

  // A comment sent with Ctrl+Enter.
  const newComment = page.getByLabel("New comment");
  await newComment.fill("Draft is in the shared folder");
  await newComment.press("Control+Enter");
  await expect(newComment).toHaveValue("");
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
  await expect(memberPage.getByLabel("Assignee", { exact: true })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Delete task" })).toBeVisible();

  // Renamed in the workspace settings, the label changes on the member's task page too.
  await page.goto("/dashboard/settings/workspace/general");
  const labelName = page.getByLabel("Name of label Frontend");
  await labelName.fill("Web");
  await labelName.press("Enter");
  await expect(taskLabels(memberPage)).toContainText("Web");

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
  const { workspaceId, memberContext, memberPage } = await workspaceWithMember(page, browser, {
    owner: "Olga Owner",
    member: "Milo Member",
    workspace: "Comments",
  });
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

  // The owner's comment offers the member neither edit nor delete.
  const owners = commentBy(memberPage, "Olga Owner");
  await expect(owners).toContainText("Friday works");
  await expect(owners.getByRole("button")).toHaveCount(0);

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
  const { workspaceId, memberContext, memberPage } = await workspaceWithMember(page, browser, {
    owner: "Olga Owner",
    member: "Milo Member",
    workspace: "Deleting",
  });
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
  await expect(page.getByText("LCH-1 was deleted")).toBeVisible();
  await expect(card(page)).toHaveCount(0);
  await expect(card(memberPage)).toHaveCount(0);
  await expect(memberPage.getByRole("region", { name: "To do", exact: true })).toContainText(
    "No tasks yet — add one with + Add task",
  );

  await memberPage.goto(taskUrl);
  await expect(memberPage.getByRole("heading", { name: "Task not found" })).toBeVisible();
  await memberContext.close();
});
