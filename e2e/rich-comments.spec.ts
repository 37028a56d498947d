import { expect, test, type Page } from "@playwright/test";
import { mutation, now, pushMutations } from "./support/sync-push.ts";
import { ownerAndMember } from "./support/team.ts";

/**
 * Issue 45: comments are written in rich text in place (task-parts/rich-text), and stored as
 * the markdown they always were.
 */

const commentBox = (page: Page) => page.getByRole("textbox", { name: "New comment" });
const comments = (page: Page) => page.getByRole("list", { name: "Comments" });

async function taskPage(browser: Parameters<typeof ownerAndMember>[0]) {
  const { owner, member, workspaceId, projectId } = await ownerAndMember(browser);
  const taskId = `rc-${Date.now().toString(36)}`;
  await pushMutations(owner.request, [
    mutation("createTask", { id: taskId, projectId, title: "Plan the launch", createdAt: now() }),
  ]);
  const url = `/dashboard/workspace/${workspaceId}/project/${projectId}/task/${taskId}`;
  const olga = await owner.newPage();
  const milo = await member.newPage();
  await olga.goto(url);
  await milo.goto(url);
  return { owner, member, olga, milo };
}

test("a comment is formatted as it is typed: markdown shortcuts and Mod+B, and the others see the same formatting", async ({
  browser,
}) => {
  const { owner, member, olga, milo } = await taskPage(browser);
  const box = commentBox(olga);
  await box.click();
  await olga.keyboard.type("## Launch steps");
  await olga.keyboard.press("Enter");
  await olga.keyboard.type("- write the notes");
  await olga.keyboard.press("Enter");
  await olga.keyboard.type("tag the release");
  await olga.keyboard.press("Enter");
  await olga.keyboard.press("Enter");
  await olga.keyboard.type("[ ] mail the team");
  await olga.keyboard.press("Enter");
  await olga.keyboard.press("Enter");
  await olga.keyboard.type("Ship it ");
  await olga.keyboard.press("ControlOrMeta+b");
  await olga.keyboard.type("today");
  await olga.keyboard.press("ControlOrMeta+b");

  // In the box: a heading, a list of two, a task list item and bold text, no markup.
  await expect(box.getByRole("heading", { level: 2, name: "Launch steps" })).toBeVisible();
  await expect(box.locator("ul:not([data-type]) > li")).toHaveText([
    "write the notes",
    "tag the release",
  ]);
  await expect(box.getByRole("checkbox")).not.toBeChecked();
  await expect(box.locator("strong")).toHaveText("today");
  await expect(box).not.toContainText("##");

  await olga.keyboard.press("ControlOrMeta+Enter");
  for (const page of [olga, milo]) {
    const sent = comments(page).getByRole("listitem", { name: "Comment by Olga Owner" });
    await expect(sent.getByRole("heading", { level: 2, name: "Launch steps" })).toBeVisible();
    // Two lists, as in the box: the task list is not taken into the list before it.
    await expect(sent.locator("ul")).toHaveCount(2);
    await expect(sent.locator("ul").first().locator("li")).toHaveText([
      "write the notes",
      "tag the release",
    ]);
    await expect(sent.getByRole("checkbox")).not.toBeChecked();
    await expect(sent.locator(".comment-body strong")).toHaveText("today");
  }
  await expect(box).toHaveText("");
  await owner.close();
  await member.close();
});

test("markdown pasted into the comment box becomes formatting, and HTML pasted too", async ({
  browser,
}) => {
  const { owner, member, olga } = await taskPage(browser);
  const box = commentBox(olga);
  await box.click();
  const paste = (type: string, text: string) =>
    box.evaluate(
      (field, { type, text }) => {
        const data = new DataTransfer();
        data.setData(type, text);
        if (type === "text/html") data.setData("text/plain", "ignored");
        field.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true }));
      },
      { type, text },
    );
  await paste("text/plain", "**Bold** and `code`\n\n1. one\n2. two");
  await expect(box.locator("strong")).toHaveText("Bold");
  await expect(box.locator("code")).toHaveText("code");
  await expect(box.locator("ol > li")).toHaveText(["one", "two"]);
  await expect(box).not.toContainText("**");

  await paste(
    "text/html",
    "<p>From a page: <em>quoted</em> <a href='https://example.com'>link</a></p>",
  );
  await expect(box.locator("em")).toHaveText("quoted");
  await expect(box.getByRole("link", { name: "link" })).toHaveAttribute(
    "href",
    "https://example.com",
  );
  await owner.close();
  await member.close();
});

test("a code block takes its language from the fence or its picker; the comment names it, and the markdown keeps it", async ({
  browser,
}) => {
  const { owner, member, olga, milo } = await taskPage(browser);
  const box = commentBox(olga);
  await box.click();
  await olga.keyboard.type("```ts ");
  await olga.keyboard.type("const answer = 42;");
  const picker = box.getByRole("combobox", { name: "Code language" });
  await expect(picker).toHaveText("TypeScript");

  // Chosen by keyboard: the picker is reached from the block and opened with Enter.
  await picker.focus();
  await olga.keyboard.press("Enter");
  await olga.getByRole("option", { name: "Python" }).click();
  await expect(picker).toHaveText("Python");
  await box.locator("pre").click();
  await olga.keyboard.press("ControlOrMeta+Enter");

  const sent = comments(milo).getByRole("listitem", { name: "Comment by Olga Owner" });
  await expect(sent.locator("pre")).toHaveAttribute("data-language", "Python");
  await expect(sent.locator("pre code")).toHaveText("const answer = 42;");
  await expect(sent.locator("pre code")).not.toHaveAttribute("class", /.*/);
  await owner.close();
  await member.close();
});

test("the @ list: a name that matches no one, mended, is picked with Enter; Mod+Enter sends with the list open", async ({
  browser,
}) => {
  const { owner, member, olga, milo } = await taskPage(browser);
  const box = commentBox(olga);
  const list = olga.getByRole("listbox", { name: "Mention someone" });
  await box.click();
  await olga.keyboard.type("Ask @mz");
  await expect(list).toHaveCount(0);
  await olga.keyboard.press("Backspace");
  await expect(list.getByRole("option", { name: "Milo Member" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await olga.keyboard.press("Enter");
  await expect(box.locator(".markdown-mention")).toHaveText("@Milo Member");
  await olga.keyboard.type("and @");
  await expect(list).toBeVisible();
  await olga.keyboard.press("ControlOrMeta+Enter");
  await expect(
    comments(milo)
      .getByRole("listitem", { name: "Comment by Olga Owner" })
      .locator(".markdown-mention"),
  ).toHaveText("@Milo Member");
  await expect(box).toHaveText("");
  await owner.close();
  await member.close();
});

test("when the editor's code cannot be fetched (offline before it was kept), the box is plain text and still sends", async ({
  browser,
}) => {
  const { owner, member, olga, milo } = await taskPage(browser);
  await olga.route("**/assets/rich-text-editor-*.js", (route) =>
    route.abort("internetdisconnected"),
  );
  await olga.reload();
  const box = commentBox(olga);
  await expect(box).toHaveAttribute("placeholder", /^Leave a comment…/);
  // The page around it is whole.
  await expect(olga.getByLabel("Title", { exact: true })).toHaveValue("Plan the launch");
  await box.fill("Written **plainly**");
  await box.press("ControlOrMeta+Enter");
  await expect(box).toHaveValue("");
  const sent = comments(milo).getByRole("listitem", { name: "Comment by Olga Owner" });
  await expect(sent.locator(".comment-body strong")).toHaveText("plainly");
  await owner.close();
  await member.close();
});
