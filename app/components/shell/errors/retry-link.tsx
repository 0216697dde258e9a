import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Link, useLocation } from "react-router";

/** "Try again" on an error view inside a page: the same address, as a full document load (the failed load may have left the client's state half-loaded). */
export function RetryLink({ className }: { className?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Link to={location.pathname + location.search} reloadDocument className={className}>
      {t("errors.ways.retry")}
    </Link>
  );
}
