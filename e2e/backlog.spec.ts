import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import {
  createWorkspaceThroughApi,
  signUpThroughApi,
  uniqueEmail,
  workspaceWithMember,
} from "./support/accounts.ts";
import { ownerOfNewProject } from "./support/sync.ts";
import { mutation, now, pushMutations } from "./support/sync-push.ts";

/** Pushes the project "Launch" (`key`) with the `planned` tasks in order; returns its backlog's URL. */
async function launchProject(
  request: APIRequestContext,
  workspaceId: string,
  projectId: string,
  { key, planned }: { key: string; planned: readonly string[] },
) {
  await pushMutations(request, [
    mutation("createProject", {
      id: projectId,
      workspaceId,
      name: "Launch",
      key,
      createdAt: now(),
    }),
    ...planned.map((title, index) =>
      mutation("createTask", {
        id: `${projectId}-${index}`,
        projectId,
        title,
        status: "planned",
        createdAt: now(),
      }),
    ),
  ]);
  return `/dashboard/workspace/${workspaceId}/project/${projectId}/backlog`;
}

const plannedGroup = (page: Page) => page.getByRole("region", { name: "Planned" });
const row = (page: Page, title: string) =>
  plannedGroup(page).getByRole("listitem").filter({ hasText: title });

test("an owner bulk-edits planned tasks and a member sees each change without a reload", async ({
  page,
  browser,
}) => {
  const owner = page.request;
  const { workspaceId, memberContext, memberPage } = await workspaceWithMember(page, browser, {
    owner: "Bea Backlog",
    member: "Max Member",
    workspace: "Backlog",
  });

  const backlogUrl = await launchProject(owner, workspaceId, `blg-${Date.now().toString(36)}`, {
    key: "BLG",
    planned: ["Alpha", "Beta", "Gamma", "Delta"],
  });

  await memberPage.goto(backlogUrl);
  await expect(plannedGroup(memberPage).getByRole("listitem")).toHaveCount(4);
  // A member may edit tasks but neither delete nor assign them.
  await memberPage.getByRole("checkbox", { name: "Select BLG-1" }).click();
  const memberBar = memberPage.getByRole("toolbar", { name: "Bulk actions" });
  await expect(memberBar.getByLabel("Set priority")).toBeVisible();
  await expect(memberBar.getByRole("button", { name: "Delete" })).toHaveCount(0);
  await expect(memberBar.getByLabel("Set assignee")).toHaveCount(0);
  await memberBar.getByRole("button", { name: "Clear selection" }).click();

  await page.goto(backlogUrl);
  await page.getByRole("checkbox", { name: "Select BLG-1" }).click();
  await page.getByRole("checkbox", { name: "Select BLG-3" }).click({ modifiers: ["Shift"] });
  const bar = page.getByRole("toolbar", { name: "Bulk actions" });
  await expect(bar).toContainText("3 selected");
  await expect(page.getByRole("checkbox", { name: "Select BLG-2" })).toBeChecked();
  await expect(bar.getByRole("button", { name: "Delete" })).toBeVisible();

  await bar.getByLabel("Set priority").click();
  await page.getByRole("option", { name: "High" }).click();
  await expect(row(page, "Gamma")).toContainText("High");
  for (const title of ["Alpha", "Beta", "Gamma"]) {
    await expect(row(memberPage, title)).toContainText("High");
  }
  await expect(row(memberPage, "Delta")).not.toContainText("High");

  await bar.getByLabel("Set status").click();
  await page.getByRole("option", { name: "To do" }).click();
  await expect(plannedGroup(page).getByRole("listitem")).toHaveCount(1);
  await expect(plannedGroup(memberPage).getByRole("listitem")).toHaveCount(1);
  await expect(row(memberPage, "Delta")).toBeVisible();
  await memberContext.close();
});

