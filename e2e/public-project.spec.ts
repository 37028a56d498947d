import { expect, test } from "@playwright/test";
import { createWorkspaceThroughApi, signUpThroughApi, uniqueEmail } from "./support/accounts.ts";
import { mutation, now, pushMutations } from "./support/sync-push.ts";

test("an owner makes a project public and a signed-out visitor sees its board; a private one is not found", async ({
  page,
  browser,
}) => {
  const ownerContext = await browser.newContext();
  const owner = ownerContext.request;
  await signUpThroughApi(owner, { name: "Pia Public", email: uniqueEmail("pia") });
  const workspaceId = await createWorkspaceThroughApi(owner, "Public");
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
