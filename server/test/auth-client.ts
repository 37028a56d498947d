import { randomUUID } from "node:crypto";
import { z } from "zod";
import { mailedLinks } from "../auth/mailed-link-pages.ts";

/** One Set-Cookie header, split into its parts. Attribute names are lower-cased. */
type SetCookie = { name: string; value: string; attributes: Record<string, string> };

/** What the server answered: the parsed JSON body (or text), and where a redirect points. */
export type Reply = {
  status: number;
  body: unknown;
  headers: Headers;
  location: URL | null;
  setCookies: SetCookie[];
};

type RequestOptions = {
  /** The Origin header to send; `null` sends none. Defaults to the server's own URL. */
  origin?: string | null;
  query?: Record<string, string>;
};

function parseSetCookie(header: string): SetCookie {
  const [pair = "", ...parts] = header.split(";");
  const separator = pair.indexOf("=");
  const attributes: Record<string, string> = {};
  for (const part of parts) {
    const [key = "", ...value] = part.trim().split("=");
    attributes[key.toLowerCase()] = value.join("=");
  }
  return {
    name: pair.slice(0, separator).trim(),
    value: pair.slice(separator + 1).trim(),
    attributes,
  };
}

function isExpired(cookie: SetCookie): boolean {
  const maxAge = cookie.attributes["max-age"];
  if (maxAge !== undefined && Number(maxAge) <= 0) return true;
  const expires = cookie.attributes.expires;
  return expires !== undefined && new Date(expires).getTime() <= Date.now();
}

/**
 * A browser of one person: keeps the cookies the server sets, sends them back to the server
 * only, and sends `Origin: <server url>` with JSON on every POST, as the web client does.
 */
export class Browser {
  private readonly jar = new Map<string, string>();

  constructor(readonly serverUrl: string) {}

  cookie(name: string): string | undefined {
    return this.jar.get(name);
  }

  /** Puts a cookie in the jar, e.g. a copy of another browser's session cookie. */
  setCookie(name: string, value: string): void {
    this.jar.set(name, value);
  }

  get(path: string, options: RequestOptions = {}): Promise<Reply> {
    return this.request("GET", path, undefined, options);
  }

  post(path: string, body: object = {}, options: RequestOptions = {}): Promise<Reply> {
    return this.request("POST", path, body, options);
  }

  /** Follows a link as a person clicking it would: a plain GET, no Origin, cookies included. */
  open(url: string | URL): Promise<Reply> {
    return this.request("GET", url.toString(), undefined, { origin: null });
  }

  /**
   * Opens a mailed link that signs in or changes the account (a magic link, a verification, an
   * account deletion) and presses its page's button, as the web client does: the page POSTs the
   * link's query to `/api/auth-links/{kind}`. The reply's `location` is where the page goes next.
   */
  async confirm(url: string | URL): Promise<Reply> {
    const link = new URL(url);
    const [kind] = Object.entries(mailedLinks).find(([, { page }]) => page === link.pathname) ?? [];
    if (!kind) throw new Error(`${link.pathname} is not the page of a mailed link`);
    const reply = await this.post(`/api/auth-links/${kind}`, Object.fromEntries(link.searchParams));
    const redirect = z.object({ redirect: z.string() }).safeParse(reply.body);
    return {
      ...reply,
      location: redirect.success ? new URL(redirect.data.redirect, this.serverUrl) : null,
    };
  }

  async request(
    method: "GET" | "POST",
    pathOrUrl: string,
    body: object | undefined,
    { origin, query }: RequestOptions,
  ): Promise<Reply> {
    const url = new URL(pathOrUrl, this.serverUrl);
    for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, value);
    const headers = new Headers();
    if (body !== undefined) headers.set("content-type", "application/json");
    const sentOrigin = origin === undefined ? (method === "GET" ? null : this.serverUrl) : origin;
    if (sentOrigin !== null) headers.set("origin", sentOrigin);
    const toServer = url.origin === new URL(this.serverUrl).origin;
    if (toServer && this.jar.size > 0) {
      headers.set("cookie", [...this.jar].map(([name, value]) => `${name}=${value}`).join("; "));
    }
    const response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: "manual",
    });
    const setCookies = response.headers.getSetCookie().map(parseSetCookie);
    if (toServer) {
      for (const cookie of setCookies) {
        if (isExpired(cookie)) this.jar.delete(cookie.name);
        else this.jar.set(cookie.name, cookie.value);
      }
    }
    const text = await response.text();
    const isJson = response.headers.get("content-type")?.includes("application/json") ?? false;
    const location = response.headers.get("location");
    return {
      status: response.status,
      body: isJson && text !== "" ? JSON.parse(text) : text,
      headers: response.headers,
      location: location === null ? null : new URL(location, url),
      setCookies,
    };
  }
}

