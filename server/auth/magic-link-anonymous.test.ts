import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Browser,
  currentSession,
  linkInLatestMail,
  newEmail,
  SESSION_COOKIE,
  signUp,
} from "../test/auth-client.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

describe("magic link", () => {
  it("POST /api/auth/sign-in/magic-link answers status true and mails a link", async () => {
    const email = newEmail("magic");

    const reply = await new Browser(server.url).post("/api/auth/sign-in/magic-link", {
      email,
      callbackURL: "/dashboard",
    });

    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ status: true });
    const link = await linkInLatestMail(server.url, email, "magic-link");
    expect(link.pathname).toBe("/auth/magic-link");
  });

  it("following the link signs a new person up, verified, and redirects to the callback URL", async () => {
    const email = newEmail("magic");
    const browser = new Browser(server.url);
    await browser.post("/api/auth/sign-in/magic-link", { email, callbackURL: "/dashboard" });

    const reply = await browser.confirm(await linkInLatestMail(server.url, email, "magic-link"));

    expect(reply.status).toBe(200);
    expect(reply.location?.pathname).toBe("/dashboard");
    expect(await currentSession(browser)).toMatchObject({ user: { email, emailVerified: true } });
  });

  it("following the link signs an existing person in to their own account", async () => {
    const person = await signUp(server.url);
    const browser = new Browser(server.url);
    await browser.post("/api/auth/sign-in/magic-link", { email: person.email });

    await browser.confirm(await linkInLatestMail(server.url, person.email, "magic-link"));

    expect(await currentSession(browser)).toMatchObject({ user: { id: person.userId } });
  });

  it("a link works once: the second visit redirects with error=INVALID_TOKEN and no session", async () => {
    const email = newEmail("magic");
    await new Browser(server.url).post("/api/auth/sign-in/magic-link", {
      email,
      callbackURL: "/dashboard",
    });
    const link = await linkInLatestMail(server.url, email, "magic-link");
    await new Browser(server.url).confirm(link);
    const secondBrowser = new Browser(server.url);

    const reply = await secondBrowser.confirm(link);

    expect(reply.status).toBe(200);
    expect(reply.location?.searchParams.get("error")).toBe("INVALID_TOKEN");
    expect(secondBrowser.cookie(SESSION_COOKIE)).toBeUndefined();
  });

  it("an untrusted absolute callbackURL is refused with 403 'Invalid callbackURL'", async () => {
    const reply = await new Browser(server.url).post("/api/auth/sign-in/magic-link", {
      email: newEmail("magic"),
      callbackURL: "https://evil.example/steal",
    });

    expect(reply.status).toBe(403);
    expect(reply.body).toMatchObject({ message: "Invalid callbackURL" });
  });
});

describe("anonymous sign-in", () => {
  it("POST /api/auth/sign-in/anonymous signs in a new anonymous user", async () => {
    const browser = new Browser(server.url);

    const reply = await browser.post("/api/auth/sign-in/anonymous");

    expect(reply.status).toBe(200);
    expect(await currentSession(browser)).toMatchObject({ user: { isAnonymous: true } });
  });

  it("each anonymous sign-in is a different user", async () => {
    const first = new Browser(server.url);
    const second = new Browser(server.url);
    await first.post("/api/auth/sign-in/anonymous");
    await second.post("/api/auth/sign-in/anonymous");

    const [a, b] = [await currentSession(first), await currentSession(second)];

    expect(a?.user.id).toBeDefined();
    expect(a?.user.id).not.toBe(b?.user.id);
  });

  it("an anonymous user cannot sign in anonymously again", async () => {
    const browser = new Browser(server.url);
    await browser.post("/api/auth/sign-in/anonymous");

    const reply = await browser.post("/api/auth/sign-in/anonymous");

    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      code: "ANONYMOUS_USERS_CANNOT_SIGN_IN_AGAIN_ANONYMOUSLY",
    });
  });
});
