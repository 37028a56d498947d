import { expect, test, type Page } from "@playwright/test";
import { descriptionEditor } from "./support/description-editor.ts";
import { mutation, now, pushMutations } from "./support/sync-push.ts";
import { ownerAndMember } from "./support/team.ts";

/**
 * Issue 45: a task named by its key (`WEB-1`, typed or picked after `#`) reads as a link to it
 * with its status, in the description's editor, the comment box and the comments shown; the
 * status follows the task live, and a click opens the task in the app.
 */

async function createTask(page: Page, projectId: string, title: string, description = "") {
  const id = `ref-${title.toLowerCase().replace(/\W+/g, "-")}-${Date.now().toString(36)}`;
  await pushMutations(page.request, [
    mutation("createTask", { id, projectId, title, description, createdAt: now() }),
  ]);
  return id;
}

test("a task's key in a description and a comment is a link with its status, live, and opens the task", async ({
  browser,
}) => {
  const { owner, member, workspaceId, projectId } = await ownerAndMember(browser);
  const olga = await owner.newPage();
  const loginId = await createTask(olga, projectId, "Fix the login");
  const launchId = await createTask(
    olga,
    projectId,
    "Plan the launch",
    "Waits for WEB-1; WEB-99 is no task, and `WEB-1` in code stays code.",
  );
  await olga.goto(`/dashboard/workspace/${workspaceId}/project/${projectId}/task/${launchId}`);

  // In the description's editor: the key of a task is a link showing its status.
  const editor = descriptionEditor(olga);
  const login = editor.getByRole("link", { name: "WEB-1", exact: true });
  await expect(login).toHaveAttribute("data-category", "unstarted");
  await expect(login).toHaveAttribute("title", "WEB-1 Fix the login · To do");
  await expect(editor.getByRole("link")).toHaveCount(1);
  await expect(editor.locator("code")).toHaveText("WEB-1");

  // Someone else starts the task: the link shows it at once.
  const milo = await member.newPage();
  await pushMutations(milo.request, [
    mutation("moveTask", {
      id: loginId,
      projectId,
      status: "in-progress",
      position: "a0",
      updatedAt: now(),
    }),
  ]);
  await expect(login).toHaveAttribute("data-category", "started");

  // `#` in the comment box lists the other tasks (not this one, WEB-2); the one picked is
  // written as its key.
  const box = olga.getByRole("textbox", { name: "New comment" });
  await box.click();
  await olga.keyboard.type("Same cause as #");
  const list = olga.getByRole("listbox", { name: "Link a task" });
  await expect(list.getByRole("option")).toHaveText([/WEB-1\s*Fix the login/]);
  await olga.keyboard.type("log");
  await expect(list.getByRole("option")).toHaveText([/WEB-1\s*Fix the login/]);
  await olga.keyboard.press("Enter");
  await expect(box.getByRole("link", { name: "WEB-1" })).toBeVisible();
  await olga.keyboard.press("ControlOrMeta+Enter");

  // The comment shown: the key is a link with the status, to the task's page in the app.
  const sent = olga
    .getByRole("list", { name: "Comments" })
    .getByRole("listitem", { name: "Comment by Olga Owner" });
  await expect(sent).toContainText("Same cause as WEB-1");
  const link = sent.getByRole("link", { name: "WEB-1" });
  await expect(link).toHaveAttribute("data-category", "started");
  await expect(link).toHaveAttribute(
    "href",
    `/dashboard/workspace/${workspaceId}/project/${projectId}/task/${loginId}`,
  );
  // A click opens the task without reloading the app.
  await olga.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await link.click();
  await expect(olga.getByRole("heading", { level: 1, name: "Fix the login" })).toBeVisible();
  expect(await olga.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await owner.close();
  await member.close();
});
