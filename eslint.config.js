import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/**
 * Which way the imports point (docs/decisions/015-one-home-per-feature.md):
 * contract ← sandbox, contract ← app, app/features → app/shared, never back;
 * server/ and scripts/ reach the app through app/node-server.ts alone.
 * ESLint replaces a rule's options per matching block, so every block lists
 * all the patterns that hold for its files.
 */
const neverSandbox = { group: ["**/sandbox/**", "../sandbox/*"], message: "The portal never imports the sandbox: it only knows base addresses and keys." };
const contractOnlyZod = [
  {
    // libphonenumber-js is a rule of its own (the numbering plans), so the browser, the portal and the sandbox read numbers alike.
    regex: "^(?!zod$)(?!libphonenumber-js/min$)(?!\\.{1,2}/)",
    message: "contract/ is the bottom layer: it imports zod, libphonenumber-js/min and its own files, nothing else.",
  },
  {
    group: ["**/app/**", "**/sandbox/**", "**/server/**", "**/scripts/**"],
    message: "contract/ is the bottom layer: it imports zod and its own files, nothing else.",
  },
];
const sandboxOnlyContract = {
  group: ["~/**", "@contract/**", "**/app/**", "../server/**", "../scripts/**", "../server.ts"],
  message: "The sandbox imports the contract (../contract/…) and nothing of the portal.",
};
const sharedNoFeature = {
  group: ["~/features/**", "**/features/**", "~/root", "~/routes"],
  message: "app/shared holds building blocks that several features use: it imports no feature.",
};
const appThroughOneEntry = {
  group: ["**/app/**", "!**/app/node-server.ts"],
  message: "The Node server and the scripts reach the app through app/node-server.ts only.",
};
const oneTranslationHook = {
  group: ["react-i18next"],
  importNames: ["useTranslation"],
  message: "Components take their texts from ~/shared/i18n/use-translation (one t per instance; the language changes by reloading the page).",
};
const restrict = (...patterns) => ["error", { patterns }];

export default tseslint.config(
  {
    ignores: [
      "build/**",
      ".react-router/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      "sandbox/data/**",
      "bench/bare-app/build/**",
      "bench/bare-app/.react-router/**",
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-restricted-imports": restrict(neverSandbox, oneTranslationHook),
    },
  },
  { files: ["app/shared/**"], rules: { "no-restricted-imports": restrict(neverSandbox, sharedNoFeature, oneTranslationHook) } },
  { files: ["contract/**"], rules: { "no-restricted-imports": restrict(...contractOnlyZod) } },
  { files: ["sandbox/**"], rules: { "no-restricted-imports": restrict(sandboxOnlyContract) } },
  { files: ["server.ts", "server/**", "scripts/**"], rules: { "no-restricted-imports": restrict(neverSandbox, appThroughOneEntry) } },
  {
    // The start script runs the sandbox beside the portal; tests and benchmarks drive both.
    files: ["scripts/**"],
    rules: { "no-restricted-imports": restrict(appThroughOneEntry) },
  },
  { files: ["tests/**", "e2e/**", "bench/**"], rules: { "no-restricted-imports": "off" } },
);
