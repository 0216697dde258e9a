import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/**
 * Which way the imports point (docs/decisions/015-one-home-per-feature.md):
 * contract ← sandbox, contract ← app; inside app/, routes → services,
 * components and lib; components → lib (a service's or a route's types
 * only); services → lib (never a route); lib → lib. The product areas
 * depend on each other one way (AREAS_BELOW), and the shared building
 * blocks (every folder that is not an area) on no area. server/ and
 * scripts/ reach the app through app/node-server.ts alone. ESLint replaces
 * a rule's options per matching block, so every block lists all the
 * patterns that hold for its files.
 */
const LAYERS = ["routes", "services", "components", "lib"];
/** What each area may import of the others: an area never imports one that is not listed. */
const AREAS_BELOW = {
  shell: [],
  catalogue: ["shell"],
  onboarding: ["shell", "catalogue"],
  home: ["shell", "catalogue", "onboarding"],
  staff: ["shell", "catalogue", "onboarding"],
};
const AREAS = Object.keys(AREAS_BELOW);

const neverSandbox = { regex: "(^|/)sandbox/", message: "The portal never imports the sandbox: it only knows base addresses and keys." };
const oneImportStyle = {
  regex: "^(~/|@contract/|\\.\\./)",
  message: "Import by #app/… or #contract/… (package.json imports); a relative path stays within its own folder (./…).",
};
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
  regex: "^(#app/|~/|@contract/)|^(\\.\\./)+(app|server|scripts)/|^(\\.\\./)+server\\.ts$",
  message: "The sandbox imports the contract (#contract/…) and nothing of the portal.",
};
const appThroughOneEntry = {
  regex: "(^#app/|(^|/)app/)(?!node-server\\.ts$)",
  message: "The Node server and the scripts reach the app through app/node-server.ts only.",
};
/** The browser reads its texts without i18next (docs/decisions/040-…): only the server's modules import it at run time. */
const browserWithoutI18next = {
  group: ["i18next", "react-i18next", "remix-i18next"],
  allowTypeImports: true,
  message:
    "Only the server's modules (*.server.ts, entry.server.tsx) use i18next: components take their texts from #app/lib/i18n/use-translation.ts (ADR 040).",
};
const layerRules = {
  routes: [],
  services: [
    { regex: "^#app/routes/", message: "A service never imports a route module." },
    { regex: "^#app/components/", allowTypeImports: true, message: "A service imports no component (a type at most)." },
  ],
  components: [
    {
      regex: "^#app/(services|routes)/|\\.server(\\.tsx?)?$",
      allowTypeImports: true,
      message: "A component imports no service or route (the data's type at most): the browser runs it.",
    },
  ],
  lib: [
    {
      regex: "^#app/(services|routes|components)/|\\.server(\\.tsx?)?$",
      allowTypeImports: true,
      message: "app/lib holds pure modules both sides use: it imports lib and the contract only.",
    },
  ],
};
/** An area's files may not import an area that is not below it; a shared building block imports no area. */
function areaRule(area) {
  const refused = AREAS.filter((other) => other !== area && !(area && AREAS_BELOW[area].includes(other)));
  if (refused.length === 0) return [];
  return [
    {
      regex: `^#app/(${LAYERS.join("|")})/(${refused.join("|")})/`,
      message: area
        ? `The ${area} area imports only ${AREAS_BELOW[area].join(", ") || "no other area"} and the shared building blocks (eslint.config.js, AREAS_BELOW).`
        : "A shared building block imports no product area.",
    },
  ];
}
const appBase = [neverSandbox, oneImportStyle];
const restrict = (...patterns) => ["error", { patterns }];
/** One block for each layer and area (and the layer's shared folders), then the app's root files. */
const appBlocks = LAYERS.flatMap((layer) => [
  ...AREAS.map((area) => ({
    files: [`app/${layer}/${area}/**`],
    rules: { "no-restricted-imports": restrict(...appBase, ...layerRules[layer], ...areaRule(area)) },
  })),
  {
    files: [`app/${layer}/**`],
    ignores: AREAS.map((area) => `app/${layer}/${area}/**`),
    rules: { "no-restricted-imports": restrict(...appBase, ...layerRules[layer], ...(layer === "routes" ? [] : areaRule(undefined))) },
  },
]);

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
    // React runs in app/ and in the component tests only. The hooks plugin's compiler rules analyse every function of a
    // file they see (about four fifths of the lint's time when they saw the sandbox, tests and benchmarks too).
    files: ["app/**/*.{ts,tsx}", "tests/components/**/*.{ts,tsx}", "bench/bare-app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ["**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-restricted-imports": restrict(neverSandbox),
    },
  },
  { files: ["app/*.{ts,tsx}"], rules: { "no-restricted-imports": restrict(...appBase) } },
  ...appBlocks,
  {
    // A rule of its own beside the layers' (ESLint replaces a rule's options per block), for it spares the server's files.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.{ts,tsx}", "app/entry.server.tsx"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [browserWithoutI18next] }] },
  },
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
