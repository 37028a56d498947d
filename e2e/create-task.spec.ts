import { expect, test, type Page } from "@playwright/test";
import { uniqueEmail } from "./support/accounts.ts";
import { ownerOfNewProject } from "./support/sync.ts";

/**
 * New task (features/project/create-task-dialog.tsx): a large title that wraps, the description,
 * property chips that are pickers, Mod+Enter, and a draft kept per project when it is closed.
 */

async function board(page: Page) {
  const { workspaceId, projectId } = await ownerOfNewProject(page.request, "Create", {
    owner: { name: "Nell New", email: uniqueEmail("nell") },
    project: { name: "Website", key: "WEB" },
  });
  const boardUrl = `/dashboard/workspace/${workspaceId}/project/${projectId}/board`;
  await page.goto(boardUrl);
  await expect(page.getByRole("heading", { level: 1, name: "Website" })).toBeVisible();
  return boardUrl;
}

const dialogOf = (page: Page) => page.getByRole("dialog", { name: "New task" });
const chip = (page: Page, name: string) =>
  dialogOf(page).getByRole("combobox", { name: new RegExp(`^${name}: `) });
const highlighted = (page: Page) => page.locator("[role=option][data-highlighted]");
const card = (page: Page, title: string) =>
  page.getByRole("article").filter({ has: page.getByRole("link", { name: title, exact: true }) });

async function openNewTask(page: Page) {
  await page.getByRole("button", { name: "New task" }).click();
  await expect(dialogOf(page)).toBeVisible();
}

test("by keyboard: Tab reaches the chips, Enter opens them, Mod+Enter creates from any field", async ({
  page,
}) => {
  await board(page);
  await openNewTask(page);
  const title = dialogOf(page).getByRole("textbox", { name: "Title" });
  await expect(title).toBeFocused();
  await page.keyboard.type("Ship the pricing page");
  // The description's rich-text box, once its code is here (a moment after the dialog opens).
  await expect(
    dialogOf(page).getByRole("textbox", { name: "Description (optional)" }),
  ).toBeVisible();
  await page.keyboard.press("Tab");
  await page.keyboard.type("Numbers from finance");

  await page.keyboard.press("Tab");
  await expect(chip(page, "Status")).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.type("progress");
  await expect(highlighted(page)).toHaveText("In progress");
  await page.keyboard.press("Enter");
  await expect(chip(page, "Status")).toHaveAccessibleName("Status: In progress");
  await expect(chip(page, "Status")).toBeFocused();

  await page.keyboard.press("Tab");
  await expect(chip(page, "Priority")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.type("high");
  await expect(highlighted(page)).toHaveText("High");
  await page.keyboard.press("Enter");
  await expect(chip(page, "Priority")).toHaveAccessibleName("Priority: High");

  // Back in the description, Ctrl/Cmd+Enter creates.
  await dialogOf(page).getByRole("textbox", { name: "Description (optional)" }).focus();
  await page.keyboard.press("ControlOrMeta+Enter");
  await expect(dialogOf(page)).toBeHidden();
  const created = card(page, "Ship the pricing page");
  await expect(page.getByRole("region", { name: "In progress", exact: true })).toContainText(
    "Ship the pricing page",
  );
  await expect(created).toContainText("High");
});

test("Esc keeps what was typed as the project's draft; reopening, even after a reload, brings it back", async ({
  page,
}) => {
  await board(page);
  await openNewTask(page);
  await page.keyboard.type("Half-written idea");
  await dialogOf(page).getByRole("textbox", { name: "Description (optional)" }).fill("More later");
  await chip(page, "Priority").click();
  await page.getByRole("option", { name: "Low" }).click();
  await page.keyboard.press("Escape");
  await expect(dialogOf(page)).toBeHidden();
  await expect(card(page, "Half-written idea")).toHaveCount(0);

  await openNewTask(page);
  await expect(dialogOf(page).getByRole("textbox", { name: "Title" })).toHaveValue(
    "Half-written idea",
  );
  await expect(dialogOf(page).getByRole("textbox", { name: "Description (optional)" })).toHaveText(
    "More later",
  );
  await expect(chip(page, "Priority")).toHaveAccessibleName("Priority: Low");
  await page.keyboard.press("Escape");

  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Website" })).toBeVisible();
  await openNewTask(page);
  await expect(dialogOf(page).getByRole("textbox", { name: "Title" })).toHaveValue(
    "Half-written idea",
  );

  // Creating uses the draft up; the next New task starts empty.
  await dialogOf(page).getByRole("button", { name: "Create task" }).click();
  await expect(card(page, "Half-written idea")).toContainText("Low");
  await openNewTask(page);
  await expect(dialogOf(page).getByRole("textbox", { name: "Title" })).toHaveValue("");

  // "Discard draft" empties it on purpose.
  await page.keyboard.type("Not this one");
  await dialogOf(page).getByRole("button", { name: "Discard draft" }).click();
  await expect(dialogOf(page).getByRole("textbox", { name: "Title" })).toHaveValue("");
  await page.keyboard.press("Escape");
  await openNewTask(page);
  await expect(dialogOf(page).getByRole("textbox", { name: "Title" })).toHaveValue("");
});

test("a long title wraps onto more lines instead of scrolling out of sight, on a phone too", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await board(page);
  await page.keyboard.press("t");
  await page.keyboard.press("c");
  const title = dialogOf(page).getByRole("textbox", { name: "Title" });
  await expect(title).toBeFocused();
  const long =
    "Rewrite the onboarding emails so that every one of them leads to a single next step";
  await page.keyboard.type(long);
  const fit = await title.evaluate((field) => ({
    lines: field.clientHeight / parseFloat(getComputedStyle(field).lineHeight),
    hiddenDown: field.scrollHeight - field.clientHeight,
    hiddenAcross: field.scrollWidth - field.clientWidth,
  }));
  expect(fit.lines).toBeGreaterThan(1.5);
  expect(fit.hiddenDown).toBeLessThanOrEqual(1);
  expect(fit.hiddenAcross).toBeLessThanOrEqual(0);
  // The dialog is the whole screen there.
  const box = await dialogOf(page).boundingBox();
  expect(box?.width).toBe(390);
  await page.keyboard.press("Enter");
  await expect(dialogOf(page)).toBeHidden();
  await expect(card(page, long)).toBeVisible();
});