test("an empty backlog says how to fill it; a task planned there is archived and restored", async ({
  page,
}) => {
  const { workspaceId, projectId } = await ownerOfNewProject(page.request, "Empty backlog", {
    owner: { name: "Eve Empty", email: uniqueEmail("eve") },
    project: { name: "Later", key: "LTR" },
  });
  await page.goto(`/dashboard/workspace/${workspaceId}/project/${projectId}/backlog`);
  const archivedGroup = page.getByRole("region", { name: "Archived" });
  await expect(plannedGroup(page)).toContainText(
    "Nothing planned. Add a task above, or move one here from the board.",
  );
  await expect(archivedGroup).toContainText(
    "No archived tasks. Archive a planned task to keep it out of the way.",
  );

  await page.getByLabel("New task title").fill("Someday feature");
  await page.getByLabel("New task title").press("Enter");
  await expect(row(page, "Someday feature")).toContainText("LTR-1");
  await expect(plannedGroup(page)).not.toContainText("Nothing planned.");

  await page.getByRole("button", { name: "Archive LTR-1" }).click();
  await expect(archivedGroup.getByRole("listitem")).toHaveCount(1);
  await expect(plannedGroup(page)).toContainText("Nothing planned.");
  await page.getByRole("button", { name: "Restore LTR-1" }).click();
  await expect(row(page, "Someday feature")).toBeVisible();
  await expect(archivedGroup).toContainText("No archived tasks.");
});

/** A signed-up owner's project "Launch" (BLG) with planned tasks; returns the backlog's URL. */
async function backlogWith(page: Page, name: string, titles: readonly string[]) {
  await signUpThroughApi(page.request, { name, email: uniqueEmail("bulk") });
  const workspaceId = await createWorkspaceThroughApi(page.request, "Bulk");
  const projectId = `blk-${Date.now().toString(36)}`;
  return launchProject(page.request, workspaceId, projectId, { key: "BLK", planned: titles });
}

const highlighted = (page: Page) => page.locator("[role=option][data-highlighted]");

test("the bulk bar floats over the list; s p a l d open its pickers for every selected task", async ({
  page,
}) => {
  await page.goto(await backlogWith(page, "Kit Keys", ["Alpha", "Beta", "Gamma"]));
  const alpha = row(page, "Alpha");
  await expect(alpha).toBeVisible();
  const before = await alpha.boundingBox();

  await page.getByRole("checkbox", { name: "Select BLK-1" }).click();
  await page.getByRole("checkbox", { name: "Select BLK-2" }).click();
  const bar = page.getByRole("toolbar", { name: "Bulk actions" });
  await expect(bar).toContainText("2 selected");
  // Floating: the rows did not move to make room for it.
  expect(await alpha.boundingBox()).toEqual(before);
  expect(await bar.evaluate((element) => getComputedStyle(element).position)).toBe("fixed");

  await page.keyboard.press("p");
  await page.keyboard.type("urg");
  await expect(highlighted(page)).toHaveText("Urgent");
  await page.keyboard.press("Enter");
  await expect(row(page, "Alpha")).toContainText("Urgent");
  await expect(row(page, "Beta")).toContainText("Urgent");
  await expect(row(page, "Gamma")).not.toContainText("Urgent");

  await expect(page.getByRole("listbox")).toHaveCount(0);
  await page.keyboard.press("a");
  await page.keyboard.type("assign to");
  await expect(highlighted(page)).toContainText("Assign to me");
  await page.keyboard.press("Enter");
  const assignee = { name: "Assigned to Kit Keys" };
  await expect(row(page, "Alpha").getByRole("img", assignee)).toBeVisible();
  await expect(row(page, "Beta").getByRole("img", assignee)).toBeVisible();

  // Labels: a new one for both, then taken off both again.
  await expect(page.getByRole("listbox")).toHaveCount(0);
  await page.keyboard.press("l");
  await page.keyboard.type("Docs");
  await expect(highlighted(page)).toContainText("Create label");
  await page.keyboard.press("Enter");
  await expect(row(page, "Alpha")).toContainText("Docs");
  await expect(row(page, "Beta")).toContainText("Docs");
  await page.keyboard.press("Escape");
  await bar.getByRole("combobox", { name: "Labels" }).click();
  await page.getByRole("option", { name: "Docs" }).click();
  await expect(row(page, "Alpha")).not.toContainText("Docs");
  await expect(row(page, "Beta")).not.toContainText("Docs");
  await page.keyboard.press("Escape");

  // Due date by pointer, then cleared.
  await bar.getByRole("combobox", { name: "Set due date" }).click();
  await expect(page.getByRole("combobox", { name: /type a date/ })).toBeFocused();
  await page.keyboard.type("2031-03-04");
  await page.getByRole("option", { name: /Mar 4/ }).click();
  await expect(row(page, "Alpha")).toContainText("Mar 4, 2031");
  await expect(row(page, "Beta")).toContainText("Mar 4, 2031");
  await expect(page.getByRole("listbox")).toHaveCount(0);
  await page.keyboard.press("d");
  await page.keyboard.type("clear");
  await expect(highlighted(page)).toHaveText(/Clear/);
  await page.keyboard.press("Enter");
  await expect(row(page, "Alpha")).not.toContainText("Mar 4, 2031");

  // Status last: the tasks leave the backlog for the board.
  await expect(page.getByRole("listbox")).toHaveCount(0);
  await page.keyboard.press("s");
  await page.keyboard.type("progress");
  await expect(highlighted(page)).toHaveText("In progress");
  await page.keyboard.press("Enter");
  await expect(plannedGroup(page).getByRole("listitem")).toHaveCount(1);
  await expect(row(page, "Gamma")).toBeVisible();
  await expect(bar).toHaveCount(0);
});

