import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import boundaries from "eslint-plugin-boundaries";

/**
 * The floor order, held as folder zones (eslint-plugin-boundaries): each folder below is an
 * element, and an import is allowed only where a policy names it (STYLE.md, "The house").
 *
 * Client, top first: app (with the signed-in shell) → features → task-parts → platform → ui →
 * lib → shared. A feature imports no other feature: only app/ composes them.
 *
 * Server: db/ is the ground, then http/ and mail/, then auth/; each imports only those below
 * it (and the server's own root files, config and logger). Every other folder (notifications,
 * attachments, search…) stands on them and never on sync/, the protocol, except presence,
 * which rides the poke stream, and export, which reads comments as a pull does. Tests and the
 * test helpers may import anything.
 */
const clientFloors = ["app", "task-parts", "platform", "ui", "lib"];
const serverFloors = { db: [], http: ["db"], mail: ["db", "http"], auth: ["db", "http", "mail"] };
const serverAreasBesideSync = ["presence", "export"];

const elements = [
  { type: "feature", pattern: "client/features/*", capture: ["name"] },
  ...clientFloors.map((floor) => ({ type: floor, pattern: `client/${floor}` })),
  { type: "styles", pattern: "client/styles" },
  { type: "shared", pattern: "shared" },
  ...Object.keys(serverFloors).map((floor) => ({ type: floor, pattern: `server/${floor}` })),
  { type: "sync", pattern: "server/sync" },
  { type: "server-test", pattern: "server/test" },
  { type: "area", pattern: "server/*", capture: ["name"] },
];

/** `from` may import the element types `to` (and its own element, always). */
const allow = (from, to) => ({
  from: { element: { types: { anyOf: [from].flat() } } },
  allow: { to: { element: { types: { anyOf: to } } } },
});

export default tseslint.config(
  {
    ignores: [
      "node_modules",
      "dist",
      ".data",
      "test-results",
      "playwright-report",
      "bench-results",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    files: ["client/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    files: ["client/**/*.{ts,tsx}"],
    plugins: { boundaries },
    settings: { "boundaries/elements": elements },
    rules: {
      "boundaries/dependencies": [
        "error",
        {
          default: "disallow",
          message:
            "Imports run one way: app → features → task-parts → platform → ui → lib → shared, " +
            "and a feature imports no other feature (STYLE.md).",
          policies: [
            allow("app", ["app", "feature", ...clientFloors, "styles", "shared"]),
            {
              from: { element: { type: "feature" } },
              allow: {
                to: {
                  element: {
                    type: "feature",
                    captured: { name: "{{ from.element.captured.name }}" },
                  },
                },
              },
            },
            allow("feature", [...clientFloors.slice(1), "styles", "shared"]),
            allow("styles", ["ui", "lib", "shared"]),
            ...clientFloors
              .slice(1)
              .map((floor, index) =>
                allow(floor, [...clientFloors.slice(index + 1), "styles", "shared"]),
              ),
          ],
        },
      ],
    },
  },
  // One button: the design system's (client/ui/button.tsx). The old `button`, `button-primary`,
  // `button-danger`, `button-quiet` and `button-block` classes are gone; a link or a label that
  // looks like a button takes buttonProps() from the same file.
  {
    files: ["client/**/*.tsx"],
    ignores: ["client/ui/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...[
          "JSXAttribute[name.name='className'] Literal[value=/(^|\\s)button(\\s|$|-)/]",
          "JSXAttribute[name.name='className'] TemplateElement[value.raw=/(^|\\s)button(\\s|$|-)/]",
        ].map((selector) => ({
          selector,
          message:
            "Buttons come from client/ui/button.tsx: <Button variant size block>, or " +
            "buttonProps({ variant, size, block }) on a link or a label that looks like one.",
        })),
      ],
    },
  },
  serverFloorRules(),
);

/** The server's floor and areas, and shared/, which imports neither side. */
function serverFloorRules() {
  const floors = Object.keys(serverFloors);
  const areaPolicies = [
    ...Object.entries(serverFloors).map(([floor, below]) => allow(floor, [...below, "shared"])),
    allow(["sync", "server-test"], [...floors, "sync", "area", "shared"]),
    {
      from: { element: { type: "area" } },
      allow: {
        to: { element: { types: { anyOf: [...floors, "area", "shared"] } } },
      },
    },
    ...serverAreasBesideSync.map((name) => ({
      from: { element: { type: "area", captured: { name } } },
      allow: { to: { element: { type: "sync" } } },
    })),
    allow("shared", ["shared"]),
  ];
  return {
    files: ["server/**/*.ts", "shared/**/*.ts"],
    ignores: ["**/*.test.ts"],
    plugins: { boundaries },
    settings: { "boundaries/elements": elements },
    rules: {
      "boundaries/dependencies": [
        "error",
        {
          default: "disallow",
          message:
            "The server stands on db/, then http/ and mail/, then auth/ (each imports only those " +
            "below it); its areas stand on them and never on sync/, and shared/ imports neither " +
            "side (STYLE.md).",
          policies: areaPolicies,
        },
      ],
    },
  };
}
