import { makeIDBName } from "replicache";
import { expect, test } from "vitest";
import { SCHEMA_VERSION } from "../../../shared/schema-version.ts";
import { storeDatabaseName, storeName } from "./store-database.ts";

test("the database warmed before Replicache loads is the one Replicache opens", () => {
  const userId = "74e517cb-5fb0-45d0-b5fd-80ba474e0216";
  expect(storeDatabaseName(userId)).toBe(makeIDBName(storeName(userId), SCHEMA_VERSION));
});
