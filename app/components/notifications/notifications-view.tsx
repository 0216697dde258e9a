import { useForm } from "@conform-to/react";
import { formatDay } from "#app/lib/calendar-day.ts";
import { Form, Link, useFetcher, useNavigation } from "react-router";
import type { EmailPreferences } from "#contract/notifications.ts";
import { preferenceKinds } from "#contract/notification-kinds.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { valuesOnly } from "#app/lib/i18n/templates.ts";
import { formatMoment } from "#app/lib/intl-formats.ts";
import { pageHref } from "#app/lib/notifications/notifications-page.ts";
import { readFormProps } from "#app/components/ui/field-reading.tsx";
import type { NotificationEntry, NotificationsData, PreferencesAnswer } from "#app/services/notifications/notifications.server.ts";
import "./notifications.css";

/** The notification list (newest first, each with where to act and its own "mark as read") and the e-mail settings. */
export function NotificationsView({ data, lastResult }: { data: NotificationsData; lastResult: PreferencesAnswer | undefined }) {
  const { t } = useTranslation();
  const list = data.list;
  return (
    <div className="notifications-page">
      <h1>{t("notifications.title")}</h1>
      <p className="notifications-page__lead">{t("notifications.lead")}</p>
      <section aria-labelledby="notifications-list-title">
        <div className="notifications-page__bar">
          <h2 id="notifications-list-title">{t("notifications.list.title")}</h2>
          {list && list.unread > 0 ? (
            <>
              <span className="notifications-page__unread">{t("notifications.list.unreadCount", { count: list.unread })}</span>
              <Form method="post" className="notifications-page__all">
                <input type="hidden" name="intent" value="read-all" />
                <input type="hidden" name="page" value={list.page} />
                <button type="submit" className="button button--secondary">
                  {t("notifications.list.markAllRead")}
                </button>
              </Form>
            </>
          ) : null}
        </div>
        {list === null ? (
          <p className="notice notice--error" role="alert">
            {t("notifications.list.failed")}
          </p>
        ) : list.items.length === 0 ? (
          <p>{t("notifications.list.empty")}</p>
        ) : (
          <>
            <ol className="notification-list">
              {list.items.map((item) => (
                <NotificationItem key={item.id} item={item} page={list.page} />
              ))}
            </ol>
            <Pages page={list.page} pages={list.pages} />
          </>
        )}
      </section>
      <EmailSettings preferences={data.preferences} lastResult={lastResult} />
    </div>
  );
}

function useNotificationText() {
  const { t, i18n } = useTranslation();
  return (item: NotificationEntry) => {
    const change = typeof item.params.change === "string" ? t(`notifications.changes.${item.params.change}`, { defaultValue: item.params.change }) : "";
    // An obligation coming due: what it is and its day, in the reader's words and format.
    const { subject, dueDate } = item.params;
    const obligation =
      item.kind === "REQUIREMENT_DUE"
        ? {
            requirement: typeof subject === "string" ? t(`obligations.subjects.${subject}`, { defaultValue: subject }) : String(item.params.requirement ?? ""),
            dueDate: typeof dueDate === "string" ? formatDay(i18n.language, dueDate) : "",
          }
        : {};
    return t(`notifications.kinds.${item.kind}`, { ...valuesOnly(item.params), change, ...obligation });
  };
}

function NotificationItem({ item, page }: { item: NotificationEntry; page: number }) {
  const { t, i18n } = useTranslation();
  const text = useNotificationText()(item);
  // With JavaScript the entry is marked read in place (the list and the header's count reload); without, a plain POST.
  const fetcher = useFetcher();
  const shownUnread = item.readAt === null && fetcher.formData === undefined;
  return (
    <li className={`notification${shownUnread ? " notification--unread" : ""}`} data-kind={item.kind}>
      <p className="notification__meta">
        <span className="notification__state">{shownUnread ? t("notifications.list.unread") : t("notifications.list.read")}</span>
        <time dateTime={item.createdAt}>{formatMoment(i18n.language, item.createdAt)}</time>
      </p>
      <p className="notification__text">{text}</p>
      {item.email === "FAILED" ? <p className="notification__note">{t("notifications.list.emailFailed")}</p> : null}
      <div className="notification__actions">
        {item.target ? (
          <Link to={item.target} className="button button--primary">
            {t("notifications.list.open")}
            <span className="visually-hidden">{`: ${text}`}</span>
          </Link>
        ) : null}
        {shownUnread ? (
          <fetcher.Form method="post" className="notification__read">
            <input type="hidden" name="intent" value="read" />
            <input type="hidden" name="id" value={item.id} />
            <input type="hidden" name="page" value={page} />
            <button type="submit" className="button button--secondary">
              {t("notifications.list.markRead")}
              <span className="visually-hidden">{`: ${text}`}</span>
            </button>
          </fetcher.Form>
        ) : null}
      </div>
    </li>
  );
}

function Pages({ page, pages }: { page: number; pages: number }) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav className="notifications-page__pages" aria-label={t("notifications.list.pages")}>
      {page > 1 ? <Link to={pageHref(page - 1)}>{t("notifications.list.previous")}</Link> : null}
      <span>{t("notifications.list.pageOf", { page, pages })}</span>
      {page < pages ? <Link to={pageHref(page + 1)}>{t("notifications.list.next")}</Link> : null}
    </nav>
  );
}

function EmailSettings({ preferences, lastResult }: { preferences: EmailPreferences | null; lastResult: PreferencesAnswer | undefined }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "preferences";
  // Checkboxes the browser cannot get wrong: the server's answer (lastResult) is the one check.
  const [form] = useForm({ id: "email-settings", lastResult });
  return (
    <section aria-labelledby="email-settings-title" className="notifications-page__email">
      <h2 id="email-settings-title">{t("notifications.email.title")}</h2>
      {preferences === null ? (
        <p className="notice notice--error" role="alert">
          {t("notifications.email.unavailable")}
        </p>
      ) : (
        <Form method="post" {...readFormProps(form)}>
          <input type="hidden" name="intent" value="preferences" />
          <p>{t("notifications.email.lead")}</p>
          <fieldset className="notifications-page__kinds">
            <legend>{t("notifications.email.legend")}</legend>
            {preferenceKinds.map((kind) => (
              <div className="field field--checkbox" key={kind}>
                <input type="checkbox" className="field__checkbox" id={`email-${kind}`} name={kind} defaultChecked={preferences.email[kind]} />
                <label htmlFor={`email-${kind}`}>{t(`notifications.email.kinds.${kind}`)}</label>
              </div>
            ))}
          </fieldset>
          <button type="submit" className="button button--primary" disabled={submitting} aria-busy={submitting || undefined}>
            {submitting ? t("notifications.email.saving") : t("notifications.email.save")}
          </button>
        </Form>
      )}
    </section>
  );
}
