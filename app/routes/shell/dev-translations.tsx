import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { supportedLanguages } from "#app/lib/i18n/languages.ts";
import { flattenKeys, messages, type Messages } from "#app/locales/resources.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { devPagesEnabled } from "#app/services/shell/dev-pages.server.ts";
import type { Route } from "./+types/dev-translations";
import { DataTable } from "#app/components/ui/data-table.tsx";
import { routeComponent } from "#app/lib/route-component.ts";

function lookup(tree: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = tree;
  for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
  return typeof node === "string" ? node : undefined;
}

export const middleware = [authorize({ rule: "anySignedIn", validate: devPagesEnabled })];

export function loader() {
  const keys = [...new Set(supportedLanguages.flatMap((language) => flattenKeys(messages[language])))].sort();
  const rows = keys.map((key) => ({
    key,
    values: supportedLanguages.map((language) => lookup(messages[language], key) ?? null),
  }));
  return { languages: supportedLanguages, rows, missing: rows.filter((row) => row.values.includes(null)).length };
}

/** Every key, en and de side by side; missing ones marked. */
function DevTranslations({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { languages, rows, missing } = loaderData;
  return (
    <>
      <h1>{t("dev.translations.title")}</h1>
      <p role="status">{t("dev.translations.summary", { count: rows.length, missing })}</p>
      <DataTable
        label={t("dev.translations.title")}
        caption={<caption className="visually-hidden">{t("dev.translations.title")}</caption>}
        columns={[t("dev.translations.key"), ...languages]}
      >
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">
              <code>{row.key}</code>
            </th>
            {row.values.map((value, index) =>
              value === null ? (
                <td key={languages[index]} className="table__missing">
                  {t("dev.translations.missing")}
                </td>
              ) : (
                <td key={languages[index]} lang={languages[index]}>
                  {value}
                </td>
              ),
            )}
          </tr>
        ))}
      </DataTable>
    </>
  );
}

export default routeComponent(DevTranslations);
