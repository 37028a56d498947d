import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  bodyOf,
  Browser,
  currentSession,
  linkInLatestMail,
  newEmail,
  PASSWORD,
  SESSION_COOKIE,
  signIn,
  signUp,
  type Person,
} from "../test/auth-client.ts";
import {
  signInThroughProvider,
  startOidcProvider,
  type OidcProvider,
} from "../test/oidc-provider.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";

const REGISTRATION_DISABLED = {
  code: "REGISTRATION_DISABLED",
  message: "Registration is disabled",
};

let provider: OidcProvider;
let server: TestServer;
let owner: Person;
let workspaceId: string;

/** The owner (on the server with registration closed) invites an address into the workspace. */
async function invite(email: string): Promise<string> {
  const browser = await signIn(server.url, owner);
  const reply = await browser.post("/api/auth/organization/invite-member", {
    email,
    role: "member",
    organizationId: workspaceId,
  });
  return bodyOf(reply, z.object({ id: z.string() })).id;
}

beforeAll(async () => {
  provider = await startOidcProvider();
  // The first account is made while registration is still open, as an operator would do.
  const open = await startTestServer(provider.env);
  owner = await signUp(open.url, { label: "owner" });
  const created = await owner.browser.post("/api/auth/organization/create", {
    name: "Closed shop",
    slug: `closed-${Date.now()}`,
  });
  workspaceId = bodyOf(created, z.object({ id: z.string() })).id;
  await open.close();
  server = await startTestServer({ ...provider.env, DISABLE_REGISTRATION: "true" }, open.database);
});

afterAll(async () => {
  await server?.stop();
  await provider?.stop();
});

describe("with DISABLE_REGISTRATION=true", () => {
  it("GET /api/config says disableRegistration true", async () => {
    const reply = await new Browser(server.url).get("/api/config");

    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ disableRegistration: true });
  });

  it("sign-up with an uninvited email is refused with 403 'Registration is disabled'", async () => {
    const browser = new Browser(server.url);

    const reply = await browser.post("/api/auth/sign-up/email", {
      email: newEmail("uninvited"),
      password: PASSWORD,
      name: "Uninvited",
    });

    expect(reply.status).toBe(403);
    expect(reply.body).toMatchObject(REGISTRATION_DISABLED);
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
  });

  it("anonymous sign-in is refused with 403 'Registration is disabled'", async () => {
    const browser = new Browser(server.url);

    const reply = await browser.post("/api/auth/sign-in/anonymous");

    expect(reply.status).toBe(403);
    expect(reply.body).toMatchObject(REGISTRATION_DISABLED);
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
  });

  it("existing accounts still sign in", async () => {
    const reply = await new Browser(server.url).post("/api/auth/sign-in/email", {
      email: owner.email,
      password: owner.password,
    });

    expect(reply.status).toBe(200);
  });

  it("an email with a pending invitation may sign up and then accept it", async () => {
    const email = newEmail("invited");
    const invitationId = await invite(email);
    const browser = new Browser(server.url);

    const reply = await browser.post("/api/auth/sign-up/email", {
      email,
      password: PASSWORD,
      name: "Invited",
    });

    expect(reply.status).toBe(200);
    const accepted = await browser.post("/api/auth/organization/accept-invitation", {
      invitationId,
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ invitation: { organizationId: workspaceId } });
  });

  it("the invitation is matched whatever the case of the email typed at sign-up", async () => {
    const email = newEmail("invited");
    await invite(email);

    const reply = await new Browser(server.url).post("/api/auth/sign-up/email", {
      email: email.toUpperCase(),
      password: PASSWORD,
      name: "Shouting",
    });

    expect(reply.status).toBe(200);
  });

  it("an email whose invitation was cancelled is refused again", async () => {
    const email = newEmail("cancelled");
    const invitationId = await invite(email);
    const ownerBrowser = await signIn(server.url, owner);
    await ownerBrowser.post("/api/auth/organization/cancel-invitation", { invitationId });

    const reply = await new Browser(server.url).post("/api/auth/sign-up/email", {
      email,
      password: PASSWORD,
      name: "Cancelled",
    });

    expect(reply.status).toBe(403);
    expect(reply.body).toMatchObject(REGISTRATION_DISABLED);
  });

  it("an uninvited email's magic link creates no account: it ends with error=REGISTRATION_DISABLED", async () => {
    const email = newEmail("uninvited");
    const browser = new Browser(server.url);
    await browser.post("/api/auth/sign-in/magic-link", { email, callbackURL: "/dashboard" });

    const reply = await browser.confirm(await linkInLatestMail(server.url, email, "magic-link"));

    expect(reply.status).toBe(200);
    expect(reply.location?.searchParams.get("error")).toBe("REGISTRATION_DISABLED");
    expect(await currentSession(browser)).toBeNull();
  });

  it("an invited email may sign up through a magic link", async () => {
    const email = newEmail("invited");
    await invite(email);
    const browser = new Browser(server.url);
    await browser.post("/api/auth/sign-in/magic-link", { email, callbackURL: "/dashboard" });

    const reply = await browser.confirm(await linkInLatestMail(server.url, email, "magic-link"));

    expect(reply.location?.pathname).toBe("/dashboard");
    expect(await currentSession(browser)).toMatchObject({ user: { email } });
  });

  it("an uninvited person signing in through the OIDC provider is sent to the error page", async () => {
    provider.reportNext({
      sub: `uninvited-${Date.now()}`,
      email: newEmail("sso"),
      email_verified: true,
    });
    const browser = new Browser(server.url);

    const { callback } = await signInThroughProvider(browser);

    expect(callback.location?.pathname).toBe("/auth/error");
    expect(callback.location?.searchParams.get("error")).toBe("REGISTRATION_DISABLED");
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
  });

  it("an invited person may sign up through the OIDC provider", async () => {
    const email = newEmail("sso");
    await invite(email);
    provider.reportNext({ sub: `invited-${Date.now()}`, email, email_verified: true });
    const browser = new Browser(server.url);

    const { callback } = await signInThroughProvider(browser);

    expect(callback.location?.pathname).toBe("/dashboard");
    expect(await currentSession(browser)).toMatchObject({ user: { email } });
  });
});
