import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/**", ".react-router/**", "node_modules/**", "test-results/**", "playwright-report/**", "sandbox/data/**", "bench/bare-app/build/**", "bench/bare-app/.react-router/**"] },
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/sandbox/**", "../sandbox/*"], message: "The portal never imports the sandbox: it only knows base addresses and keys." }] },
      ],
    },
  },
  {
    // The sandbox, scripts and tests may use the sandbox.
    files: ["sandbox/**", "scripts/**", "tests/**", "e2e/**", "bench/**"],
    rules: { "no-restricted-imports": "off" },
  },
);
