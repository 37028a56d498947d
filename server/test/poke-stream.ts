/** A poke stream (Server-Sent Events) opened as a browser tab would, for the tests. */
import type { TestUser } from "./sync-client.ts";

export type PokeStream = {
  headers: Headers;
  /** Resolves true at the next poke, false when none comes within `ms`. */
  nextPoke: (ms: number) => Promise<boolean>;
  /** What happens first within `ms`: a poke, the server ending the stream, or neither. */
  next: (ms: number) => Promise<"poke" | "ended" | "open">;
  /** Everything the stream has carried so far, as text. */
  received: () => string;
  close: () => void;
};

export function pokeStreamRequest(server: { url: string }, user: TestUser, signal?: AbortSignal) {
  return fetch(`${server.url}/api/replicache/poke`, { headers: { Cookie: user.cookie }, signal });
}

export async function openPokeStream(server: { url: string }, user: TestUser): Promise<PokeStream> {
  const abort = new AbortController();
  const response = await pokeStreamRequest(server, user, abort.signal);
  if (response.status !== 200 || !response.body)
    throw new Error(`poke answered ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let received = "";
  let ended = false;
  let pending: Promise<ReadableStreamReadResult<string>> | undefined;
  const next = async (ms: number) => {
    const deadline = Date.now() + ms;
    for (;;) {
      const index = buffer.indexOf("event: poke");
      if (index >= 0) {
        buffer = buffer.slice(index + "event: poke".length);
        return "poke";
      }
      if (ended) return "ended";
      const left = deadline - Date.now();
      if (left <= 0) return "open";
      pending ??= reader.read();
      const timeout = new Promise<"timeout">((resolve) =>
        setTimeout(() => resolve("timeout"), left),
      );
      const result = await Promise.race([pending, timeout]);
      if (result === "timeout") return "open";
      pending = undefined;
      if (result.done) ended = true;
      else {
        buffer += result.value;
        received += result.value;
      }
    }
  };
  return {
    headers: response.headers,
    next,
    nextPoke: async (ms) => (await next(ms)) === "poke",
    received: () => received,
    close: () => abort.abort(),
  };
}
