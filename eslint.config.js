import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

/** The client's floors, top first: each imports only from those after it (and shared/). */
const floors = ["app", "features", "components", "platform", "ui", "lib"];

/**
 * The server's floor, lowest first: `db/`, then `http/` and `mail/`, then `auth/`. Each may
 * import only the folders below it; every other folder (notifications, attachments, search…)
 * stands on them and never on `sync/`, the protocol, except presence, which rides the poke
 * stream, and export, which reads comments as a pull does. Tests may import anything.
 */
const serverFloors = { db: [], http: ["db"], mail: ["db", "http"], auth: ["db", "http", "mail"] };
const serverAreasBesideSync = ["presence", "export"];

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
  // Imports run one way (STYLE.md): app → features → components → platform → ui → lib →
  // shared. A feature imports no other feature; only the signed-in shell (features/dashboard)
  // composes them, as app/ does. Each floor imports nothing above it (floorRules below).
  {
    files: ["client/features/*/*.{ts,tsx}"],
    ignores: ["client/features/dashboard/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "^\\.\\./(?!\\.\\./)", message: featureMessage() },
            above("features"),
          ],
        },
      ],
    },
  },
  {
    files: ["client/features/dashboard/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [above("features")] }] },
  },
  {
    files: ["client/features/*/*/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "^\\.\\./\\.\\./(?!\\.\\./)", message: featureMessage() },
            above("features"),
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
  ...floorRules(),
  ...serverFloorRules(),
  {
    files: ["shared/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(\\.\\./)+(client|server)/",
              message: "shared/ is what client and server agree on: it imports neither.",
            },
          ],
        },
      ],
    },
  },
);

function featureMessage() {
  return "Features do not import each other (STYLE.md): move what two share to components/, platform/ or lib/.";
}

/**
 * A no-restricted-imports pattern against a relative import that climbs (`../`) into a floor
 * above `floor`. It reads the import as written, not where it resolves, so it needs no resolver;
 * no floor has a sub-folder named like a floor, which would confuse it.
 */
function above(floor) {
  const higher = floors.slice(0, floors.indexOf(floor));
  return {
    regex: `^(\\.\\./)+(${higher.join("|")})/`,
    message:
      `client/${floor}/ imports nothing from ${higher.map((name) => `${name}/`).join(", ")}: ` +
      `imports run one way, ${floors.join(" → ")} → shared (STYLE.md).`,
  };
}

function serverFloorRules() {
  const floorBlocks = Object.entries(serverFloors).map(([floor, below]) => ({
    files: [`server/${floor}/**/*.ts`],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: `^\\.\\./(?!(${[floor, ...below].join("|")})/)[a-z-]+/`,
              message:
                `server/${floor}/ is part of the floor the server stands on: it imports only ` +
                `${below.length ? below.map((name) => `${name}/`).join(", ") : "nothing of the server"}.`,
            },
          ],
        },
      ],
    },
  }));
  return [
    ...floorBlocks,
    {
      files: ["server/*/**/*.ts"],
      ignores: [
        "**/*.test.ts",
        "server/sync/**",
        "server/test/**",
        ...Object.keys(serverFloors).map((floor) => `server/${floor}/**`),
        ...serverAreasBesideSync.map((area) => `server/${area}/**`),
      ],
      rules: {
        "no-restricted-imports": [
          "error",
          {
            patterns: [
              {
                regex: "^(\\.\\./)+sync/",
                message:
                  "The server's areas stand on db/ and auth/, never on sync/ (the protocol): " +
                  "move what both need down to db/ or auth/.",
              },
            ],
          },
        ],
      },
    },
  ];
}

/** components/, platform/, ui/ and lib/: each against every floor above it. */
function floorRules() {
  return floors.slice(2).map((floor) => ({
    files: [`client/${floor}/**/*.{ts,tsx}`],
    rules: { "no-restricted-imports": ["error", { patterns: [above(floor)] }] },
  }));
}