test("backlog rows show a task's facts as the list does, and fit a phone in two lines", async ({
  page,
}) => {
  const { workspaceId, projectId } = await ownerOfNewProject(page.request, "Phone backlog", {
    owner: { name: "Pia Phone", email: uniqueEmail("pia") },
    project: { name: "Later", key: "LTR" },
  });
  const session = (await (await page.request.get("/api/auth/get-session")).json()) as {
    user: { id: string };
  };
  const long = "Plan the migration of every customer account to the new billing system";
  const createdAt = now();
  await pushMutations(page.request, [
    mutation("createTask", {
      id: `${projectId}-full`,
      projectId,
      title: long,
      status: "planned",
      priority: "high",
      assigneeId: session.user.id,
      dueDate: "2020-01-15",
      createdAt,
    }),
    mutation("createTask", {
      id: `${projectId}-bare`,
      projectId,
      title: "Bare",
      status: "planned",
      createdAt,
    }),
  ]);
  await page.goto(`/dashboard/workspace/${workspaceId}/project/${projectId}/backlog`);
  const full = page.getByRole("link", { name: long });
  const bare = page.getByRole("link", { name: "Bare", exact: true });
  await expect(row(page, long)).toContainText("Overdue · Jan 15, 2020");
  await expect(row(page, long)).toContainText("High");
  await expect(row(page, long).getByRole("img", { name: "Assigned to Pia Phone" })).toBeVisible();
  // A task without a priority or an assignee keeps their places: the titles start together.
  const left = async (link: typeof full) => (await link.boundingBox())?.x ?? Number.NaN;
  expect(Math.abs((await left(full)) - (await left(bare)))).toBeLessThan(1);

  // What the board's Display menu hides still shows here: the backlog has no such menu.
  await page.evaluate(() => {
    const hidden = {
      showTaskNumbers: false,
      showPriority: false,
      showLabels: false,
      showDueDates: false,
      showAssignees: false,
    };
    localStorage.setItem("user-preferences", JSON.stringify(hidden));
  });
  await page.reload();
  await expect(row(page, long)).toContainText("LTR-1");
  await expect(row(page, long)).toContainText("High");
  await expect(row(page, long)).toContainText("Overdue · Jan 15, 2020");
  await expect(row(page, long).getByRole("img", { name: "Assigned to Pia Phone" })).toBeVisible();

  // A phone: the title has the first line but the checkbox and status; the rest, buttons
  // included, fits below it.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(full).toBeVisible();
  const fits = await row(page, long).evaluate(
    (element) => element.scrollWidth <= element.clientWidth,
  );
  expect(fits).toBe(true);
  const rowBox = (await row(page, long).boundingBox()) ?? { x: 0, width: 0 };
  const titleBox = (await full.boundingBox()) ?? { width: 0, y: 0, height: 0 };
  expect(titleBox.width).toBeGreaterThan(rowBox.width * 0.6);
  const toBoard = page.getByRole("button", { name: "Move LTR-1 to the board" });
  const buttonBox = (await toBoard.boundingBox()) ?? { x: -1, y: 0, width: 0 };
  expect(buttonBox.y).toBeGreaterThan(titleBox.y + titleBox.height / 2);
  expect(buttonBox.x + buttonBox.width).toBeLessThanOrEqual(rowBox.x + rowBox.width);
});
