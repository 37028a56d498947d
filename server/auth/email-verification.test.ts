import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Browser,
  currentSession,
  linkInLatestMail,
  mailsTo,
  newEmail,
  PASSWORD,
  signUp,
} from "../test/auth-client.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";

describe("email verification", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });

  afterAll(async () => {
    await server?.stop();
  });

  it("sign-up sends a verification mail whose link opens the page that confirms on a click", async () => {
    const person = await signUp(server.url);

    const mails = await mailsTo(server.url, person.email);

    expect(mails.map((mail) => mail.kind)).toEqual(["verify-email"]);
    const link = new URL(mails[0]?.url ?? "");
    expect(link.origin + link.pathname).toBe(`${server.url}/auth/verify-email`);
    expect(link.searchParams.get("token")).toBeTruthy();
  });

  it("a new account is unverified until the link is followed", async () => {
    const person = await signUp(server.url);

    expect(await currentSession(person.browser)).toMatchObject({
      user: { emailVerified: false },
    });
  });

  it("following the link redirects to the callback URL and marks the email verified", async () => {
    const person = await signUp(server.url);
    const link = await linkInLatestMail(server.url, person.email, "verify-email");

    const reply = await person.browser.confirm(link);

    expect(reply.status).toBe(200);
    expect(reply.location?.pathname).toBe("/");
    expect(await currentSession(person.browser)).toMatchObject({ user: { emailVerified: true } });
  });

  it("following the link in another browser signs the person in there", async () => {
    const person = await signUp(server.url);
    const link = await linkInLatestMail(server.url, person.email, "verify-email");
    const otherBrowser = new Browser(server.url);

    await otherBrowser.confirm(link);

    expect(await currentSession(otherBrowser)).toMatchObject({
      user: { id: person.userId, emailVerified: true },
    });
  });

  it("a forged token answers 401 INVALID_TOKEN", async () => {
    const reply = await new Browser(server.url).confirm(
      `${server.url}/auth/verify-email?token=not-a-token`,
    );

    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({ code: "INVALID_TOKEN", message: "Invalid token" });
  });

  it("a forged token with a callback URL redirects there with error=INVALID_TOKEN", async () => {
    const reply = await new Browser(server.url).confirm(
      `${server.url}/auth/verify-email?token=not-a-token&callbackURL=/auth/verified`,
    );

    expect(reply.status).toBe(200);
    expect(reply.location?.pathname).toBe("/auth/verified");
    expect(reply.location?.searchParams.get("error")).toBe("INVALID_TOKEN");
  });

  it("send-verification-email sends a fresh link to the signed-in, unverified owner", async () => {
    const person = await signUp(server.url);

    const reply = await person.browser.post("/api/auth/send-verification-email", {
      email: person.email,
    });

    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ status: true });
    expect(await mailsTo(server.url, person.email)).toHaveLength(2);
  });

  it("send-verification-email signed out answers success and reveals nothing about the address", async () => {
    const reply = await new Browser(server.url).post("/api/auth/send-verification-email", {
      email: newEmail("nobody"),
    });

    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ status: true });
  });

  it("send-verification-email for an already verified address is refused with 400", async () => {
    const person = await signUp(server.url);
    await person.browser.confirm(await linkInLatestMail(server.url, person.email, "verify-email"));

    const reply = await person.browser.post("/api/auth/send-verification-email", {
      email: person.email,
    });

    expect(reply.status).toBe(400);
    // SPEC.md section 8 words it "You can only send a verification email to an unverified email".
    expect(reply.body).toMatchObject({
      code: "EMAIL_ALREADY_VERIFIED",
      message: "Email is already verified",
    });
  });
});

describe("with REQUIRE_EMAIL_VERIFICATION=true", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ REQUIRE_EMAIL_VERIFICATION: "true" });
  });

  afterAll(async () => {
    await server?.stop();
  });

  it("sign-up answers without a session and sends the verification mail", async () => {
    const browser = new Browser(server.url);
    const email = newEmail("pending");

    const reply = await browser.post("/api/auth/sign-up/email", {
      email,
      password: PASSWORD,
      name: "Pending",
    });

    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ token: null, user: { email } });
    expect(await currentSession(browser)).toBeNull();
    expect((await mailsTo(server.url, email)).map((mail) => mail.kind)).toEqual(["verify-email"]);
  });

  it("signing in unverified is refused with 403 'Email not verified' and a new mail goes out", async () => {
    const person = await signUp(server.url);

    const reply = await new Browser(server.url).post("/api/auth/sign-in/email", {
      email: person.email,
      password: person.password,
    });

    expect(reply.status).toBe(403);
    expect(reply.body).toMatchObject({ code: "EMAIL_NOT_VERIFIED", message: "Email not verified" });
    expect(await mailsTo(server.url, person.email)).toHaveLength(2);
  });

  it("after following the link, signing in with the password works", async () => {
    const person = await signUp(server.url);
    await new Browser(server.url).confirm(
      await linkInLatestMail(server.url, person.email, "verify-email"),
    );
    const browser = new Browser(server.url);

    const reply = await browser.post("/api/auth/sign-in/email", {
      email: person.email,
      password: person.password,
    });

    expect(reply.status).toBe(200);
    expect(await currentSession(browser)).toMatchObject({ user: { emailVerified: true } });
  });
});
