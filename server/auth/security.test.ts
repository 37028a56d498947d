import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Browser,
  currentSession,
  linkInLatestMail,
  newEmail,
  PASSWORD,
  SESSION_COOKIE,
  signUp,
} from "../test/auth-client.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";

const TRUSTED_APP = "https://app.tasks.test";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ TRUSTED_ORIGINS: TRUSTED_APP });
});

afterAll(async () => {
  await server?.stop();
});

describe("the Origin of POSTs carrying a session cookie", () => {
  it("no Origin is refused with 403 'Missing or null Origin' and the call has no effect", async () => {
    const person = await signUp(server.url);

    const reply = await person.browser.post("/api/auth/sign-out", {}, { origin: null });

    expect(reply.status).toBe(403);
    expect(reply.body).toMatchObject({
      code: "MISSING_OR_NULL_ORIGIN",
      message: "Missing or null Origin",
    });
    expect(await currentSession(person.browser)).not.toBeNull();
  });

  it("an untrusted Origin is refused with 403 'Invalid origin' and the call has no effect", async () => {
    const person = await signUp(server.url);

    const reply = await person.browser.post(
      "/api/auth/change-password",
      { currentPassword: person.password, newPassword: "hijacked password" },
      { origin: "https://evil.example" },
    );

    expect(reply.status).toBe(403);
    expect(reply.body).toMatchObject({ code: "INVALID_ORIGIN", message: "Invalid origin" });
    const signIn = await new Browser(server.url).post("/api/auth/sign-in/email", {
      email: person.email,
      password: person.password,
    });
    expect(signIn.status).toBe(200);
  });

  it("an Origin listed in TRUSTED_ORIGINS is accepted", async () => {
    const person = await signUp(server.url);

    const reply = await person.browser.post("/api/auth/sign-out", {}, { origin: TRUSTED_APP });

    expect(reply.status).toBe(200);
  });

  it("the server's own Origin is accepted", async () => {
    const person = await signUp(server.url);

    const reply = await person.browser.post("/api/auth/sign-out");

    expect(reply.status).toBe(200);
  });
});

describe("the Origin of sign-in and sign-up without a cookie", () => {
  it("a fetch with no Origin is refused with 403 'Missing or null Origin'", async () => {
    const reply = await new Browser(server.url).post(
      "/api/auth/sign-up/email",
      { email: newEmail("no-origin"), password: PASSWORD, name: "No origin" },
      { origin: null },
    );

    expect(reply.status).toBe(403);
    expect(reply.body).toMatchObject({ code: "MISSING_OR_NULL_ORIGIN" });
  });

  it("a sign-in posted from an untrusted site is refused with 403 'Invalid origin'", async () => {
    const person = await signUp(server.url);

    const reply = await new Browser(server.url).post(
      "/api/auth/sign-in/email",
      { email: person.email, password: person.password },
      { origin: "https://evil.example" },
    );

    expect(reply.status).toBe(403);
    expect(reply.body).toMatchObject({ code: "INVALID_ORIGIN" });
  });
});

