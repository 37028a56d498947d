import { expect, test, type Page } from "@playwright/test";
import { createTasksThroughSync } from "./support/sync.ts";
import { column, openBoard, ownerAndMember } from "./support/team.ts";

/**
 * Presence between two people, each in their own browser: who else is on the task and in the
 * project, who is typing a comment, and which card someone has open. The times are the
 * promises of issue 16: seen within 2 s, gone within 5 s of the other page closing.
 */

const SEEN_MS = 2_000;
const GONE_MS = 5_000;

const onTask = (page: Page, name: string) =>
  page.getByRole("list", { name: /^Also viewing this task:/ }).getByRole("img", { name });
const inProject = (page: Page, name: string) =>
  page.getByRole("list", { name: /^Also in this project:/ }).getByRole("img", { name });

async function openTask(page: Page, url: string) {
  await page.goto(url);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Presence 1");
}

async function twoPeopleAndATask(browser: Parameters<typeof ownerAndMember>[0]) {
  const team = await ownerAndMember(browser);
  const [taskId] = await createTasksThroughSync(team.owner.request, team.projectId, "Presence", 1);
  const taskUrl = `/dashboard/workspace/${team.workspaceId}/project/${team.projectId}/task/${taskId}`;
  return { ...team, taskId: taskId ?? "", taskUrl };
}

test("two people on one task see each other there and in the project header, and see the other leave when their page closes", async ({
  browser,
}) => {
  const { owner, member, taskUrl, boardUrl } = await twoPeopleAndATask(browser);
  const olga = await owner.newPage();
  const milo = await member.newPage();

  await openTask(milo, taskUrl);
  await openTask(olga, taskUrl);

  await expect(onTask(olga, "Milo Member")).toBeVisible({ timeout: SEEN_MS });
  await expect(onTask(milo, "Olga Owner")).toBeVisible({ timeout: SEEN_MS });
  // Nobody sees themselves.
  await expect(onTask(olga, "Olga Owner")).toHaveCount(0);

  await openBoard(milo, boardUrl);
  await openBoard(olga, boardUrl);
  await expect(inProject(olga, "Milo Member")).toBeVisible({ timeout: SEEN_MS });
  await expect(inProject(milo, "Olga Owner")).toBeVisible({ timeout: SEEN_MS });

  await milo.close();

  await expect(inProject(olga, "Milo Member")).toHaveCount(0, { timeout: GONE_MS });
});

test("the same person in two tabs shows once", async ({ browser }) => {
  const { owner, member, taskUrl } = await twoPeopleAndATask(browser);
  const olga = await owner.newPage();
  await openTask(olga, taskUrl);
  const miloHere = await member.newPage();
  const miloThere = await member.newPage();

  await openTask(miloHere, taskUrl);
  await openTask(miloThere, taskUrl);

  await expect(onTask(olga, "Milo Member")).toBeVisible({ timeout: SEEN_MS });
  await expect(onTask(olga, "Milo Member")).toHaveCount(1);
});

test("typing in the comment box shows “… is typing a comment…” to the other, until the comment is sent", async ({
  browser,
}) => {
  const { owner, member, taskUrl } = await twoPeopleAndATask(browser);
  const olga = await owner.newPage();
  const milo = await member.newPage();
  await openTask(olga, taskUrl);
  await openTask(milo, taskUrl);
  const notice = milo.getByRole("status").filter({ hasText: /typing/ });

  const box = olga.getByRole("textbox", { name: "New comment" });
  await box.click();
  await box.pressSequentially("Looks good", { delay: 30 });

  await expect(notice).toHaveText("Olga Owner is typing a comment…", { timeout: SEEN_MS });

  await olga.getByRole("button", { name: "Comment", exact: true }).click();

  await expect(milo.getByRole("listitem", { name: "Comment by Olga Owner" })).toBeVisible();
  await expect(notice).toHaveCount(0);
});

test("on the board, the card someone else has open shows their avatar", async ({ browser }) => {
  const { owner, member, taskId, boardUrl } = await twoPeopleAndATask(browser);
  const olga = await owner.newPage();
  const milo = await member.newPage();
  await openBoard(olga, boardUrl);
  await openBoard(milo, boardUrl);
  const card = milo.locator(`article[data-task-id="${taskId}"]`);
  const openBy = card.getByRole("list", { name: "Open now by: Olga Owner" });
  await expect(openBy).toHaveCount(0);

  // A click opens the task in the peek beside the board.
  await column(olga, "To do").getByRole("link", { name: "Presence 1" }).click();
  await expect(olga.getByRole("dialog")).toBeVisible();

  await expect(openBy).toBeVisible({ timeout: SEEN_MS });
  await expect(
    milo.getByRole("list", { name: /^Also in this project:/ }).getByRole("img"),
  ).toHaveAccessibleName("Olga Owner");

  await olga.keyboard.press("Escape");

  await expect(openBy).toHaveCount(0, { timeout: GONE_MS });
});
