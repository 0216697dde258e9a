import { useTranslation } from "~/shared/i18n/use-translation";
import { supportedLanguages } from "~/shared/i18n/languages";
import { flattenKeys, messages, type Messages } from "~/locales/resources";
import { authorize } from "~/features/shell/authorize.server";
import { devPagesEnabled } from "~/features/shell/dev/dev-pages.server";
import type { Route } from "./+types/dev-translations";
import { DataTable } from "~/shared/ui/data-table";

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
export default function DevTranslations({ loaderData }: Route.ComponentProps) {
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