describe("redirect targets", () => {
  it("an untrusted absolute callbackURL on sign-in is refused with 403 'Invalid callbackURL'", async () => {
    const person = await signUp(server.url);

    const reply = await new Browser(server.url).post("/api/auth/sign-in/email", {
      email: person.email,
      password: person.password,
      callbackURL: "https://evil.example/welcome",
    });

    expect(reply.status).toBe(403);
    expect(reply.body).toMatchObject({
      code: "INVALID_CALLBACK_URL",
      message: "Invalid callbackURL",
    });
  });

  it("a protocol-relative callbackURL is refused with 403 'Invalid callbackURL'", async () => {
    const person = await signUp(server.url);

    const reply = await new Browser(server.url).post("/api/auth/sign-in/email", {
      email: person.email,
      password: person.password,
      callbackURL: "//evil.example/welcome",
    });

    expect(reply.status).toBe(403);
    expect(reply.body).toMatchObject({ message: "Invalid callbackURL" });
  });

  it("a relative callbackURL is accepted and handed back", async () => {
    const person = await signUp(server.url);

    const reply = await new Browser(server.url).post("/api/auth/sign-in/email", {
      email: person.email,
      password: person.password,
      callbackURL: "/dashboard",
    });

    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ redirect: true, url: "/dashboard" });
  });

  it("a callbackURL on a trusted origin is accepted", async () => {
    const person = await signUp(server.url);

    const reply = await new Browser(server.url).post("/api/auth/sign-in/email", {
      email: person.email,
      password: person.password,
      callbackURL: `${TRUSTED_APP}/dashboard`,
    });

    expect(reply.status).toBe(200);
  });

  it("an untrusted callbackURL on sign-up is refused before any account is made", async () => {
    const email = newEmail("redirected");

    const reply = await new Browser(server.url).post("/api/auth/sign-up/email", {
      email,
      password: PASSWORD,
      name: "Redirected",
      callbackURL: "https://evil.example/welcome",
    });

    expect(reply.status).toBe(403);
    expect(reply.body).toMatchObject({ message: "Invalid callbackURL" });
    const signIn = await new Browser(server.url).post("/api/auth/sign-in/email", {
      email,
      password: PASSWORD,
    });
    expect(signIn.status).toBe(401);
  });

  it("an untrusted redirectTo on a password-reset request is refused with 403 'Invalid redirectURL'", async () => {
    const person = await signUp(server.url);

    const reply = await new Browser(server.url).post("/api/auth/request-password-reset", {
      email: person.email,
      redirectTo: "https://evil.example/reset",
    });

    expect(reply.status).toBe(403);
    expect(reply.body).toMatchObject({
      code: "INVALID_REDIRECT_URL",
      message: "Invalid redirectURL",
    });
  });

  it("an untrusted errorCallbackURL is refused with 403 'Invalid errorCallbackURL'", async () => {
    const reply = await new Browser(server.url).post("/api/auth/sign-in/magic-link", {
      email: newEmail("magic"),
      errorCallbackURL: "https://evil.example/oops",
    });

    expect(reply.status).toBe(403);
    expect(reply.body).toMatchObject({ message: "Invalid errorCallbackURL" });
  });

  it("an untrusted newUserCallbackURL is refused with 403 'Invalid newUserCallbackURL'", async () => {
    const reply = await new Browser(server.url).post("/api/auth/sign-in/magic-link", {
      email: newEmail("magic"),
      newUserCallbackURL: "https://evil.example/hello",
    });

    expect(reply.status).toBe(403);
    expect(reply.body).toMatchObject({ message: "Invalid newUserCallbackURL" });
  });

  it("a verification link edited to an untrusted callbackURL is refused and verifies nothing", async () => {
    const person = await signUp(server.url);
    const link = await linkInLatestMail(server.url, person.email, "verify-email");
    link.searchParams.set("callbackURL", "https://evil.example/verified");

    const reply = await new Browser(server.url).confirm(link);

    expect(reply.status).toBe(403);
    expect(reply.body).toMatchObject({ message: "Invalid callbackURL" });
    expect(await currentSession(person.browser)).toMatchObject({ user: { emailVerified: false } });
  });
});

/**
 * A GET is what an `<img>` sends, with the reader's cookies: a member who wrote
 * `![ok](/api/auth/magic-link/verify?token=…)` in a comment, with a token of their own account,
 * signed every reader in as themselves. No mailed link acts on a GET now (mailed-links.ts).
 */
