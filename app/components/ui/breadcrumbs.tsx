import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Link, useMatches } from "react-router";

/** A route opts in with `handle.breadcrumb`; a route without one adds no crumb, and none at all clears the trail. */
export type BreadcrumbHandle = {
  /** The crumb's text key. */
  breadcrumb?: { labelKey: string };
};

export function Breadcrumbs() {
  const { t } = useTranslation();
  const crumbs = useMatches().flatMap((match) => {
    const crumb = (match.handle as BreadcrumbHandle | undefined)?.breadcrumb;
    return crumb ? [{ to: match.pathname, label: t(crumb.labelKey) }] : [];
  });
  if (crumbs.length === 0) return null;
  return (
    <nav aria-label={t("layout.breadcrumbs")} className="breadcrumbs">
      <ol>
        {crumbs.map((crumb, index) => (
          <li key={crumb.to}>{index === crumbs.length - 1 ? <span aria-current="page">{crumb.label}</span> : <Link to={crumb.to}>{crumb.label}</Link>}</li>
        ))}
      </ol>
    </nav>
  );
}
