import { randomUUID } from "node:crypto";
import nodemailer from "nodemailer";
import {
  EmailPreferences,
  Notification,
  NotificationPage,
  preferenceKinds,
  type EmailStatus,
  type NotificationKind,
  type NotificationParams,
  type PreferenceKind,
} from "#contract/notifications.ts";
import type { LanguageCode } from "#contract/upstream.ts";
import type { Database } from "./db.ts";
import { renderMail } from "./notification-templates.ts";
import type { UserRow } from "./repository.ts";

/**
 * The notification service (contract/notifications.ts): the marketplace's
 * services tell it of an event with one call (`notify`), and it records a
 * notification for each user the event concerns, then writes each of them the
 * e-mail from its templates, in their language, if their preferences want
 * one, and sends it with nodemailer over SMTP (the sandbox's own SMTP server,
 * sandbox/mail-server.ts). The notification is stored before any e-mail is
 * tried: a failed sending leaves it in the list, with `email: FAILED`.
 */

/** Who an event concerns. */
export type Audience =
  /** The seller's administrators: the events they act on. */
  | { sellerAdministrators: string }
  /** Every user of the seller, viewers too. */
  | { sellerUsers: string }
  /** The marketplace's catalogue team. */
  | { catalogueTeam: true };

export type NotificationEvent = {
  kind: Exclude<NotificationKind, "INVITATION">;
  to: Audience;
  params: NotificationParams;
  /** Where in the portal the user acts on it: a path, `/…`. */
  link: string;
};

/** An invitation: only an e-mail, to an address without an account yet. */
export type InvitationMail = { email: string; language: LanguageCode; params: NotificationParams; link: string };

/** How the service sends its e-mails: set by the running sandbox; without one (a bare database in a test), nothing is sent. */
export type Mailer = {
  /** The portal's address, for the links back. */
  portalUrl: string;
  send(message: { to: string; subject: string; text: string; html: string }): Promise<void>;
};

const mailers = new WeakMap<Database, Mailer>();
/** The e-mails on their way, per database: a reset waits for them, so that none lands in the mailbox after it. */
const inFlight = new WeakMap<Database, Set<Promise<unknown>>>();

function track(db: Database, work: Promise<unknown>): void {
  let set = inFlight.get(db);
  if (!set) inFlight.set(db, (set = new Set()));
  set.add(work);
  void work.finally(() => set.delete(work));
}

/** Resolves once every e-mail sent so far has arrived or failed. */
export async function settleDeliveries(db: Database): Promise<void> {
  await Promise.allSettled([...(inFlight.get(db) ?? [])]);
}

/** The mailer sending over SMTP to `host:port` (no TLS, no authentication: the sandbox's own server on loopback). */
export function smtpMailer(options: { host: string; port: number; portalUrl: string }): Mailer & { close(): void } {
  const transport = nodemailer.createTransport({
    host: options.host,
    port: options.port,
    secure: false,
    ignoreTLS: true,
    connectionTimeout: 5000,
    greetingTimeout: 5000,
    socketTimeout: 10_000,
  });
  return {
    portalUrl: options.portalUrl,
    async send(message) {
      await transport.sendMail({
        from: { name: "Marketplace Seller Portal", address: "no-reply@marketplace.example" },
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        // Never a header from the message's data but these: nodemailer encodes each value and refuses line breaks.
        disableFileAccess: true,
        disableUrlAccess: true,
      });
    },
    close: () => transport.close(),
  };
}

export function setMailer(db: Database, mailer: Mailer | undefined): void {
  if (mailer) mailers.set(db, mailer);
  else mailers.delete(db);
}

type NotificationRow = {
  id: string;
  user_id: string;
  kind: NotificationKind;
  params: string;
  link: string;
  created_at: string;
  read_at: string | null;
  email: EmailStatus;
};

function recipients(db: Database, to: Audience): UserRow[] {
  if ("sellerAdministrators" in to) {
    return db
      .prepare("SELECT * FROM users WHERE seller_id = ? AND role = 'SELLER_ADMINISTRATOR' ORDER BY created_at, id")
      .all(to.sellerAdministrators) as UserRow[];
  }
  if ("sellerUsers" in to) return db.prepare("SELECT * FROM users WHERE seller_id = ? ORDER BY created_at, id").all(to.sellerUsers) as UserRow[];
  return db.prepare("SELECT * FROM users WHERE role = 'TOM_TEAM_MEMBER' ORDER BY created_at, id").all() as UserRow[];
}

export function emailWanted(db: Database, userId: string, kind: PreferenceKind): boolean {
  const row = db.prepare("SELECT email FROM notification_preferences WHERE user_id = ? AND kind = ?").get(userId, kind) as { email: number } | undefined;
  return row ? row.email === 1 : true;
}

function languageOf(user: UserRow): LanguageCode {
  return user.language_code === "de" ? "de" : "en";
}

/**
 * Records the event for everyone it concerns and sends their e-mails (after the notifications are stored; the answer
 * does not wait for them). Answers the ids recorded.
 */
