/**
 * Listens to the server's poke stream and pulls on every poke and on every (re)connection,
 * since pokes sent while disconnected are lost. EventSource retries by itself after a dropped
 * connection; when it gives up (an HTTP error such as 401) we pull, which tells whether the
 * session has ended (session-end.ts closes the store then, and this with it), and reconnect
 * with a backoff.
 */
export function listenForPokes(onPoke: () => void): () => void {
  let source: EventSource | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let stopped = false;

  const connect = () => {
    source = new EventSource("/api/replicache/poke", { withCredentials: true });
    source.onopen = () => {
      failures = 0;
      onPoke();
    };
    // The server names its events `poke`; onmessage only hears unnamed ones.
    source.addEventListener("poke", () => onPoke());
    source.onerror = () => {
      if (stopped || source?.readyState !== EventSource.CLOSED) return;
      onPoke();
      failures += 1;
      const delay = Math.min(30_000, 500 * 2 ** Math.min(failures, 6));
      retryTimer = setTimeout(connect, delay);
    };
  };
  connect();

  return () => {
    stopped = true;
    clearTimeout(retryTimer);
    source?.close();
  };
}
