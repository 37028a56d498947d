import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { createWorkspaceThroughApi, signUpThroughApi, uniqueEmail } from "./support/accounts.ts";
import { createProjectThroughSync, createTasksThroughSync } from "./support/sync.ts";

/**
 * Sub-tasks and relations as a person meets them: added on the task page, shown there on both
 * tasks, and summed up on the board's cards (progress "1/2", "Blocked").
 */

async function ownerWithProject(page: Page, key = "WEB") {
  await signUpThroughApi(page.request, { name: "Ada Owner", email: uniqueEmail("links") });
  const workspaceId = await createWorkspaceThroughApi(page.request, "Links workspace");
  const projectId = await createProjectThroughSync(page.request, workspaceId, {
    name: "Website",
    key,
  });
  return {
    workspaceId,
    projectId,
    boardUrl: `/dashboard/workspace/${workspaceId}/project/${projectId}/board`,
    taskUrl: (taskId: string) =>
      `/dashboard/workspace/${workspaceId}/project/${projectId}/task/${taskId}`,
  };
}

const card = (page: Page, title: string) =>
  page.getByRole("article").filter({ has: page.getByRole("link", { name: title, exact: true }) });
const list = (page: Page, name: string) => page.getByRole("list", { name, exact: true });

test("a sub-task added on the task page shows as progress on the parent's card, 1/1 once done", async ({
  page,
}) => {
  const { boardUrl, taskUrl, projectId } = await ownerWithProject(page);
  const [parentId = ""] = await createTasksThroughSync(page.request, projectId, "Launch", 1);

  await page.goto(taskUrl(parentId));
  await page.getByRole("button", { name: "Add sub-task" }).click();
  const field = page.getByRole("textbox", { name: "Sub-task title" });
  await field.fill("Write the copy");
  await field.press("Enter");
  await expect(field).toHaveValue("");
  await expect(list(page, "Sub-tasks").getByRole("listitem")).toHaveText([
    /WEB-2\s*Write the copy/,
  ]);
  await expect(page.getByRole("region", { name: "Sub-tasks" })).toContainText("0 of 1 done");
  await expect(page.getByRole("list", { name: "Activity" })).toContainText(
    "Ada Owner added sub-task WEB-2",
  );
  const axe = await new AxeBuilder({ page }).include(".task-links").analyze();
  expect(axe.violations).toEqual([]);

  // The sub-task's page names its parent, as a link back.
  await list(page, "Sub-tasks").getByRole("link", { name: "Write the copy" }).click();
  const breadcrumbs = page.getByRole("navigation", { name: "Breadcrumbs" });
  await expect(
    breadcrumbs.getByRole("link", { name: /Parent task WEB-1: Launch 1/ }),
  ).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Parent: WEB-1 Launch 1" })).toBeVisible();
  // One level: a sub-task offers no sub-tasks of its own.
  await expect(page.getByRole("button", { name: "Add sub-task" })).toHaveCount(0);

  await page.goto(boardUrl);
  await expect(card(page, "Launch 1")).toContainText("0 of 1 sub-tasks done");
  await expect(card(page, "Write the copy")).not.toContainText("sub-tasks done");

  await page.getByRole("button", { name: "Actions for Write the copy" }).click();
  await page.getByRole("menuitem", { name: "Move to" }).click();
  await page.getByRole("menuitem", { name: "Bottom of Done" }).click();
  await expect(card(page, "Launch 1")).toContainText("1 of 1 sub-tasks done");
  await expect(card(page, "Launch 1").locator(".task-subtasks")).toContainText("1/1");
});

