import { expect, test, type Page } from "@playwright/test";
import { z } from "zod";
import { descriptionEditor, editorText } from "./support/description-editor.ts";
import { mutation, now, pushMutations } from "./support/sync-push.ts";
import { openBoard, ownerAndMember } from "./support/team.ts";

/**
 * Issue 45: the description is written in place in rich text: the `/` list of blocks, the bubble
 * of marks over a selection and Mod+K for a link, by keyboard alone; its checklists tick from the
 * board's peek as from the page.
 */

async function taskWith(page: Page, workspaceId: string, projectId: string, description: string) {
  const taskId = `rd-${Date.now().toString(36)}`;
  await pushMutations(page.request, [
    mutation("createTask", {
      id: taskId,
      projectId,
      title: "Plan the launch",
      description,
      createdAt: now(),
    }),
  ]);
  return { taskId, url: `/dashboard/workspace/${workspaceId}/project/${projectId}/task/${taskId}` };
}

/** The task's markdown, as the server's search reads it. */
async function storedMarkdown(page: Page, workspaceId: string, word: string): Promise<string> {
  const response = await page.request.get(`/api/workspaces/${workspaceId}/search?q=${word}`);
  const { tasks } = z
    .object({ tasks: z.array(z.object({ description: z.string() })) })
    .parse(await response.json());
  return tasks[0]?.description ?? "";
}

test("blocks from the / list, marks from the bubble and a link with Mod+K, all by keyboard, saved as markdown", async ({
  browser,
}) => {
  const { owner, workspaceId, projectId } = await ownerAndMember(browser);
  const page = await owner.newPage();
  const { url } = await taskWith(page, workspaceId, projectId, "");
  await page.goto(url);
  const editor = descriptionEditor(page);
  await editor.click();

  // `/` lists the blocks; typing filters them, Enter turns the line into the one chosen.
  await editor.pressSequentially("/");
  const blocks = page.getByRole("listbox", { name: "Insert a block" });
  await expect(blocks.getByRole("option", { name: /Heading 1/ })).toBeVisible();
  await editor.pressSequentially("h2");
  await expect(blocks.getByRole("option")).toHaveText([/Heading 2/]);
  await page.keyboard.press("Enter");
  await editor.pressSequentially("Goals");
  await expect(editor.getByRole("heading", { level: 2, name: "Goals" })).toBeVisible();
  await page.keyboard.press("Enter");
  await editor.pressSequentially("/check");
  await page.keyboard.press("Enter");
  await editor.pressSequentially("Book the room");
  await expect(editor.getByRole("checkbox", { name: "Book the room" })).not.toBeChecked();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");

  // A selection shows the bubble; Mod+B and its buttons mark it, Mod+K links it.
  await editor.pressSequentially("Read the guide");
  for (let step = 0; step < "guide".length; step++) await page.keyboard.press("Shift+ArrowLeft");
  const bubble = page.getByRole("toolbar", { name: "Format" });
  await expect(bubble).toBeVisible();
  await page.keyboard.press("ControlOrMeta+b");
  await expect(editor.locator("strong")).toHaveText("guide");
  await expect(bubble.getByRole("button", { name: /^Bold/ })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await bubble.getByRole("button", { name: /^Italic/ }).click();
  await expect(editor.locator("em")).toHaveText("guide");
  await page.keyboard.press("ControlOrMeta+k");
  const address = page.getByRole("textbox", { name: "Link address" });
  await expect(address).toBeFocused();
  await address.fill("example.com/guide");
  await page.keyboard.press("Enter");
  await expect(editor.getByRole("link", { name: "guide" })).toHaveAttribute(
    "href",
    "https://example.com/guide",
  );
  await expect(editor).toBeFocused();
  await expect.poll(() => editorText(editor)).toBe("Goals\nBook the room\nRead the guide");

  // What everyone else reads: the same blocks as markdown.
  await expect
    .poll(() => storedMarkdown(page, workspaceId, "guide"))
    .toBe("## Goals\n\n* [ ] Book the room\n\nRead the [***guide***](https://example.com/guide)");
  await owner.close();
});

test("a checklist in the description ticks from the board's peek, and the task page shows it ticked", async ({
  browser,
}) => {
  const { owner, workspaceId, projectId } = await ownerAndMember(browser);
  const page = await owner.newPage();
  const { url } = await taskWith(
    page,
    workspaceId,
    projectId,
    "- [ ] Write the brief\n- [ ] Book the room",
  );
  await openBoard(page, `/dashboard/workspace/${workspaceId}/project/${projectId}/board`);
  await page.getByRole("link", { name: "Plan the launch", exact: true }).click();
  const peek = page.getByRole("dialog");
  const brief = peek.getByRole("checkbox", { name: "Write the brief" });
  await brief.click();
  await expect(brief).toBeChecked();

  const other = await owner.newPage();
  await other.goto(url);
  await expect(
    descriptionEditor(other).getByRole("checkbox", { name: "Write the brief" }),
  ).toBeChecked();
  await expect(
    descriptionEditor(other).getByRole("checkbox", { name: "Book the room" }),
  ).not.toBeChecked();
  await owner.close();
});

test("the title is edited in place in the peek: Enter saves it, Escape puts it back and the peek stays", async ({
  browser,
}) => {
  const { owner, workspaceId, projectId } = await ownerAndMember(browser);
  const page = await owner.newPage();
  const { url } = await taskWith(page, workspaceId, projectId, "");
  await openBoard(page, `/dashboard/workspace/${workspaceId}/project/${projectId}/board`);
  await page.getByRole("link", { name: "Plan the launch", exact: true }).click();
  // The dialog is named by its title, the field's value.
  await expect(page.getByRole("dialog", { name: "Plan the launch" })).toBeVisible();
  const peek = page.getByRole("dialog");
  const title = peek.getByRole("textbox", { name: "Title" });
  await expect(title).toHaveValue("Plan the launch");

  await title.click();
  await title.fill("Plan the spring launch");
  await page.keyboard.press("Enter");
  await expect(title).not.toBeFocused();
  await expect(page.getByRole("dialog", { name: "Plan the spring launch" })).toBeVisible();
  await expect(
    page.getByRole("link", { name: "Plan the spring launch", exact: true }),
  ).toBeVisible();

  // Escape in the title puts it back and goes no further: the peek stays open.
  await title.click();
  await title.fill("Something else");
  await page.keyboard.press("Escape");
  await expect(title).toHaveValue("Plan the spring launch");
  await expect(peek).toBeVisible();
  // The next Escape closes the peek, as from anywhere in it.
  await page.keyboard.press("Escape");
  await expect(peek).toBeHidden();

  const other = await owner.newPage();
  await other.goto(url);
  await expect(
    other.getByRole("heading", { level: 1, name: "Plan the spring launch" }),
  ).toBeVisible();
  await owner.close();
});
