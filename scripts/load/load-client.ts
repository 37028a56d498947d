/**
 * One simulated person in the crowded workspace (scripts/load.ts): a Replicache client group
 * speaking the protocol directly over real HTTP, with its poke stream (SSE) open as a tab keeps
 * it. Every poke schedules a pull (one at a time: pokes during a pull make one more pull after
 * it, as Replicache does); the store is the patch applied in order. Its pulls name what the
 * app's would (partial sync): the projects it opened, and the tasks whose page it opened.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import { gunzip } from "node:zlib";
import type { ReadonlyJSONValue } from "replicache";
import { SCHEMA_VERSION } from "../../shared/schema-version.ts";

/** Tries of one push before its batch is given up (a server that keeps refusing it). */
const PUSH_ATTEMPTS = 10;

/** Every client's connections: as many as they need, kept open between requests. */
const agent = new http.Agent({ keepAlive: true });

export type Sent = { name: string; args: Record<string, unknown> };

/** What the pulls ask for, as the app's do (server/sync/README.md "Partial sync"). */
export type Scope = { projects: string[]; tasks: string[] };

export type ClientFigures = {
  /** Each push request, from sent to answered. */
  pushMs: number[];
  /** Each change, from made (queued) to its push answered: the push and any wait before it. */
  changeMs: number[];
  pullMs: number[];
  pokes: number;
  errors: Map<string, number>;
  mutations: number;
  /** Bytes of pull answers, as JSON (before compression). */
  pullBytes: number;
  /** Requests sent again because the kept-alive connection was reset as they went out. */
  resent: number;
};

type PullBody = {
  cookie: unknown;
  lastMutationIDChanges: Record<string, number>;
  patch: { op: "put" | "del" | "clear"; key: string; value?: ReadonlyJSONValue }[];
};

export class LoadClient {
  readonly clientGroupID = randomUUID();
  readonly clientID = randomUUID();
  readonly store = new Map<string, ReadonlyJSONValue>();
  readonly figures: ClientFigures = {
    pushMs: [],
    changeMs: [],
    pullMs: [],
    pokes: 0,
    errors: new Map(),
    mutations: 0,
    pullBytes: 0,
    resent: 0,
  };
  /** When this client's last push was answered. */
  lastPushEnd = 0;
  /** When a pull first brought the title `watchFor` named (0: not yet). */
  markerSeenAt = 0;
  private marker: string | null = null;
  private lastMutationID = 0;
  private confirmed = 0;
  private cookie: unknown = null;
  private pulling: Promise<void> | null = null;
  private pullAgain = false;
  private readonly abort = new AbortController();

  constructor(
    readonly baseUrl: string,
    private readonly cookieHeader: string,
    readonly scope: Scope,
  ) {}

  /** Notes when a pull first brings a task with this title (the run's last change). */
  watchFor(title: string) {
    this.marker = title;
    this.markerSeenAt = 0;
  }

  /** How long since this client last pulled or asked to (0 while a pull is in flight). */
  idleFor(): number {
    return this.pulling ? 0 : performance.now() - this.lastPullEnd;
  }

  private lastPullEnd = 0;

  /** Mutations the server has not confirmed yet. */
  get unconfirmed(): number {
    return this.lastMutationID - this.confirmed;
  }