test("deleting a parent asks about its sub-tasks: deleted with it from the board, kept from its page", async ({
  page,
}) => {
  const { boardUrl, taskUrl, projectId } = await ownerWithProject(page);
  const [firstId = "", secondId = ""] = await createTasksThroughSync(
    page.request,
    projectId,
    "Epic",
    2,
  );
  const addSubtasks = async (parentId: string, titles: string[]) => {
    await page.goto(taskUrl(parentId));
    await page.getByRole("button", { name: "Add sub-task" }).click();
    const field = page.getByRole("textbox", { name: "Sub-task title" });
    for (const title of titles) {
      await field.fill(title);
      await field.press("Enter");
    }
    await expect(list(page, "Sub-tasks").getByRole("listitem")).toHaveCount(titles.length);
  };
  await addSubtasks(firstId, ["Part one", "Part two"]);
  await addSubtasks(secondId, ["Loose end"]);

  // From the board's card menu, deleting them too.
  await page.goto(boardUrl);
  await page.getByRole("button", { name: "Actions for Epic 1" }).click();
  await page.getByRole("menuitem", { name: "Delete…" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete WEB-1?" });
  await expect(
    dialog.getByRole("radio", { name: "Keep its 2 sub-tasks as standalone tasks" }),
  ).toBeChecked();
  await dialog.getByRole("radio", { name: "Delete its 2 sub-tasks too" }).check();
  await dialog.getByRole("button", { name: "Delete task" }).click();
  await expect(card(page, "Epic 1")).toHaveCount(0);
  await expect(card(page, "Part one")).toHaveCount(0);
  await expect(card(page, "Part two")).toHaveCount(0);

  // From the task page, keeping it (the choice made for them).
  await page.goto(taskUrl(secondId));
  await page.getByRole("button", { name: "Delete task" }).click();
  const pageDialog = page.getByRole("dialog", { name: "Delete WEB-2?" });
  await expect(
    pageDialog.getByRole("radio", { name: "Keep its sub-task as a standalone task" }),
  ).toBeChecked();
  await pageDialog.getByRole("button", { name: "Delete task" }).click();
  await expect(page).toHaveURL(/\/board$/);
  await expect(card(page, "Epic 2")).toHaveCount(0);
  await expect(card(page, "Loose end")).toBeVisible();
  const href = await card(page, "Loose end")
    .getByRole("link", { name: "Loose end" })
    .getAttribute("href");
  await page.goto(href ?? "");
  await expect(page.getByRole("combobox", { name: "Parent: None" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Activity" })).toContainText(
    "Ada Owner removed parent WEB-2",
  );
});

test("a blocking relation shows on both tasks' pages, and the blocked card says Blocked until the blocker is done", async ({
  page,
}) => {
  const { workspaceId, boardUrl, taskUrl, projectId } = await ownerWithProject(page);
  // The blocker is in another project of the workspace.
  const opsId = await createProjectThroughSync(page.request, workspaceId, {
    name: "Operations",
    key: "OPS",
  });
  const [blockerId = ""] = await createTasksThroughSync(page.request, opsId, "Provision", 1);
  const [blockedId = ""] = await createTasksThroughSync(page.request, projectId, "Deploy", 1);

  await page.goto(taskUrl(blockedId));
  await page.getByRole("button", { name: "Add relation" }).click();
  await page.getByRole("menuitem", { name: "Blocked by…" }).click();
  const search = page.getByRole("combobox", { name: "Search tasks by key or title" });
  await expect(search).toBeFocused();
  await search.fill("ops-1");
  await page.getByRole("option", { name: /OPS-1\s*Provision 1/ }).click();

  const blockedBy = list(page, "Blocked by");
  await expect(blockedBy.getByRole("listitem")).toHaveText([/OPS-1\s*Provision 1/]);
  await expect(page.getByRole("list", { name: "Activity" })).toContainText(
    "Ada Owner marked as blocked by OPS-1",
  );

  await blockedBy.getByRole("link", { name: "Provision 1" }).click();
  await expect(list(page, "Blocking").getByRole("listitem")).toHaveText([/WEB-1\s*Deploy 1/]);
  await expect(page.getByRole("list", { name: "Activity" })).toContainText(
    "Ada Owner marked as blocking WEB-1",
  );

  await page.goto(boardUrl);
  const blocked = card(page, "Deploy 1");
  await expect(blocked.getByText("Blocked", { exact: true })).toBeVisible();

  // The blocker done, the card is blocked no more.
  await page.goto(taskUrl(blockerId).replace(projectId, opsId));
  await page.getByRole("combobox", { name: /^Status: / }).click();
  await page.getByRole("option", { name: "Done" }).click();
  await page.goto(boardUrl);
  await expect(card(page, "Deploy 1")).toBeVisible();
  await expect(card(page, "Deploy 1").getByText("Blocked", { exact: true })).toHaveCount(0);
});

test("a relation is removed from either page, and leaves both", async ({ page }) => {
  const { taskUrl, projectId } = await ownerWithProject(page);
  const [firstId = "", secondId = ""] = await createTasksThroughSync(
    page.request,
    projectId,
    "Report",
    2,
  );
  await page.goto(taskUrl(firstId));
  await page.getByRole("button", { name: "Add relation" }).click();
  await page.getByRole("menuitem", { name: "Duplicate of…" }).click();
  await page.getByRole("combobox", { name: "Search tasks by key or title" }).fill("Report 2");
  await page.getByRole("option", { name: /WEB-2\s*Report 2/ }).click();
  await expect(list(page, "Duplicate of").getByRole("listitem")).toHaveCount(1);

  await page.goto(taskUrl(secondId));
  await expect(list(page, "Duplicates").getByRole("listitem")).toHaveText([/WEB-1\s*Report 1/]);
  await page.getByRole("button", { name: "Remove relation duplicated by WEB-1" }).click();
  await expect(page.getByText("No relations yet.")).toBeVisible();
  await page.goto(taskUrl(firstId));
  await expect(page.getByText("No relations yet.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Activity" })).toContainText(
    "Ada Owner removed relation duplicate of WEB-2",
  );
});
