import { expect, test, type Page } from "@playwright/test";
import { apiPost } from "./support/accounts.ts";
import { mutation, now, pushMutations } from "./support/sync-push.ts";
import {
  openBoard,
  ownerAndMember,
  syncStatus,
  titles,
  underServiceWorker,
} from "./support/team.ts";

const titleField = (page: Page) => page.getByLabel("Title", { exact: true });
const priorityField = (page: Page) =>
  page.getByRole("definition").getByRole("combobox", { name: /^Priority: / });

test("two people editing different fields of one task offline both keep their edit", async ({
  browser,
}) => {
  const { owner, member, workspaceId, projectId } = await ownerAndMember(browser);
  const taskId = `tsk-${Date.now().toString(36)}`;
  await pushMutations(owner.request, [
    mutation("createTask", { id: taskId, projectId, title: "Draft", createdAt: now() }),
  ]);
  const taskUrl = `/dashboard/workspace/${workspaceId}/project/${projectId}/task/${taskId}`;
  const ownerPage = await owner.newPage();
  const memberPage = await member.newPage();
  for (const page of [ownerPage, memberPage]) {
    await page.goto(taskUrl);
    await expect(titleField(page)).toHaveValue("Draft");
  }

  await owner.setOffline(true);
  await member.setOffline(true);
  await titleField(ownerPage).fill("Final title");
  await titleField(ownerPage).press("Enter");
  await priorityField(memberPage).click();
  await memberPage.getByRole("option", { name: "High" }).click();
  await expect(syncStatus(ownerPage)).toHaveText("Offline · 1 change not synced");
  await expect(syncStatus(memberPage)).toHaveText("Offline · 1 change not synced");

  await owner.setOffline(false);
  await member.setOffline(false);
  for (const page of [ownerPage, memberPage]) {
    await expect(titleField(page)).toHaveValue("Final title");
    await expect(priorityField(page)).toHaveAccessibleName("Priority: High");
    await expect(syncStatus(page)).toHaveCount(0);
  }
  await owner.close();
  await member.close();
});

test("a change the server refuses after reconnecting is undone and explained", async ({
  browser,
}) => {
  const { owner, member, memberId, workspaceId, projectId, boardUrl } = await ownerAndMember(
    browser,
    "admin",
  );
  const taskId = `tsk-${Date.now().toString(36)}`;
  await pushMutations(owner.request, [
    mutation("createTask", { id: taskId, projectId, title: "Keep me", createdAt: now() }),
  ]);
  const admin = await member.newPage();
  await admin.goto(`/dashboard/workspace/${workspaceId}/project/${projectId}/task/${taskId}`);
  await expect(titleField(admin)).toHaveValue("Keep me");
  await underServiceWorker(admin);

  // While the admin is offline, the owner makes them a plain member, who may not delete.
  await member.setOffline(true);
  await apiPost(owner.request, "/api/auth/organization/update-member-role", {
    memberId,
    role: "member",
    organizationId: workspaceId,
  });
  await admin.getByRole("button", { name: "Delete task" }).click();
  await admin.getByRole("dialog").getByRole("button", { name: "Delete task" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Website" })).toBeVisible();
  await expect(titles(admin, "To do")).toHaveCount(0);

  await member.setOffline(false);
  await expect(titles(admin, "To do")).toHaveText(["Keep me"]);
  const toast = admin.getByRole("listitem").filter({ hasText: "A change was not saved" });
  await expect(toast).toContainText("You are not allowed to");
  const ownerPage = await owner.newPage();
  await openBoard(ownerPage, boardUrl);
  await expect(titles(ownerPage, "To do")).toHaveText(["Keep me"]);
  await owner.close();
  await member.close();
});