  /** Opens the poke stream; resolves once it is connected. */
  async connect(): Promise<void> {
    const response = await fetch(`${this.baseUrl}/api/replicache/poke`, {
      headers: { Cookie: this.cookieHeader },
      signal: this.abort.signal,
    });
    if (response.status !== 200 || !response.body) {
      throw new Error(`poke stream answered ${response.status}`);
    }
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = "";
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buffer += value;
          let index: number;
          while ((index = buffer.indexOf("\n\n")) >= 0) {
            const event = buffer.slice(0, index);
            buffer = buffer.slice(index + 2);
            if (event.startsWith("event: poke")) {
              this.figures.pokes++;
              this.schedulePull();
            }
          }
        }
      } catch {
        // Closed at the end of the run.
      }
      if (!this.abort.signal.aborted) this.count("poke stream ended");
    })();
  }

  close() {
    this.abort.abort();
  }

  /** Pulls now, or once more after the pull in flight. Resolves when the store is current. */
  schedulePull(): Promise<void> {
    if (this.pulling) {
      this.pullAgain = true;
      return this.pulling;
    }
    this.pulling = (async () => {
      do {
        this.pullAgain = false;
        await this.pullOnce();
      } while (this.pullAgain);
      this.lastPullEnd = performance.now();
      this.pulling = null;
    })();
    return this.pulling;
  }

  /**
   * A person's change: queued, and pushed as Replicache pushes: one request at a time, carrying
   * every change made while the one before was on its way (usually just this one).
   */
  change(mutation: Sent): void {
    this.pending.push({ ...mutation, id: ++this.lastMutationID, at: performance.now() });
    this.pushing ??= this.pushPending().finally(() => (this.pushing = null));
  }

  /** Resolves once every queued change has been pushed. */
  async flushed(): Promise<void> {
    while (this.pushing) await this.pushing;
  }

  private pending: (Sent & { id: number; at: number })[] = [];
  private pushing: Promise<void> | null = null;

  /**
   * A push that fails is sent again with what was made meanwhile, after a wait that doubles
   * from 30 ms, as Replicache does (its minDelayMs; capped here at a second). Each failure is
   * counted; after PUSH_ATTEMPTS the batch is given up, which the final check then reports.
   */
  private async pushPending(): Promise<void> {
    let failures = 0;
    while (this.pending.length > 0) {
      const batch = this.pending;
      this.pending = [];
      if (await this.push(batch)) {
        failures = 0;
        continue;
      }
      if (++failures >= PUSH_ATTEMPTS) {
        this.count("push given up");
        failures = 0;
        continue;
      }
      this.pending = [...batch, ...this.pending];
      await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 30 * 2 ** (failures - 1))));
    }
  }

  /** Whether the server took the batch (HTTP 200). */
  private async push(batch: (Sent & { id: number; at: number })[]): Promise<boolean> {
    const body = {
      pushVersion: 1,
      clientGroupID: this.clientGroupID,
      profileID: "load",
      schemaVersion: SCHEMA_VERSION,
      mutations: batch.map((mutation) => ({
        clientID: this.clientID,
        id: mutation.id,
        name: mutation.name,
        args: mutation.args,
        timestamp: Date.now(),
      })),
    };
    const started = performance.now();
    try {
      const response = await this.post("/api/replicache/push", body);
      this.lastPushEnd = performance.now();
      this.figures.pushMs.push(this.lastPushEnd - started);
      if (response.status === 200) {
        this.figures.mutations += batch.length;
        for (const mutation of batch) this.figures.changeMs.push(this.lastPushEnd - mutation.at);
        return true;
      }
      this.count(`push ${response.status}`);
    } catch (error) {
      this.count(`push ${(error as Error).name}`);
    }
    return false;
  }

  private async pullOnce() {
    const started = performance.now();
    try {
      const response = await this.post("/api/replicache/pull", {
        pullVersion: 1,
        clientGroupID: this.clientGroupID,
        cookie: this.cookie,
        profileID: "load",
        schemaVersion: SCHEMA_VERSION,
        projects: this.scope.projects,
        tasks: this.scope.tasks,
      });
      if (response.status !== 200) {
        this.count(`pull ${response.status}`);
        return;
      }
      this.figures.pullBytes += response.text.length;
      const body = JSON.parse(response.text) as PullBody;
      this.figures.pullMs.push(performance.now() - started);
      for (const op of body.patch) {
        if (op.op === "clear") this.store.clear();
        else if (op.op === "del") this.store.delete(op.key);
        else this.store.set(op.key, op.value as ReadonlyJSONValue);
      }
      if (this.marker !== null && this.markerSeenAt === 0 && body.patch.some(this.bringsMarker)) {
        this.markerSeenAt = performance.now();
      }
      this.confirmed = body.lastMutationIDChanges[this.clientID] ?? this.confirmed;
      this.cookie = body.cookie;
      // A first pull comes in pages: the next page at once.
      if (isPartial(body.cookie)) this.pullAgain = true;
    } catch (error) {
      this.count(`pull ${(error as Error).name}`);
    }
  }

  private readonly bringsMarker = (op: PullBody["patch"][number]) =>
    op.op === "put" &&
    typeof op.value === "object" &&
    op.value !== null &&
    (op.value as { title?: unknown }).title === this.marker;

  /**
   * A POST over node:http with a keep-alive agent, asking for gzip as a browser does: fetch's
   * web streams cost the generator several times more CPU per request, and the generator shares
   * the machine with the server it measures.
   */
  private async post(path: string, body: unknown): Promise<{ status: number; text: string }> {
    const payload = JSON.stringify(body);
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.send(path, payload);
      } catch (error) {
        // A kept-alive connection the server closed as the request went out: sent again, as a
        // browser does (a push is idempotent: the server skips mutations it has applied).
        const reset = (error as NodeJS.ErrnoException).code === "ECONNRESET";
        if (!reset || attempt >= RESENDS) throw error;
        this.figures.resent++;
      }
    }
  }

  private send(path: string, payload: string): Promise<{ status: number; text: string }> {
    return new Promise((resolve, reject) => {
      const request = http.request(
        `${this.baseUrl}${path}`,
        {
          method: "POST",
          agent,
          headers: {
            "Content-Type": "application/json",
            "Content-Length": Buffer.byteLength(payload),
            "Accept-Encoding": "gzip",
            Origin: this.baseUrl,
            Cookie: this.cookieHeader,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("error", reject);
          response.on("end", () => {
            const raw = Buffer.concat(chunks);
            const status = response.statusCode ?? 0;
            if (response.headers["content-encoding"] !== "gzip") {
              resolve({ status, text: raw.toString("utf8") });
              return;
            }
            // In zlib's thread pool: the crowd's answers would otherwise hold up its event loop.
            gunzip(raw, (error, text) => {
              if (error) reject(error);
              else resolve({ status, text: text.toString("utf8") });
            });
          });
        },
      );
      request.on("error", reject);
      request.end(payload);
    });
  }

  private count(kind: string) {
    this.figures.errors.set(kind, (this.figures.errors.get(kind) ?? 0) + 1);
  }
}

/**
 * Tries of a request whose kept-alive connection was reset. The generator's event loop can be
 * busy long enough not to see that the server closed an idle connection before it reuses it.
 */
const RESENDS = 3;

/** Whether a pull's cookie says `more`: a first pull has pages to come (server/sync/pull.ts). */
function isPartial(cookie: unknown): boolean {
  return typeof cookie === "object" && cookie !== null && "more" in cookie
    ? (cookie as { more: unknown }).more === true
    : false;
}
