import { expect, test, type Page } from "@playwright/test";
import {
  createWorkspaceThroughApi,
  password,
  signUpThroughApi,
  uniqueEmail,
} from "./support/accounts.ts";
import { createProjectThroughSync, ownerOfNewProject } from "./support/sync.ts";
import { addTask, column, titles } from "./support/team.ts";

/** Every console error and uncaught exception of the page, as text. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}

test("a normal session (sign in, board, create, move, edit, reload) logs no console error", async ({
  page,
  request,
}) => {
  const email = uniqueEmail("console");
  await signUpThroughApi(request, { name: "Quiet Console", email });
  const workspaceId = await createWorkspaceThroughApi(request, "Quiet workspace");
  const projectId = await createProjectThroughSync(request, workspaceId, {
    name: "Website",
    key: "WEB",
  });
  const errors = collectErrors(page);

  await page.goto("/auth/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/workspace/${workspaceId}$`));
  await page
    .getByRole("main")
    .getByRole("link", { name: /Website/ })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Website" })).toBeVisible();

  await addTask(page, "To do", "Write the copy");
  await addTask(page, "To do", "Pick the colours");
  await page.getByRole("button", { name: "Actions for Pick the colours" }).click();
  await page.getByRole("menuitem", { name: "Move to" }).click();
  await page.getByRole("menuitem", { name: "Top of In progress" }).click();
  await expect(titles(page, "In progress")).toHaveText(["Pick the colours"]);

  // A click peeks at the task beside the board; its full page is one more click.
  await column(page, "To do").getByRole("link", { name: "Write the copy" }).click();
  await page.getByRole("dialog").getByRole("link", { name: "Open full page" }).click();
  const title = page.getByLabel("Title", { exact: true });
  await title.fill("Write the landing page copy");
  await title.press("Enter");
  await page.getByRole("combobox", { name: /^Priority: / }).click();
  await page.getByRole("option", { name: "High" }).click();
  await expect(page.getByRole("combobox", { name: /^Priority: / })).toHaveAccessibleName(
    "Priority: High",
  );
  await page.goto(`/dashboard/workspace/${workspaceId}/project/${projectId}/board`);
  await expect(titles(page, "To do")).toHaveText(["Write the landing page copy"]);

  await page.reload();
  await expect(titles(page, "To do")).toHaveText(["Write the landing page copy"]);
  await expect(titles(page, "In progress")).toHaveText(["Pick the colours"]);
  // Persisting runs after the frame that shows a change; give the last ones their turn.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 1500))),
  );
  expect(errors).toEqual([]);
});

test("typing a description for a while logs no console error", async ({ page }) => {
  const email = uniqueEmail("typist");
  const { workspaceId, projectId } = await ownerOfNewProject(page.request, "Typing workspace", {
    owner: { name: "Tess Typist", email },
    project: { name: "Notes", key: "NOTE" },
  });
  const errors = collectErrors(page);
  await page.goto(`/dashboard/workspace/${workspaceId}/project/${projectId}/board`);
  await addTask(page, "To do", "Write it down");
  await column(page, "To do").getByRole("link", { name: "Write it down" }).click();
  await page.getByRole("dialog").getByRole("link", { name: "Open full page" }).click();
  const editor = page.getByRole("textbox", { name: "Description" });
  await editor.click();

  // Each keystroke is an edit of the description's document, persisted and pushed as it goes.
  for (let line = 0; line < 6; line++) {
    await page.keyboard.type(`Line ${line} of the notes, typed as a person types.`, { delay: 15 });
    await page.keyboard.press("Enter");
  }
  await expect(editor).toContainText("Line 5 of the notes");
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 1500))),
  );
  expect(errors).toEqual([]);
});
