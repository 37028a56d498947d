import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { mutation, now, pushMutations } from "./support/sync-push.ts";
import { column, keyboardDragReady, ownerAndMember } from "./support/team.ts";

const workflowUrl = (projectId: string) => `/dashboard/settings/projects/${projectId}/workflow`;

/** The statuses a category of the Workflow page lists, by their names, in order. */
const namesIn = (page: Page, category: string) =>
  page
    .getByRole("list", { name: `${category} statuses`, exact: true })
    .getByRole("textbox", { name: /^Name of status / });

async function expectNames(page: Page, category: string, names: string[]) {
  await expect(namesIn(page, category)).toHaveCount(names.length);
  for (const [index, name] of names.entries()) {
    await expect(namesIn(page, category).nth(index)).toHaveValue(name);
  }
}

async function addStatus(page: Page, category: string, name: string) {
  await page.getByRole("button", { name: `Add status to ${category}` }).click();
  const input = page.getByRole("textbox", { name: `New ${category.toLowerCase()} status` });
  await input.fill(name);
  await input.press("Enter");
  await expect(page.getByRole("textbox", { name: `Name of status ${name}` })).toBeVisible();
}

test("an owner shapes a workflow of seven statuses; the board, backlog, public page and export follow it, and a member sees it read-only", async ({
  browser,
}) => {
  const { owner, member, workspaceId, projectId, boardUrl } = await ownerAndMember(browser);
  await pushMutations(owner.request, [
    mutation("updateProject", { id: projectId, isPublic: true, updatedAt: now() }),
    ...[
      ["Review the copy", "in-review"],
      ["Build the hero", "in-progress"],
      ["Someday idea", "planned"],
      ["Write the intro", "to-do"],
    ].map(([title = "", status]) =>
      mutation("createTask", {
        id: `${projectId}-${status}`,
        projectId,
        title,
        status,
        createdAt: now(),
      }),
    ),
  ]);
  const page = await owner.newPage();
  await page.goto(workflowUrl(projectId));
  await expect(page.getByRole("heading", { level: 1, name: /Workflow/ })).toBeVisible();
  await expectNames(page, "Started", ["In progress", "In review"]);

  // Two statuses of its own, in two categories.
  await addStatus(page, "Backlog", "Icebox");
  await addStatus(page, "Started", "QA");
  // A name another status has is refused before anything is sent.
  await page.getByRole("button", { name: "Add status to Completed" }).click();
  const duplicate = page.getByRole("textbox", { name: "New completed status" });
  await duplicate.fill("qa");
  await duplicate.press("Enter");
  await expect(page.getByRole("alert")).toHaveText("This project already has a status named “QA”.");
  await duplicate.press("Escape");

  // Renamed in place, recoloured, given an icon.
  const inProgress = page.getByRole("textbox", { name: "Name of status In progress" });
  await inProgress.fill("Building");
  await inProgress.press("Enter");
  await page.getByRole("button", { name: /^Colour and icon of Building/ }).click();
  await page.getByRole("menuitemradio", { name: "Orange" }).click();
  await expect(
    page.getByRole("button", { name: /^Colour and icon of Building: Orange/ }),
  ).toBeVisible();
  await page.getByRole("button", { name: /^Colour and icon of QA/ }).click();
  await page.getByRole("menuitemradio", { name: "Flask" }).click();
  await expect(
    page.getByRole("button", { name: "Colour and icon of QA: Yellow, Flask" }),
  ).toBeVisible();

  // QA moves above In review from the keyboard: Space on its handle, up, Space.
  await expectNames(page, "Started", ["Building", "In review", "QA"]);
  const handle = page.getByRole("button", { name: "Reorder QA" });
  await handle.focus();
  await page.keyboard.press("Space");
  await expect(handle).toHaveAttribute("aria-pressed", "true");
  // What a screen reader hears tells where it is.
  await expect(page.getByText("QA is in its place.")).toBeAttached();
  await keyboardDragReady(page);
  await page.keyboard.press("ArrowUp");
  await expect(page.getByText("QA is at the place of In review.")).toBeAttached();
  await page.keyboard.press("Space");
  await expectNames(page, "Started", ["Building", "QA", "In review"]);

  // Deleting In review asks where its task goes.
  await page.getByRole("button", { name: "Delete status In review" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete status “In review”?" });
  await dialog.getByLabel("Its task moves to").selectOption({ label: "QA" });
  await dialog.getByRole("button", { name: "Delete status" }).click();
  await expectNames(page, "Started", ["Building", "QA"]);
  await expectNames(page, "Backlog", ["Planned", "Icebox"]);
  await expect(
    page.getByRole("list", { name: "Started statuses", exact: true }).getByRole("listitem").nth(1),
  ).toContainText("1 task");
  // The last completed status cannot go: the board needs one.
  await expect(
    page.getByRole("button", {
      name: /^Done cannot be deleted: the board needs a completed status/,
    }),
  ).toBeDisabled();

  // The board: a column per unstarted, started and completed status, in the workflow's order.
  await page.goto(boardUrl);
  await expect(page.locator(".board-column h2")).toHaveText(["To do", "Building", "QA", "Done"]);
  await expect(column(page, "QA").getByRole("article")).toContainText(["Review the copy"]);
  await expect(column(page, "Building").getByRole("article")).toContainText(["Build the hero"]);

  // The backlog: its backlog statuses, then the canceled one.
  await page.goto(`/dashboard/workspace/${workspaceId}/project/${projectId}/backlog`);
  await expect(page.locator(".backlog-group h2")).toHaveText([
    /^Planned\s*1/,
    /^Icebox\s*0/,
    /^Archived\s*0/,
  ]);
  await expect(page.getByRole("region", { name: "Icebox" })).toContainText("No tasks in Icebox.");

  // The public page and its API.
  const visitor = await browser.newPage();
  await visitor.goto(`/public-project/${projectId}`);
  await expect(visitor.locator(".public-board .public-column-title")).toHaveText([
    /^To do/,
    /^Building/,
    /^QA/,
    /^Done/,
  ]);
  await expect(visitor.getByRole("region", { name: "QA" })).toContainText("Review the copy");
  await visitor.close();

  // The export names statuses as the project does, and lists the workflow.
  await page.goto(`/dashboard/settings/projects/${projectId}/integrations`);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export JSON" }).click(),
  ]);
  const exported = JSON.parse(await readFile(await download.path(), "utf8")) as {
    statuses: { name: string; category: string }[];
    tasks: { title: string; status: string }[];
  };
  expect(exported.statuses.map((s) => `${s.category}:${s.name}`)).toEqual([
    "backlog:Planned",
    "backlog:Icebox",
    "unstarted:To do",
    "started:Building",
    "started:QA",
    "completed:Done",
    "canceled:Archived",
  ]);
  expect(exported.tasks.find((t) => t.title === "Review the copy")?.status).toBe("QA");

  // A member reads the workflow, with its changes, and cannot change it.
  const memberPage = await member.newPage();
  await memberPage.goto(workflowUrl(projectId));
  await expect(
    memberPage.getByText("Only owners and admins can change this workflow."),
  ).toBeVisible();
  await expectNames(memberPage, "Started", ["Building", "QA"]);
  await expect(memberPage.getByRole("textbox", { name: "Name of status QA" })).toHaveAttribute(
    "readonly",
  );
  await expect(memberPage.getByRole("button", { name: /^Add status/ })).toHaveCount(0);
  await expect(memberPage.getByRole("button", { name: /^Delete status/ })).toHaveCount(0);
  // The owner renames a status; the member's page follows without a reload.
  await page.goto(workflowUrl(projectId));
  const qa = page.getByRole("textbox", { name: "Name of status QA" });
  await qa.fill("Testing");
  await qa.press("Enter");
  await expectNames(memberPage, "Started", ["Building", "Testing"]);
  await owner.close();
  await member.close();
});
