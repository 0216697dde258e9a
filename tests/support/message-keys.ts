/**
 * The message keys a module graph can show, read from the source (no build):
 * every string literal that starts with a message group and a dot
 * ("myCompany.changes.hints.iban", a key or a key prefix handed to a helper),
 * and every template literal's opening text that does (`myCompany.changes.${kind}`).
 * What a group name alone builds (`${group}.title`) is not seen: the browser's
 * missing-key report (app/entry.client.tsx) catches that at run time.
 *
 * The graph follows static imports, re-exports and `import()` of the portal's
 * own modules (relative, #app/*, #contract/*), not type-only imports, nor the
 * server's modules (`*.server.ts`: they never reach the browser, and what they
 * translate they translate on the server).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

export const ROOT = path.resolve(import.meta.dirname, "../..");

/** The keys a module names itself: whole literals, and the opening texts of template literals. */
export type ModuleTexts = { literals: string[]; prefixes: string[]; imports: string[] };

const cache = new Map<string, ModuleTexts>();

function resolve(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith("#app/")) base = path.join(ROOT, "app", specifier.slice(5));
  else if (specifier.startsWith("#contract/")) base = path.join(ROOT, "contract", specifier.slice(10));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return undefined;
  base = base.replace(/\?.*$/, "");
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")])
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  return undefined;
}

/** What one file names: its string literals, its template literals' opening texts, and the modules it imports. */
export function moduleTexts(file: string): ModuleTexts {
  const known = cache.get(file);
  if (known) return known;
  const source = ts.createSourceFile(
    file,
    readFileSync(file, "utf8"),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const texts: ModuleTexts = { literals: [], prefixes: [], imports: [] };
  const imported = (specifier: ts.Expression | undefined) => {
    if (specifier && ts.isStringLiteralLike(specifier)) {
      const target = resolve(file, specifier.text);
      if (target) texts.imports.push(target);
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) {
      if (!node.importClause?.isTypeOnly) imported(node.moduleSpecifier);
      return;
    }
    if (ts.isExportDeclaration(node)) {
      if (!node.isTypeOnly) imported(node.moduleSpecifier);
      return;
    }
    if (ts.isImportTypeNode(node) || ts.isTypeAliasDeclaration(node) || ts.isInterfaceDeclaration(node)) return;
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) imported(node.arguments[0]);
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) texts.literals.push(node.text);
    else if (ts.isTemplateExpression(node)) texts.prefixes.push(node.head.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  cache.set(file, texts);
  return texts;
}

/** Every module `entry` reaches, itself first; the server's modules are left out. */
export function moduleGraph(entry: string): string[] {
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file) || /\.server\.tsx?$/.test(file)) return;
    seen.add(file);
    for (const next of moduleTexts(file).imports) walk(next);
  };
  walk(entry);
  return [...seen];
}

/**
 * The message groups a set of modules names, each with one key (or prefix) and
 * its module as the example a failure shows.
 */
export function groupsNamed(files: string[], groups: readonly string[]): Map<string, string> {
  const named = new Map<string, string>();
  const pattern = new RegExp(`^(${groups.join("|")})\\.`);
  for (const file of files) {
    const { literals, prefixes } = moduleTexts(file);
    for (const text of [...literals, ...prefixes]) {
      const group = pattern.exec(text)?.[1];
      if (group && !named.has(group)) named.set(group, `"${text}" in ${path.relative(ROOT, file)}`);
    }
  }
  return named;
}
