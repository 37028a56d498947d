import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Browser,
  currentSession,
  linkInLatestMail,
  newEmail,
  PASSWORD,
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

    const reply = await new Browser(server.url).open(link);

    expect(reply.status).toBe(403);
    expect(reply.body).toMatchObject({ message: "Invalid callbackURL" });
    expect(await currentSession(person.browser)).toMatchObject({ user: { emailVerified: false } });
  });
});
