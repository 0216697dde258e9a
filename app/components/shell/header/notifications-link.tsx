import { Link } from "react-router";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";

/**
 * The header's way to the notification list, with the unread count when the notification service gave one (none
 * when it did not: the link stays, the page is not held up). Its name is what it shows ("Notifications 2 unread",
 * the last word for screen readers only); on a phone the word is hidden from sight, not from them.
 */
export function NotificationsLink({ unread }: { unread: number | null }) {
  const { t } = useTranslation();
  return (
    <Link to="/notifications" className="page-header__notifications">
      <svg className="page-header__bell" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          d="M12 3a6 6 0 0 0-6 6v4l-2 3h16l-2-3V9a6 6 0 0 0-6-6Zm-2 15a2 2 0 0 0 4 0"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
      <span className="page-header__notifications-text">{t("notifications.header.short")}</span>
      {unread ? (
        <>
          {" "}
          <span className="page-header__count" data-testid="unread-count">
            {unread > 99 ? "99+" : unread}
          </span>
          <span className="visually-hidden"> {t("notifications.header.unread")}</span>
        </>
      ) : null}
    </Link>
  );
}