describe("mailed links act only on a click on our page, never on a GET", () => {
  const asAnImage = { "sec-fetch-dest": "image", "sec-fetch-mode": "no-cors" };

  async function getAsImage(browser: Browser, pathAndQuery: string) {
    const cookie = browser.cookie(SESSION_COOKIE);
    return fetch(new URL(pathAndQuery, server.url), {
      headers: { ...asAnImage, ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}) },
      redirect: "manual",
    });
  }

  it("a magic link's address loaded as an image keeps the reader signed in as themselves", async () => {
    const attacker = newEmail("attacker");
    await new Browser(server.url).post("/api/auth/sign-in/magic-link", { email: attacker });
    const token = (await linkInLatestMail(server.url, attacker, "magic-link")).searchParams.get(
      "token",
    );
    const reader = await signUp(server.url, { label: "reader" });

    const image = await getAsImage(reader.browser, `/api/auth/magic-link/verify?token=${token}`);

    expect(image.headers.getSetCookie()).toEqual([]);
    expect(await currentSession(reader.browser)).toMatchObject({
      user: { id: reader.userId, email: reader.email },
    });
    // The token is not spent: the attacker's own click still signs them in.
    const attackerBrowser = new Browser(server.url);
    await attackerBrowser.confirm(await linkInLatestMail(server.url, attacker, "magic-link"));
    expect(await currentSession(attackerBrowser)).toMatchObject({ user: { email: attacker } });
  });

  it("a verification link loaded as an image neither verifies the address nor signs anyone in", async () => {
    const person = await signUp(server.url);
    const token = (
      await linkInLatestMail(server.url, person.email, "verify-email")
    ).searchParams.get("token");
    const visitor = new Browser(server.url);

    const image = await getAsImage(visitor, `/api/auth/verify-email?token=${token}&callbackURL=/`);

    expect(image.headers.getSetCookie()).toEqual([]);
    expect(await currentSession(visitor)).toBeNull();
    expect(await currentSession(person.browser)).toMatchObject({ user: { emailVerified: false } });
  });

  it("an account deletion link loaded as an image deletes nothing", async () => {
    const person = await signUp(server.url);
    await person.browser.post("/api/auth/delete-user", { callbackURL: "/" });
    const token = (
      await linkInLatestMail(server.url, person.email, "delete-account")
    ).searchParams.get("token");

    await getAsImage(person.browser, `/api/auth/delete-user/callback?token=${token}&callbackURL=/`);

    expect(await currentSession(person.browser)).toMatchObject({ user: { id: person.userId } });
  });

  it("a mailed link's old address, opened in a browser, leads to the page that asks first", async () => {
    const email = newEmail("magic");
    await new Browser(server.url).post("/api/auth/sign-in/magic-link", { email });
    const token = (await linkInLatestMail(server.url, email, "magic-link")).searchParams.get(
      "token",
    );
    const browser = new Browser(server.url);

    const reply = await browser.open(`/api/auth/magic-link/verify?token=${token}`);

    expect(reply.status).toBe(303);
    expect(reply.location?.pathname).toBe("/auth/magic-link");
    expect(reply.location?.searchParams.get("token")).toBe(token);
    expect(await currentSession(browser)).toBeNull();
  });

  it("the page's click is refused without our Origin, even from a browser with no cookie", async () => {
    const email = newEmail("magic");
    await new Browser(server.url).post("/api/auth/sign-in/magic-link", { email });
    const token = (await linkInLatestMail(server.url, email, "magic-link")).searchParams.get(
      "token",
    );
    const browser = new Browser(server.url);

    const missing = await browser.post("/api/auth-links/magic-link", { token }, { origin: null });
    const foreign = await browser.post(
      "/api/auth-links/magic-link",
      { token },
      { origin: "https://evil.example" },
    );

    expect(missing.status).toBe(403);
    expect(missing.body).toMatchObject({ code: "MISSING_OR_NULL_ORIGIN" });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ code: "INVALID_ORIGIN" });
    expect(await currentSession(browser)).toBeNull();
  });

  it("a magic link's page names the account it signs into before the click", async () => {
    const email = newEmail("magic");
    await new Browser(server.url).post("/api/auth/sign-in/magic-link", { email });
    const link = await linkInLatestMail(server.url, email, "magic-link");

    const preview = await new Browser(server.url).get("/api/auth-links/magic-link", {
      query: { token: link.searchParams.get("token") ?? "" },
    });
    const unknown = await new Browser(server.url).get("/api/auth-links/magic-link", {
      query: { token: "not-a-token" },
    });

    expect(link.pathname).toBe("/auth/magic-link");
    expect(preview.body).toEqual({ email });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: "INVALID_TOKEN" });
  });
});