export function notify(db: Database, event: NotificationEvent, now = new Date()): string[] {
  const users = recipients(db, event.to);
  const mailer = mailers.get(db);
  const recorded = users.map((user) => {
    const wanted = emailWanted(db, user.id, event.kind);
    const row: NotificationRow = {
      id: `notification-${randomUUID()}`,
      user_id: user.id,
      kind: event.kind,
      params: JSON.stringify(event.params),
      link: event.link,
      created_at: now.toISOString(),
      read_at: null,
      email: wanted ? (mailer ? "PENDING" : "FAILED") : "OFF",
    };
    db.prepare("INSERT INTO notifications (id, user_id, kind, params, link, created_at, read_at, email) VALUES (?, ?, ?, ?, ?, ?, ?, ?)").run(
      row.id,
      row.user_id,
      row.kind,
      row.params,
      row.link,
      row.created_at,
      row.read_at,
      row.email,
    );
    return { row, user };
  });
  if (mailer) {
    for (const { row, user } of recorded) {
      if (row.email !== "PENDING") continue;
      const mail = renderMail(event.kind, languageOf(user), event.params, portalLink(mailer, event.link));
      track(
        db,
        deliver(mailer, { to: user.email, ...mail }).then((status) => {
          try {
            db.prepare("UPDATE notifications SET email = ? WHERE id = ?").run(status, row.id);
          } catch {
            // The sandbox closed its database meanwhile.
          }
        }),
      );
    }
  }
  return recorded.map(({ row }) => row.id);
}

/** The invitation's e-mail, with the registration link: sent whatever anyone's preferences (there is no account yet). */
export function sendInvitationMail(db: Database, invitation: InvitationMail): void {
  const mailer = mailers.get(db);
  if (!mailer) return;
  const mail = renderMail("INVITATION", invitation.language, invitation.params, portalLink(mailer, invitation.link));
  track(db, deliver(mailer, { to: invitation.email, ...mail }));
}

function portalLink(mailer: Mailer, path: string): string {
  return new URL(path, `${mailer.portalUrl}/`).toString();
}

async function deliver(mailer: Mailer, message: { to: string; subject: string; text: string; html: string }): Promise<EmailStatus> {
  try {
    await mailer.send(message);
    return "SENT";
  } catch (error) {
    console.error(`[sandbox] notification e-mail to ${message.to} not sent: ${(error as Error).message}`);
    return "FAILED";
  }
}

function toNotification(row: NotificationRow): Notification {
  return Notification.parse({
    id: row.id,
    kind: row.kind,
    createdAt: row.created_at,
    readAt: row.read_at,
    params: JSON.parse(row.params) as unknown,
    link: row.link,
    email: row.email,
  });
}

export function unreadCount(db: Database, userId: string): number {
  return (db.prepare("SELECT count(*) AS n FROM notifications WHERE user_id = ? AND read_at IS NULL").get(userId) as { n: number }).n;
}

export function listNotifications(db: Database, userId: string, page: number, size: number): NotificationPage {
  const rows = db
    .prepare("SELECT * FROM notifications WHERE user_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?")
    .all(userId, size, (page - 1) * size) as NotificationRow[];
  const total = (db.prepare("SELECT count(*) AS n FROM notifications WHERE user_id = ?").get(userId) as { n: number }).n;
  return NotificationPage.parse({ items: rows.map(toNotification), page, size, total, unread: unreadCount(db, userId) });
}

/** Marks one of the user's notifications read (again: it keeps its first time); undefined when the user has none of that id. */
export function markRead(db: Database, userId: string, id: string, now = new Date()): Notification | undefined {
  db.prepare("UPDATE notifications SET read_at = coalesce(read_at, ?) WHERE id = ? AND user_id = ?").run(now.toISOString(), id, userId);
  const row = db.prepare("SELECT * FROM notifications WHERE id = ? AND user_id = ?").get(id, userId) as NotificationRow | undefined;
  return row ? toNotification(row) : undefined;
}

export function markAllRead(db: Database, userId: string, now = new Date()): void {
  db.prepare("UPDATE notifications SET read_at = ? WHERE user_id = ? AND read_at IS NULL").run(now.toISOString(), userId);
}

export function preferencesOf(db: Database, userId: string): EmailPreferences {
  return EmailPreferences.parse({ email: Object.fromEntries(preferenceKinds.map((kind) => [kind, emailWanted(db, userId, kind)])) });
}

export function savePreferences(db: Database, userId: string, preferences: EmailPreferences): EmailPreferences {
  db.exec("BEGIN");
  try {
    for (const kind of preferenceKinds) {
      db.prepare(
        "INSERT INTO notification_preferences (user_id, kind, email) VALUES (?, ?, ?) ON CONFLICT(user_id, kind) DO UPDATE SET email = excluded.email",
      ).run(userId, kind, preferences.email[kind] ? 1 : 0);
    }
    db.exec("COMMIT");
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
  return preferencesOf(db, userId);
}

/**
 * The demo's notifications: the active seller's administrator was told long ago that the shop is live (read), and the
 * catalogue team that a seller handed over (unread), so that the list and the header's count have something to show.
 * Written as stored, nothing sent.
 */
export function seedNotifications(db: Database, now = new Date()): void {
  const insert = db.prepare("INSERT INTO notifications (id, user_id, kind, params, link, created_at, read_at, email) VALUES (?, ?, ?, ?, ?, ?, ?, 'SENT')");
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
  insert.run(
    "notification-seed-seller-active",
    "user-seller-active",
    "SELLER_ACTIVE",
    JSON.stringify({ sellerName: "Nordlicht Living GmbH" }),
    "/home/overview",
    daysAgo(60),
    daysAgo(59),
  );
  insert.run(
    "notification-seed-hand-over",
    "user-tom",
    "HAND_OVER_RECEIVED",
    JSON.stringify({ sellerName: "Sonnenhof Gartenbedarf GmbH" }),
    "/product-catalogue-integration?sellerId=seller-submitted",
    daysAgo(2),
    null,
  );
}
