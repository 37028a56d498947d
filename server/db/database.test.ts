import { expect, it } from "vitest";
import { connectPostgres } from "./database.ts";

it("connects through the Unix socket of the folder a DATABASE_URL names in `host`, as libpq does", async () => {
  const sql = connectPostgres("postgres://tasks@localhost:5433/app?host=/run/postgresql");

  expect(sql.options.path).toBe("/run/postgresql/.s.PGSQL.5433");
  expect(sql.options.database).toBe("app");
  expect(sql.options.user).toBe("tasks");
  await sql.end();
});

it("connects over TCP to a URL without `host`, keeping its other parameters", async () => {
  const sql = connectPostgres("postgres://tasks@db.internal:6543/app?application_name=worker");

  expect(sql.options.path).toBe(false);
  expect(sql.options.host).toEqual(["db.internal"]);
  expect(sql.options.connection).toMatchObject({ application_name: "worker" });
  await sql.end();
});
