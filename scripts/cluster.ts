/**
 * `npm run cluster [-- --instances 3] [--check]`: the production topology on this machine, no
 * containers (scripts/cluster/cluster.ts): N instances on the Postgres of DATABASE_URL, nginx
 * in front with deploy/nginx/tasks.conf, on a loopback port it prints. Ctrl-C stops it all.
 *
 * `--check` (what CI runs): through the load balancer, a change on one device reaching the
 * person's other device by its poke stream and pull; then one instance drains (SIGTERM) while the
 * changes go on, and every one of them is applied once; then everything stops.
 */
import { parseArgs } from "node:util";
import { setTimeout as sleep } from "node:timers/promises";
import { taskStoreKey } from "../shared/keys.ts";
import { openPokeStream } from "../server/test/poke-stream.ts";
import { SyncClient, createWorkspace, m, newId, now, signUp } from "../server/test/sync-client.ts";
import { startCluster, type Cluster } from "./cluster/cluster.ts";

const { values } = parseArgs({
  options: {
    instances: { type: "string", default: "3" },
    check: { type: "boolean", default: false },
  },
});
const instances = Number(values.instances);
if (!Number.isInteger(instances) || instances < 1) {
  throw new Error("--instances: expected a whole number of at least 1");
}
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error("npm run cluster needs DATABASE_URL: the instances share one Postgres.");
  process.exit(1);
}

console.log(`Starting ${instances} instances and nginx…`);
const cluster = await startCluster({
  databaseUrl,
  instances,
  output: values.check ? "ignore" : "inherit",
});
console.log(
  `Tasks is running at ${cluster.url} (nginx in front of ${cluster.instances
    .map((instance) => instance.url)
    .join(", ")})`,
);

if (values.check) {
  let code = 0;
  try {
    await check(cluster);
  } catch (error) {
    console.error(`✗ ${error instanceof Error ? error.message : String(error)}`);
    code = 1;
  }
  await cluster.stop();
  process.exit(code);
} else {
  const stop = () => void cluster.stop().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

async function check(cluster: Cluster) {
  const server = { url: cluster.url };
  // A production instance has no dev outbox to verify the email through; none is needed.
  const owner = await signUp(server, "Cluster Owner", { verify: false });
  const workspaceId = await createWorkspace(server, owner, "Cluster");
  const projectId = newId("p");
  const writer = new SyncClient(server, owner);
  await writer.push(
    m("createProject", { id: projectId, workspaceId, name: "P", key: "CLU", createdAt: now() }),
  );
  // The person's other device: its own client group, its own poke stream.
  const reader = new SyncClient(server, owner);
  await reader.pull();
  const stream = await openPokeStream(server, owner);

  const started = performance.now();
  const first = newId("t");
  await writer.push(task(first, projectId, "Seen through nginx"));
  if (!(await stream.nextPoke(5000))) throw new Error("no poke reached the other device");
  await reader.pull();
  if (!has(reader, projectId, first)) throw new Error("the other device's pull lacks the change");
  console.log(
    `✓ a change reached another device through nginx in ${Math.round(performance.now() - started)} ms`,
  );

  // One instance drains while changes go on through the load balancer.
  const ids: string[] = [];
  const pushing = (async () => {
    for (let i = 0; i < 40; i++) {
      const id = newId("t");
      ids.push(id);
      await writer.push(task(id, projectId, `During the drain ${i}`));
      await sleep(25);
    }
  })();
  await sleep(200);
  await cluster.kill(0, "SIGTERM");
  await pushing;
  await cluster.restart(0);
  await reader.pull();
  const missing = ids.filter((id) => !has(reader, projectId, id));
  if (missing.length > 0)
    throw new Error(`${missing.length} changes made during the drain are missing`);
  console.log(
    `✓ ${ids.length} changes during one instance's drain and restart: all applied, none refused`,
  );
  stream.close();
}

function task(id: string, projectId: string, title: string) {
  return m("createTask", { id, projectId, title, createdAt: now() });
}

function has(client: SyncClient, projectId: string, id: string): boolean {
  return client.store.has(taskStoreKey(projectId, id));
}
