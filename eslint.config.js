import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

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
  // Imports flow one way (STYLE.md): app → features → the floor (platform, components, ui, lib).
  // A feature imports no other feature; only the signed-in shell (features/dashboard) composes
  // them, as app/ does.
  {
    files: ["client/features/*/*.{ts,tsx}"],
    ignores: ["client/features/dashboard/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^\\.\\./(?!\\.\\./)", message: featureMessage() }] },
      ],
    },
  },
  {
    files: ["client/features/*/*/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^\\.\\./\\.\\./(?!\\.\\./)", message: featureMessage() }] },
      ],
    },
  },
  {
    files: ["client/{platform,components,ui,lib}/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [{ regex: "/features/", message: "The floor imports no feature (STYLE.md)." }],
        },
      ],
    },
  },
);

function featureMessage() {
  return "Features do not import each other (STYLE.md): move what two share to components/, platform/ or lib/.";
}
