/**
 * `npm run dev`: the Vite dev server with hot reload on PORT (default 3000), proxying /api to
 * the server running in watch mode on API_PORT (default 3001). The server's public URL is the
 * Vite origin, so links in mails and better-auth's origin checks match what the browser sees.
 */
import { spawn, type ChildProcess } from "node:child_process";

const port = process.env.PORT ?? "3000";
const apiPort = process.env.API_PORT ?? "3001";
const baseUrl = process.env.BASE_URL ?? `http://localhost:${port}`;

const children: ChildProcess[] = [
  spawn(process.execPath, ["--import", "tsx", "--watch", "server/main.ts"], {
    stdio: "inherit",
    env: { ...process.env, PORT: apiPort, BASE_URL: baseUrl },
  }),
  spawn("npx", ["vite", "--port", port, "--strictPort"], {
    stdio: "inherit",
    env: { ...process.env, API_PORT: apiPort },
  }),
];

const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
for (const child of children) {
  child.once("exit", (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
