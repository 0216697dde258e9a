import { useTranslation } from "#app/lib/i18n/use-translation.ts";

export type FooterLinks = { imprint: string; privacy: string; help: string };

/** The marketplace's legal and help pages, under every page (the root layout renders it). */
export function PageFooter({ links }: { links: FooterLinks }) {
  const { t } = useTranslation();
  return (
    <footer className="page-footer">
      <nav aria-label={t("footer.label")}>
        <ul className="page-footer__links">
          <li>
            <a href={links.imprint}>{t("footer.imprint")}</a>
          </li>
          <li>
            <a href={links.privacy}>{t("footer.privacy")}</a>
          </li>
          <li>
            <a href={links.help}>{t("footer.help")}</a>
          </li>
        </ul>
      </nav>
    </footer>
  );
}
