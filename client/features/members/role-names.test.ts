import { describe, expect, it } from "vitest";
import { roleName } from "./role-names.ts";

describe("roleName", () => {
  it("capitalises each role of the list", () => {
    expect(roleName("owner")).toBe("Owner");
    expect(roleName("admin,member")).toBe("Admin, Member");
  });
});
