import { describe, expect, it } from "vitest";
import { describeInvalidArguments } from "./invalid-arguments.ts";
import { mutatorArgs } from "../../../shared/mutators/mutators.ts";

const at = "2030-01-01T00:00:00.000Z";

/** The sentence for arguments the named mutator's schema refuses. */
function sentence(name: keyof typeof mutatorArgs, args: unknown): string {
  const parsed = mutatorArgs[name].safeParse(args, { reportInput: true });
  if (parsed.success) throw new Error(`${name} accepted ${JSON.stringify(args)}`);
  return describeInvalidArguments(parsed.error);
}

describe("a refusal for invalid values reads as a sentence", () => {
  it("a title too long", () => {
    expect(sentence("updateTask", { id: "t1", title: "x".repeat(501), updatedAt: at })).toBe(
      "The change had invalid values: the title is too long.",
    );
  });

  it("an empty name, a missing field and a value outside the list, together", () => {
    expect(
      sentence("createLabel", { id: "l1", workspaceId: "w1", name: "  ", color: "plaid" }),
    ).toBe(
      "The change had invalid values: the name is empty, the colour is not one of the allowed values and the time of creation is missing.",
    );
  });

  it("a wrong type, a malformed date and a malformed id", () => {
    expect(
      sentence("updateTask", { id: "not an id!", title: 5, dueDate: "soon", updatedAt: at }),
    ).toBe(
      "The change had invalid values: the id is not in the expected form, the title has the wrong type and the due date is not a valid date.",
    );
  });

  it("too many labels, and arguments that are not an object at all", () => {
    const labelIds = Array.from({ length: 51 }, (_, index) => `l${index}`);
    expect(sentence("updateTask", { id: "t1", labelIds, updatedAt: at })).toBe(
      "The change had invalid values: the labels has too many entries.",
    );
    expect(sentence("deleteTask", "t1")).toBe(
      "The change had invalid values: the change as a whole has the wrong type.",
    );
  });

  it("never carries zod's own message or JSON", () => {
    const text = sentence("createTask", { id: 1, projectId: null, title: "", position: "??" });
    expect(text).toMatch(/^The change had invalid values: [^{}[\]"]+\.$/);
  });
});
