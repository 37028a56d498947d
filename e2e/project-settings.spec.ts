import { readFile } from "node:fs/promises";
import { expect, test, type Download, type Page } from "@playwright/test";
import {
  createWorkspaceThroughApi,
  signUpThroughApi,
  uniqueEmail,
  withOlga,
} from "./support/accounts.ts";
import { createProjectThroughSync } from "./support/sync.ts";
import { mutation, now, pushMutations } from "./support/sync-push.ts";

const projectRow = (page: Page, name: string) =>
  page.getByRole("list", { name: "Projects" }).getByRole("link", { name: new RegExp(name) });
const generalUrl = (projectId: string) => `/dashboard/settings/projects/${projectId}/general`;
const integrationsUrl = (projectId: string) =>
  `/dashboard/settings/projects/${projectId}/integrations`;

async function ownerWithWorkspace(page: Page) {
  await signUpThroughApi(page.request, { name: "Pat Projects", email: uniqueEmail("pat") });
  return createWorkspaceThroughApi(page.request, "Projects");
}

/** The text of a file the page offers for download when `click` runs. */
/** `ownerWithWorkspace`, with a project "Website" (WEB) in the workspace. */
async function ownerWithWebsite(page: Page) {
  const workspaceId = await ownerWithWorkspace(page);
  const projectId = await createProjectThroughSync(page.request, workspaceId, {
    name: "Website",
    key: "WEB",
  });
  return { workspaceId, projectId };
}

async function downloaded(page: Page, click: () => Promise<void>): Promise<[Download, string]> {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  return [download, await readFile(await download.path(), "utf8")];
}

test("an owner renames a project and changes its key, icon and description, and every screen shows them", async ({
  page,
}) => {
  const { workspaceId, projectId } = await ownerWithWebsite(page);
  await createProjectThroughSync(page.request, workspaceId, { name: "Docs", key: "DOC" });
  await pushMutations(page.request, [
    mutation("createTask", { id: `${projectId}-t`, projectId, title: "Hero", createdAt: now() }),
  ]);

  await page.goto("/dashboard/settings/projects");
  await page.getByRole("main").getByRole("link", { name: "Website" }).click();
  await expect(page).toHaveURL(new RegExp(`${generalUrl(projectId)}$`));
  const form = page.getByRole("form", { name: "Project" });
  await form.getByLabel("Name").fill("Marketing site");

  // A key must be valid and not another project's before the form saves.
  const key = form.getByLabel("Key");
  await key.fill("x");
  await expect(form).toContainText("2 to 8 uppercase letters or digits, starting with a letter.");
  await expect(form.getByRole("button", { name: "Save" })).toBeDisabled();
  await key.fill("doc");
  await expect(form).toContainText("Another project of this workspace uses DOC.");
  await expect(form.getByRole("button", { name: "Save" })).toBeDisabled();
  await key.fill("mkt");
  await expect(key).toHaveValue("MKT");

  await form.getByLabel("Icon").fill("🦊");
  await form.getByLabel("Description").fill("Pages that sell the product");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Project saved")).toBeVisible();

  await page.reload();
  await expect(form.getByLabel("Name")).toHaveValue("Marketing site");
  await expect(form.getByLabel("Key")).toHaveValue("MKT");
  await expect(form.getByLabel("Icon")).toHaveValue("🦊");
  await expect(form.getByLabel("Description")).toHaveValue("Pages that sell the product");

  // A change saved elsewhere (another device) shows in the open form, edits in progress stay.
  await form.getByLabel("Icon").fill("🐺");
  await pushMutations(page.request, [
    mutation("updateProject", { id: projectId, description: "Sells it", updatedAt: now() }),
  ]);
  await expect(form.getByLabel("Description")).toHaveValue("Sells it");
  await expect(form.getByLabel("Icon")).toHaveValue("🐺");
  await form.getByLabel("Icon").fill("🦊");

  await page.goto(`/dashboard/workspace/${workspaceId}`);
  const row = projectRow(page, "Marketing site");
  await expect(row).toContainText("🦊");
  await expect(row).toContainText("MKT");
  await expect(row).toContainText("Sells it");
  await row.click();
  await expect(page.getByRole("heading", { level: 1, name: "Marketing site" })).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: "Hero" })).toContainText("MKT-1");
});

