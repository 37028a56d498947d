import { createServer, type RequestListener } from "node:http";

export type ServedApp = { url: string; close: () => Promise<void> };

/** Serves a request handler (an Express app built in a test) on a free loopback port. */
export async function serveApp(handler: RequestListener): Promise<ServedApp> {
  const server = createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === "string") {
    throw new Error("expected the test server to listen on a TCP port");
  }
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