export const SESSION_COOKIE = "better-auth.session_token";

export const sessionSchema = z.object({
  session: z.object({
    id: z.string(),
    token: z.string(),
    userId: z.string(),
    expiresAt: z.string(),
    activeOrganizationId: z.string().nullable().optional(),
  }),
  user: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    emailVerified: z.boolean(),
    isAnonymous: z.boolean().nullable().optional(),
  }),
});

type Session = z.infer<typeof sessionSchema>;

/** The browser's current session, or null when the server says it has none. */
export async function currentSession(browser: Browser): Promise<Session | null> {
  const reply = await browser.get("/api/auth/get-session");
  if (reply.status !== 200) throw new Error(`get-session answered ${reply.status}`);
  return reply.body === null ? null : sessionSchema.parse(reply.body);
}

/** Parses a reply body the test relies on, failing with the whole reply when it does not fit. */
export function bodyOf<T extends z.ZodType>(reply: Reply, schema: T): z.infer<T> {
  const parsed = schema.safeParse(reply.body);
  if (!parsed.success) {
    throw new Error(
      `unexpected reply ${reply.status}: ${JSON.stringify(reply.body)}\n${parsed.error.message}`,
    );
  }
  return parsed.data;
}

/** An address nobody has used yet on this server. */
export function newEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

export const PASSWORD = "correct horse battery";

export type Person = { browser: Browser; email: string; password: string; userId: string };

/** Signs a new person up with email and password; they come back signed in. */
export async function signUp(
  serverUrl: string,
  options: { label?: string; email?: string; password?: string; name?: string } = {},
): Promise<Person> {
  const browser = new Browser(serverUrl);
  const email = options.email ?? newEmail(options.label ?? "person");
  const password = options.password ?? PASSWORD;
  const reply = await browser.post("/api/auth/sign-up/email", {
    email,
    password,
    name: options.name ?? email.split("@")[0],
  });
  const { user } = bodyOf(reply, z.object({ user: z.object({ id: z.string() }) }));
  return { browser, email, password, userId: user.id };
}

/** Signs an existing person in again in a fresh browser (another device). */
export async function signIn(
  serverUrl: string,
  person: { email: string; password: string },
): Promise<Browser> {
  const browser = new Browser(serverUrl);
  const reply = await browser.post("/api/auth/sign-in/email", {
    email: person.email,
    password: person.password,
  });
  if (reply.status !== 200) throw new Error(`sign-in answered ${reply.status}`);
  return browser;
}

const mailSchema = z.object({
  id: z.string(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  url: z.string().nullable(),
});

type Mail = z.infer<typeof mailSchema>;

/** The dev outbox's mails to one address, newest first. */
export async function mailsTo(serverUrl: string, email: string): Promise<Mail[]> {
  const response = await fetch(`${serverUrl}/api/dev/outbox?to=${encodeURIComponent(email)}`);
  if (response.status !== 200) throw new Error(`outbox answered ${response.status}`);
  return z.object({ mails: z.array(mailSchema) }).parse(await response.json()).mails;
}

/** The link in the newest mail of a kind to an address; fails when there is none. */
export async function linkInLatestMail(
  serverUrl: string,
  email: string,
  kind: string,
): Promise<URL> {
  const mail = (await mailsTo(serverUrl, email)).find((m) => m.kind === kind);
  if (!mail?.url) throw new Error(`no ${kind} mail with a link to ${email}`);
  return new URL(mail.url);
}

/** Signs in (or up) through the mailed magic link, in a fresh browser. */
export async function signInWithMagicLink(serverUrl: string, email: string): Promise<Browser> {
  const browser = new Browser(serverUrl);
  const reply = await browser.post("/api/auth/sign-in/magic-link", { email });
  if (reply.status !== 200) throw new Error(`sign-in/magic-link answered ${reply.status}`);
  await browser.confirm(await linkInLatestMail(serverUrl, email, "magic-link"));
  return browser;
}