test("deleting a project takes its key as confirmation, and it leaves the workspace home for everyone", async ({
  page,
  browser,
}) => {
  const { workspaceId, memberContext, memberPage } = await withOlga(page, browser, "Deletions");
  const projectId = await createProjectThroughSync(page.request, workspaceId, {
    name: "Old site",
    key: "OLD",
  });

  // A member reads the settings but can neither change nor delete the project.
  await memberPage.goto(generalUrl(projectId));
  await expect(
    memberPage.getByText("Only owners and admins can change these settings."),
  ).toBeVisible();
  await expect(memberPage.getByLabel("Name")).toBeDisabled();
  await expect(memberPage.getByRole("button", { name: "Delete project" })).toHaveCount(0);
  await memberPage.goto(`/dashboard/settings/projects/${projectId}/visibility`);
  await expect(memberPage.getByRole("checkbox", { name: /^Public access/ })).toBeDisabled();
  await memberPage.goto(`/dashboard/workspace/${workspaceId}`);
  await expect(projectRow(memberPage, "Old site")).toBeVisible();

  await page.goto(generalUrl(projectId));
  await page.getByRole("button", { name: "Delete project" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete project" });
  const confirm = dialog.getByRole("button", { name: "Delete" });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel("Project key").fill("OLX");
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel("Project key").fill("old");
  await confirm.click();
  await expect(page.getByText("Old site deleted")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/settings\/projects$/);
  await expect(page.getByText("This workspace has no projects yet.")).toBeVisible();

  await expect(memberPage.getByText("No projects yet.")).toBeVisible();
  await expect(
    memberPage.getByText("Create a project to start planning tasks on its board."),
  ).toBeVisible();
  await memberContext.close();
});

test("a project exports as JSON and as CSV files holding its tasks, and the JSON imports back", async ({
  page,
}) => {
  const { workspaceId, projectId } = await ownerWithWebsite(page);
  const labelId = `${projectId}-label`;
  const taskId = `${projectId}-1`;
  await pushMutations(page.request, [
    mutation("createLabel", {
      id: labelId,
      workspaceId,
      name: "Design",
      color: "teal",
      createdAt: now(),
    }),
    mutation("createTask", {
      id: taskId,
      projectId,
      title: "Draw the hero, with a comma",
      status: "in-progress",
      priority: "high",
      dueDate: "2030-05-17",
      labelIds: [labelId],
      createdAt: now(),
    }),
    mutation("createTask", { id: `${projectId}-2`, projectId, title: "Ship", createdAt: now() }),
    mutation("addComment", {
      id: `${projectId}-c`,
      taskId,
      body: "Use the new palette",
      createdAt: now(),
    }),
  ]);

  await page.goto(integrationsUrl(projectId));
  await expect(page.getByText("2 tasks, as they are in this browser.")).toBeVisible();

  const [jsonFile, json] = await downloaded(page, () =>
    page.getByRole("button", { name: "Export JSON" }).click(),
  );
  expect(jsonFile.suggestedFilename()).toBe("web-tasks.json");
  const exported: unknown = JSON.parse(json);
  expect(exported).toMatchObject({
    project: { name: "Website", key: "WEB" },
    labels: [{ name: "Design", color: "teal" }],
    tasks: expect.arrayContaining([
      expect.objectContaining({
        key: "WEB-1",
        title: "Draw the hero, with a comma",
        status: "In progress",
        priority: "high",
        dueDate: "2030-05-17",
        labels: ["Design"],
        comments: [expect.objectContaining({ body: "Use the new palette" })],
      }),
      expect.objectContaining({ key: "WEB-2", title: "Ship" }),
    ]),
  });

  const [csvFile, csv] = await downloaded(page, () =>
    page.getByRole("button", { name: "Export CSV" }).click(),
  );
  expect(csvFile.suggestedFilename()).toBe("web-tasks.csv");
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toBe(
    "key,title,description,status,priority,assignee_email,due_date,labels,created_at",
  );
  expect(lines).toHaveLength(3);
  expect(csv).toContain(
    'WEB-1,"Draw the hero, with a comma",,In progress,high,,2030-05-17,Design,',
  );
  expect(csv).toContain("WEB-2,Ship,");

  // The JSON file, imported into another project, brings the same tasks back.
  const copyId = await createProjectThroughSync(page.request, workspaceId, {
    name: "Copy",
    key: "CPY",
  });
  await page.goto(integrationsUrl(copyId));
  await page.getByLabel("File to import").setInputFiles(await jsonFile.path());
  await expect(page.getByRole("status").filter({ hasText: "Imported" })).toContainText(
    "Imported 2 tasks; 0 rows refused",
  );
  await page.goto(`/dashboard/workspace/${workspaceId}/project/${copyId}/board`);
  const copied = page
    .getByRole("region", { name: "In progress", exact: true })
    .getByRole("article")
    .filter({ hasText: "Draw the hero, with a comma" });
  await expect(copied).toContainText("Design");
  await expect(copied).toContainText("High");
  await expect(page.getByRole("article").filter({ hasText: "Ship" })).toContainText("CPY-");
});

test("importing reports how many tasks came in and which rows were refused and why", async ({
  page,
}) => {
  const workspaceId = await ownerWithWorkspace(page);
  const projectId = await createProjectThroughSync(page.request, workspaceId, {
    name: "Imports",
    key: "IMP",
  });
  await page.goto(integrationsUrl(projectId));
  const file = page.getByLabel("File to import");
  const report = page.getByRole("status").filter({ hasText: "Imported" });
  await expect(
    page.getByText("This project has no tasks yet: add them on its board, or import a file below."),
  ).toBeVisible();

  // This app's own JSON export, e.g. of another project.
  const exportJson = {
    format: "tasks-project-export",
    version: 1,
    project: { name: "Elsewhere", key: "ELS", icon: null, description: "" },
    labels: [{ name: "Backend", color: "indigo" }],
    tasks: [
      { key: "ELS-1", title: "Set up the API", status: "in-review", labels: ["Backend"] },
      { key: "ELS-2", title: "Write the docs", status: "done", priority: "low" },
    ],
  };
  await file.setInputFiles({
    name: "els-tasks.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify(exportJson)),
  });
  await expect(report).toContainText("Imported 2 tasks; 0 rows refused");

  // A spreadsheet with one good row and one whose date makes no sense (its status would have
  // become a new status of the project: statuses are carried by name).
  const csv = [
    "title,status,priority,due_date",
    "Plan the launch,todo,urgent,2030-01-02",
    "Broken row,sometime,low,next week",
  ].join("\n");
  await file.setInputFiles({ name: "plan.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await expect(report).toContainText("Imported 1 task; 1 row refused");
  await expect(report).toContainText('Row 3: "next week" is not a date (YYYY-MM-DD)');

  // A Kaneo export: tasks under the project, assignee by email.
  const kaneo = {
    project: {
      name: "Kaneo project",
      tasks: [
        { title: "From Kaneo", status: "in-progress", priority: "medium" },
        { status: "to-do" },
      ],
    },
  };
  await file.setInputFiles({
    name: "kaneo.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify(kaneo)),
  });
  await expect(report).toContainText("Imported 1 task; 1 row refused");
  await expect(report).toContainText("Row 2: the title is empty");

  await expect(page.getByText("4 tasks, as they are in this browser.")).toBeVisible();

  await page.goto(`/dashboard/workspace/${workspaceId}/project/${projectId}/board`);
  const column = (name: string) => page.getByRole("region", { name, exact: true });
  await expect(column("In review").getByRole("article")).toContainText(["Set up the API"]);
  await expect(column("In review").getByRole("article")).toContainText("Backend");
  await expect(column("Done").getByRole("article")).toContainText(["Write the docs"]);
  await expect(column("To do").getByRole("article")).toContainText(["Plan the launch"]);
  await expect(column("In progress").getByRole("article")).toContainText(["From Kaneo"]);
  await expect(page.getByText("Broken row")).toHaveCount(0);
});

test("without a workspace, the projects settings lead to creating one", async ({ page }) => {
  await signUpThroughApi(page.request, { name: "Wes Without", email: uniqueEmail("wes") });
  await page.goto("/dashboard/settings/projects");
  await page.getByRole("link", { name: "Create one to add projects." }).click();
  await expect(page).toHaveURL(/\/dashboard\/workspace\/create$/);
});
