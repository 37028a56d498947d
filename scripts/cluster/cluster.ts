/**
 * The production topology without containers (issue 20): N app instances on one Postgres and
 * nginx (Debian's package) in front on a loopback port, configured with deploy/nginx/tasks.conf
 * as it is: the file the containers use (deploy/compose.yaml). This file writes only what
 * differs: the main file (paths in a temporary folder, so no root is needed), the upstream list
 * of loopback ports and the `listen` line.
 *
 * Used by `npm run cluster` (scripts/cluster.ts) and by the tests and the soak that need the
 * whole topology.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, waitForHealth } from "../../e2e/support/server-process.ts";
import { builtClient } from "../bench/bench-server.ts";

const root = path.resolve(import.meta.dirname, "../..");
/** The load balancer's configuration, shared with deploy/compose.yaml. */
export const SHARED_NGINX_CONF = path.join(root, "deploy/nginx/tasks.conf");

export type ClusterOptions = {
  /** Postgres, which every instance shares. */
  databaseUrl: string;
  instances?: number;
  /** Variables for every instance besides the cluster's own. */
  env?: Record<string, string>;
  /** Where instances' output goes: "inherit" to see it, else it is dropped. */
  output?: "inherit" | "ignore";
};

export type Instance = { port: number; url: string; process: ChildProcess };

export type Cluster = {
  /** The load balancer's URL: what a browser opens. */
  url: string;
  instances: Instance[];
  /** The folder of nginx's main file, upstreams and logs. */
  nginxDir: string;
  /** nginx's main file. */
  nginxConf: string;
  /** Kills instance `i` with `signal`; `restart` starts it again on its port. */
  kill(i: number, signal: NodeJS.Signals): Promise<void>;
  restart(i: number): Promise<void>;
  stop(): Promise<void>;
};

/** nginx from Debian's package, or on PATH. */
export function nginxBinary(): string | null {
  for (const candidate of ["/usr/sbin/nginx", "/usr/bin/nginx"]) {
    if (existsSync(candidate)) return candidate;
  }
  const found = spawnSync("which", ["nginx"], { encoding: "utf8" });
  return found.status === 0 ? found.stdout.trim() : null;
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const nginx = nginxBinary();
  if (!nginx) throw new Error("nginx is not installed (Debian: apt-get install nginx)");
  const count = options.instances ?? 3;
  await builtClient();

  const nginxDir = mkdtempSync(path.join(tmpdir(), "tasks-cluster-"));
  const lbPort = await freePort();
  const url = `http://127.0.0.1:${lbPort}`;
  const ports: number[] = [];
  for (let i = 0; i < count; i++) ports.push(await freePort());

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    DATABASE_URL: options.databaseUrl,
    BASE_URL: url,
    HOST: "127.0.0.1",
    // nginx's own address, and only it: a client on this machine is on the loopback too, and
    // believing the whole range would let it choose its address (trusted-proxies.ts).
    TRUSTED_PROXIES: "127.0.0.1",
    DATA_DIR: path.join(nginxDir, "data"),
    // One secret for every instance: a session signed by one is read by the others.
    BETTER_AUTH_SECRET: process.env.BETTER_AUTH_SECRET ?? randomBytes(32).toString("hex"),
    ...options.env,
  };
  const instances: Instance[] = ports.map((port) => ({
    port,
    url: `http://127.0.0.1:${port}`,
    process: startInstance(env, port, options.output ?? "ignore"),
  }));

  const nginxConf = writeNginxConf(nginx, nginxDir, lbPort, ports);

  let balancer: ChildProcess | undefined;
  const stopAll = async () => {
    await Promise.all([
      ...instances.map((instance) => stopProcess(instance.process, "SIGTERM")),
      balancer ? stopProcess(balancer, "SIGQUIT") : Promise.resolve(),
    ]);
    rmSync(nginxDir, { recursive: true, force: true });
  };
  try {
    await Promise.all(
      instances.map((instance) =>
        waitForHealth(`${instance.url}/api/ready`, instance.process, 120_000),
      ),
    );
    balancer = spawnNginx(nginx, nginxDir, nginxConf);
    await waitForHealth(`${url}/api/ready`, balancer, 20_000);
  } catch (error) {
    await stopAll();
    throw error;
  }

  return {
    url,
    instances,
    nginxDir,
    nginxConf,
    async kill(i, signal) {
      const instance = instances[i];
      if (!instance) throw new Error(`no instance ${i}`);
      await stopProcess(instance.process, signal);
    },
    async restart(i) {
      const instance = instances[i];
      if (!instance) throw new Error(`no instance ${i}`);
      instance.process = startInstance(env, instance.port, options.output ?? "ignore");
      await waitForHealth(`${instance.url}/api/ready`, instance.process, 120_000);
    },
    stop: stopAll,
  };
}

/**
 * Writes nginx's main file into `nginxDir`, for a balancer on `listenPort` in front of the
 * instances on `upstreamPorts`, checks nginx accepts it, and returns its path.
 */
export function writeNginxConf(
  nginx: string,
  nginxDir: string,
  listenPort: number,
  upstreamPorts: number[],
): string {
  writeFileSync(path.join(nginxDir, "listen.conf"), `listen 127.0.0.1:${listenPort};\n`);
  writeFileSync(
    path.join(nginxDir, "upstream.conf"),
    [
      "upstream tasks_app {",
      ...upstreamPorts.map((port) => `  server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;`),
      "  keepalive 32;",
      "}",
      "",
    ].join("\n"),
  );
  const nginxConf = path.join(nginxDir, "nginx.conf");
  writeFileSync(
    nginxConf,
    [
      "# Written by scripts/cluster/cluster.ts; the server block is deploy/nginx/tasks.conf.",
      `pid ${nginxDir}/nginx.pid;`,
      `error_log ${nginxDir}/error.log warn;`,
      "worker_processes 1;",
      "events { worker_connections 4096; }",
      "http {",
      "  access_log off;",
      ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(
        (kind) => `  ${kind}_temp_path ${nginxDir}/${kind}_temp;`,
      ),
      "  include upstream.conf;",
      `  include ${SHARED_NGINX_CONF};`,
      "}",
      "",
    ].join("\n"),
  );
  const checked = spawnSync(nginx, ["-t", "-q", "-p", nginxDir, "-c", nginxConf], {
    encoding: "utf8",
  });
  if (checked.status !== 0) throw new Error(`nginx refused its configuration:\n${checked.stderr}`);
  return nginxConf;
}

/** nginx in the foreground on the main file `writeNginxConf` wrote; SIGQUIT stops it. */
export function spawnNginx(nginx: string, nginxDir: string, nginxConf: string): ChildProcess {
  return spawn(nginx, ["-p", nginxDir, "-c", nginxConf, "-g", "daemon off;"], {
    stdio: ["ignore", "ignore", "inherit"],
  });
}

function startInstance(env: NodeJS.ProcessEnv, port: number, output: "inherit" | "ignore") {
  return spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: root,
    env: { ...env, PORT: String(port) },
    stdio: ["ignore", output, "inherit"],
  });
}

/** Sends `signal` and resolves when the process has exited. */
export function stopProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill(signal);
  return exited;
}
