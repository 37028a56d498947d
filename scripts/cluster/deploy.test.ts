import { spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../e2e/support/server-process.ts";
import { openPokeStream } from "../../server/test/poke-stream.ts";
import {
  SyncClient,
  createWorkspace,
  m,
  newId,
  now,
  signUp,
} from "../../server/test/sync-client.ts";
import {
  nginxBinary,
  SHARED_NGINX_CONF,
  spawnNginx,
  startCluster,
  stopProcess,
  writeNginxConf,
  type Cluster,
} from "./cluster.ts";

/** deploy/ stays what `npm run cluster` runs and what docs/operations.md documents (issue 20). */

const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

/** The variables of the configuration table in docs/operations.md (its first column). */
function documentedVariables(): string[] {
  const lines = read("docs/operations.md").split("\n");
  const header = lines.findIndex((line) => /^\| variable\s+\| default/.test(line));
  expect(header).toBeGreaterThan(0);
  const names: string[] = [];
  for (const line of lines.slice(header + 2)) {
    const match = /^\| `([A-Z0-9_]+)`/.exec(line);
    if (!match) break;
    names.push(match[1]!);
  }
  return names;
}

/** The keys of the app's `environment:` in deploy/compose.yaml. */
function composeAppVariables(): string[] {
  const lines = read("deploy/compose.yaml").split("\n");
  const start = lines.findIndex((line) => line === "  environment:");
  const names: string[] = [];
  for (const line of lines.slice(start + 1)) {
    const match = /^ {4}([A-Z0-9_]+):/.exec(line);
    if (match) names.push(match[1]!);
    else if (!/^ {4}#/.test(line)) break;
  }
  return names;
}

describe("deploy/", () => {
  it("compose.yaml gives the app every variable of the configuration table in docs/operations.md, no other", () => {
    const documented = documentedVariables();
    expect(documented.length).toBeGreaterThan(20);
    expect(new Set(composeAppVariables())).toEqual(new Set(documented));
  });

  it("the nginx container reads the shared server block from the folder compose mounts", () => {
    const compose = read("deploy/compose.yaml");
    expect(compose).toContain("- ./nginx:/etc/nginx/tasks:ro");
    expect(compose).toContain('"-c", "/etc/nginx/tasks/nginx.compose.conf"');
    const main = read("deploy/nginx/nginx.compose.conf");
    expect(main).toContain("include /etc/nginx/tasks/tasks.conf;");
    expect(main).toContain("include /etc/nginx/tasks/upstream.compose.conf;");
  });

  it("the instances trust only nginx's fixed address, and nginx only the compose network's gateway", () => {
    const compose = read("deploy/compose.yaml");
    const nginxAddress = /^ +ipv4_address: (\S+)$/m.exec(compose)?.[1];
    const gateway = /^ +gateway: (\S+)$/m.exec(compose)?.[1];
    expect(nginxAddress).toMatch(/^10\.201\.0\.\d+$/);
    expect(compose).toContain(`TRUSTED_PROXIES: \${TRUSTED_PROXIES:-${nginxAddress}}`);
    const main = read("deploy/nginx/nginx.compose.conf");
    expect(main.match(/^ *set_real_ip_from .*$/gm)).toEqual([`  set_real_ip_from ${gateway};`]);
  });
});

const databaseUrl = process.env.DATABASE_URL;
const nginx = nginxBinary();

describe.runIf(nginx)("the load balancer on deploy/nginx/tasks.conf", () => {
  let nginxDir: string;
  let balancer: ChildProcess;
  let url: string;

  beforeAll(async () => {
    nginxDir = mkdtempSync(path.join(tmpdir(), "tasks-nginx-"));
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    // An instance nobody listens on: nginx answers 502 with its own error page.
    const nginxConf = writeNginxConf(nginx!, nginxDir, port, [await freePort()]);
    balancer = spawnNginx(nginx!, nginxDir, nginxConf);
    await waitForListening(url);
  });

  afterAll(async () => {
    if (balancer) await stopProcess(balancer, "SIGQUIT");
    rmSync(nginxDir, { recursive: true, force: true });
  });

  it.each([
    ["/", 502],
    ["/metrics", 404],
  ])(
    "names no version: not in its Server header, not on its error page (%s, %i)",
    async (at, status) => {
      const response = await fetch(`${url}${at}`);

      expect(response.status).toBe(status);
      expect(response.headers.get("server")).toBe("nginx");
      const page = await response.text();
      expect(page).toContain("<center>nginx</center>");
      expect(page).not.toMatch(/nginx\/\d/);
    },
  );
});

/** Resolves once something answers HTTP at `url`, whatever the status. */
async function waitForListening(url: string) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`nothing answered at ${url}`);
}

describe.runIf(databaseUrl && nginx)("npm run cluster", () => {
  let cluster: Cluster;

  beforeAll(async () => {
    cluster = await startCluster({ databaseUrl: databaseUrl!, instances: 2 });
  }, 180_000);

  afterAll(async () => {
    await cluster?.stop();
  });

  it("runs nginx on deploy/nginx/tasks.conf as it is, and streams pokes through it unbuffered", async () => {
    // nginx's own dump of the configuration it loaded: the shared file, word for word.
    const dump = spawnSync(nginx!, ["-T", "-p", cluster.nginxDir, "-c", cluster.nginxConf], {
      encoding: "utf8",
    });
    expect(dump.status).toBe(0);
    expect(dump.stdout).toContain(
      `# configuration file ${SHARED_NGINX_CONF}:\n${readFileSync(SHARED_NGINX_CONF, "utf8")}`,
    );

    const server = { url: cluster.url };
    const owner = await signUp(server, "Through Nginx", { verify: false });
    const workspaceId = await createWorkspace(server, owner, "Behind nginx");
    const stream = await openPokeStream(server, owner);
    await new SyncClient(server, owner).push(
      m("createProject", { id: newId("p"), workspaceId, name: "P", key: "NGX", createdAt: now() }),
    );
    // A buffering proxy would hold the poke back with the stream still open.
    expect(await stream.nextPoke(3000)).toBe(true);
    stream.close();
    // The load balancer keeps /metrics inside.
    expect((await fetch(`${cluster.url}/metrics`)).status).toBe(404);
  }, 60_000);

  it("a client on nginx's own machine rotating X-Forwarded-For gets 429 after three sign-ins", async () => {
    const statuses = [];
    for (const forged of ["127.0.0.31", "198.51.100.32", "127.0.0.33", "198.51.100.34"]) {
      const response = await fetch(`${cluster.url}/api/auth/sign-in/email`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Origin: cluster.url,
          "X-Forwarded-For": forged,
        },
        body: JSON.stringify({ email: `guess-${newId("u")}@example.com`, password: "wrong" }),
      });
      statuses.push(response.status);
    }

    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});
