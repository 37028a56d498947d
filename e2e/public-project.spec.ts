import { expect, test, type Browser } from "@playwright/test";
import { createWorkspaceThroughApi, signUpThroughApi, uniqueEmail } from "./support/accounts.ts";
import { mutation, now, pushMutations } from "./support/sync-push.ts";
import { userIdOf } from "./support/team.ts";

/** A browser context of its own signed up as Pia Public, the owner of a new `workspace`. */
async function piaPublic(browser: Browser, workspace: string) {
  const ownerContext = await browser.newContext();
  const owner = ownerContext.request;
  await signUpThroughApi(owner, { name: "Pia Public", email: uniqueEmail("pia") });
  const workspaceId = await createWorkspaceThroughApi(owner, workspace);
  return { ownerContext, owner, workspaceId };
}

test("an owner makes a project public and a signed-out visitor sees its board; a private one is not found", async ({
  page,
  browser,
}) => {
  const { ownerContext, owner, workspaceId } = await piaPublic(browser, "Public");
  const unique = Date.now().toString(36);
  const publicId = `pub-${unique}`;
  const privateId = `priv-${unique}`;
  await pushMutations(owner, [
    mutation("createProject", {
      id: publicId,
      workspaceId,
      name: "Open roadmap",
      key: "OPEN",
      createdAt: now(),
    }),
    mutation("createProject", {
      id: privateId,
      workspaceId,
      name: "Secret",
      key: "SEC",
      createdAt: now(),
    }),
    mutation("createTask", {
      id: `${publicId}-1`,
      projectId: publicId,
      title: "Ship the beta",
      status: "in-progress",
      priority: "high",
      createdAt: now(),
    }),
    mutation("createTask", {
      id: `${publicId}-2`,
      projectId: publicId,
      title: "Write the changelog",
      createdAt: now(),
    }),
    mutation("createTask", {
      id: `${privateId}-1`,
      projectId: privateId,
      title: "Hidden work",
      createdAt: now(),
    }),
  ]);

  const ownerPage = await ownerContext.newPage();
  await ownerPage.goto(`/dashboard/settings/projects/${publicId}/visibility`);
  await ownerPage.getByLabel(/Public access/).check();
  await expect(ownerPage.getByLabel("Public URL")).toHaveValue(/\/public-project\/pub-/);
  // The change reaches the server with the owner's next push; wait for it before closing.
  await expect
    .poll(async () => (await page.request.get(`/api/public/projects/${publicId}`)).status())
    .toBe(200);
  await ownerContext.close();

  // Signed out: this page's context never signed in.
  await page.goto(`/public-project/${publicId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Open roadmap" })).toBeVisible();
  // The tab names the project, as a shared link should read.
  await expect(page).toHaveTitle("Open roadmap · Public");
  const inProgress = page.getByRole("region", { name: "In progress" });
  await expect(inProgress.getByRole("button", { name: /OPEN-1 Ship the beta/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "To do" })).toContainText("Write the changelog");

  await inProgress.getByRole("button", { name: /Ship the beta/ }).click();
  const task = page.getByRole("dialog", { name: "Task" });
  await expect(task).toContainText("High");
  await task.getByRole("button", { name: "Close" }).click();

  await page.getByRole("button", { name: "List" }).click();
  await expect(page.getByRole("region", { name: "In progress" })).toContainText("Ship the beta");

  await page.goto(`/public-project/${privateId}`);
  await expect(page.getByText("This project is private or does not exist.")).toBeVisible();
  await expect(page).toHaveTitle("Public project");
  await expect(page.getByText("Hidden work")).toHaveCount(0);
});

test("a visitor sees the public board's cards and rows as the team's board draws them, also on a phone", async ({
  page,
  browser,
}) => {
  const { ownerContext, owner, workspaceId } = await piaPublic(browser, "Public look");
  const ownerId = await userIdOf(ownerContext);
  const projectId = `look-${Date.now().toString(36)}`;
  const labelId = `${projectId}-label`;
  await pushMutations(owner, [
    mutation("createProject", {
      id: projectId,
      workspaceId,
      name: "Roadmap",
      key: "MAP",
      createdAt: now(),
    }),
    mutation("createLabel", {
      id: labelId,
      workspaceId,
      name: "Launch",
      color: "green",
      createdAt: now(),
    }),
    mutation("createTask", {
      id: `${projectId}-1`,
      projectId,
      title: "Publish the pricing page before the launch event on Thursday",
      priority: "urgent",
      assigneeId: ownerId,
      dueDate: "2025-03-04",
      labelIds: [labelId],
      createdAt: now(),
    }),
    mutation("updateProject", { id: projectId, isPublic: true, updatedAt: now() }),
  ]);
  await ownerContext.close();

  await page.goto(`/public-project/${projectId}`);
  const card = page.getByRole("listitem").filter({ hasText: "Publish the pricing page" });
  // The facts as on the board: an icon named for the priority, the date in words, the label's
  // chip, the assignee's initials named for screen readers; no raw ISO date.
  await expect(card.getByTitle("Priority: Urgent")).toBeVisible();
  await expect(card).toContainText("Overdue · Mar 4, 2025");
  await expect(card).not.toContainText("2025-03-04");
  await expect(card.getByRole("list", { name: "Labels" })).toHaveText("Launch");
  await expect(card.getByRole("img", { name: "Assigned to Pia Public" })).toHaveText("PP");
  // The key on its own line above the title, as on a board card.
  const key = card.getByText("MAP-1", { exact: true });
  const title = card.getByRole("button", { name: /^MAP-1 Publish the pricing page/ });
  const box = async (locator: typeof card) => (await locator.boundingBox()) ?? { x: 0, y: 0 };
  expect((await box(title)).y).toBeGreaterThan((await box(key)).y);
  // The whole card opens the task.
  const cardBox = await box(card);
  await page.mouse.click(cardBox.x + 8, cardBox.y + 8);
  const dialog = page.getByRole("dialog", { name: "Task" });
  await expect(dialog.getByRole("heading", { name: /Publish the pricing page/ })).toBeVisible();
  await expect(dialog.getByRole("definition").filter({ hasText: "Urgent" })).toBeVisible();
  await expect(dialog).toContainText("Overdue · Mar 4, 2025");
  await dialog.getByRole("button", { name: "Close" }).click();

  // On a phone the list's row is two lines: the status and title, then priority, key, date and
  // the assignee; nothing runs off the side.
  await page.setViewportSize({ width: 390, height: 844 });
  const view = page.getByRole("group", { name: "View" });
  await view.getByRole("button", { name: "List" }).click();
  await expect(view.getByRole("button", { name: "List" })).toHaveAttribute("aria-pressed", "true");
  const row = page.getByRole("listitem").filter({ hasText: "Publish the pricing page" });
  const rowTitle = row.getByRole("button", { name: /^MAP-1 Publish/ });
  const avatar = row.getByRole("img", { name: "Assigned to Pia Public" });
  await expect(rowTitle).toBeInViewport({ ratio: 1 });
  await expect(avatar).toBeInViewport({ ratio: 1 });
  expect((await box(avatar)).y).toBeGreaterThan((await box(rowTitle)).y);
  const overflows = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(overflows).toBe(false);
});
