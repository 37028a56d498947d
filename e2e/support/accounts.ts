import {
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type Browser,
  type Page,
} from "@playwright/test";
import { z } from "zod";

/**
 * Accounts and mails for the end-to-end tests, through the same HTTP API the app uses. better-auth
 * refuses cookie-bearing POSTs without an Origin, so every POST names the app's own.
 */

export const password = "correct horse battery";

function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error("E2E_BASE_URL is not set: run the tests through playwright.config.ts");
  return url;
}

/** A fresh address per call: every test run shares one database. */
export function uniqueEmail(label: string): string {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return `${label}-${unique}@example.com`;
}

/** A POST to the API as the app makes it; fails the test unless it succeeds. */
export async function apiPost(request: APIRequestContext, path: string, data: object) {
  const response = await request.post(path, { data, headers: { Origin: baseUrl() } });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  const body: unknown = await response.json();
  return body;
}

/** Signs up (and so signs in) the context `request` belongs to, e.g. `page.request`. */
export async function signUpThroughApi(
  request: APIRequestContext,
  account: { name: string; email: string },
): Promise<void> {
  await apiPost(request, "/api/auth/sign-up/email", { ...account, password });
}

export async function createWorkspaceThroughApi(
  request: APIRequestContext,
  name: string,
): Promise<string> {
  const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${Date.now().toString(36)}`;
  const workspace = await apiPost(request, "/api/auth/organization/create", { name, slug });
  return z.object({ id: z.string() }).parse(workspace).id;
}

/** A signed-in person with one workspace, as cookies to add to a browser context. */
export async function signedInPerson(label: string) {
  const request = await playwrightRequest.newContext({ baseURL: baseUrl() });
  const email = uniqueEmail(label);
  await signUpThroughApi(request, { name: `${label} Tester`, email });
  const workspaceId = await createWorkspaceThroughApi(request, `${label} workspace`);
  const { cookies } = await request.storageState();
  await request.dispose();
  return { email, workspaceId, cookies };
}

/**
 * `page` signed up as the owner of a new workspace, and a second person who joined it as a
 * member, signed in in a browser context of their own: close `memberContext` when done.
 */
export async function workspaceWithMember(
  page: Page,
  browser: Browser,
  names: { owner: string; member: string; workspace: string },
) {
  const emailOf = (name: string) => uniqueEmail(name.split(" ")[0]?.toLowerCase() ?? "person");
  const ownerEmail = emailOf(names.owner);
  await signUpThroughApi(page.request, { name: names.owner, email: ownerEmail });
  const workspaceId = await createWorkspaceThroughApi(page.request, names.workspace);
  const memberEmail = emailOf(names.member);
  const invitation = await apiPost(page.request, "/api/auth/organization/invite-member", {
    email: memberEmail,
    role: "member",
    organizationId: workspaceId,
  });
  const memberContext = await browser.newContext();
  await signUpThroughApi(memberContext.request, { name: names.member, email: memberEmail });
  await apiPost(memberContext.request, "/api/auth/organization/accept-invitation", {
    invitationId: z.object({ id: z.string() }).parse(invitation).id,
  });
  const memberPage = await memberContext.newPage();
  return { workspaceId, ownerEmail, memberEmail, memberContext, memberPage };
}

const outboxSchema = z.object({
  mails: z.array(z.object({ kind: z.string(), url: z.string().nullable() })),
});

/** The link of the newest mail of a kind to an address, waiting for it to arrive. */
export async function mailedLink(
  request: APIRequestContext,
  to: string,
  kind: string,
): Promise<string> {
  let url: string | null | undefined;
  await expect(async () => {
    const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
    const { mails } = outboxSchema.parse(await response.json());
    url = mails.find((mail) => mail.kind === kind)?.url;
    expect(url, `a ${kind} mail to ${to}`).toBeTruthy();
  }).toPass({ timeout: 5_000 });
  if (!url) throw new Error(`No ${kind} mail to ${to}`);
  return url;
}

/** `workspaceWithMember` with Olga Owner as the owner of `workspace`, and `member` in it. */
export const withOlga = (page: Page, browser: Browser, workspace: string, member = "Milo Member") =>
  workspaceWithMember(page, browser, { owner: "Olga Owner", member, workspace });
