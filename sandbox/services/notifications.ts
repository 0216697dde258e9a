import express from "express";
import { EmailPreferences, NotificationPageQuery, UnreadCount } from "#contract/notifications.ts";
import type { SandboxContext } from "../context.ts";
import { sendError } from "../http/errors.ts";
import { signedInUser } from "../http/service-guard.ts";
import { listNotifications, markAllRead, markRead, preferencesOf, savePreferences, unreadCount } from "../notifications.ts";

/**
 * The notification service (contract/notifications.ts): the signed-in user's own notifications and e-mail
 * preferences. A staff member acting as a seller is still themselves here: their own list, never the seller's users'.
 */
export function notificationService(context: SandboxContext): express.Router {
  const { db } = context;
  const router = express.Router();
  router.use(express.json({ limit: "10kb" }));

  router.get("/me/notifications", (req, res) => {
    const query = NotificationPageQuery.safeParse(req.query);
    if (!query.success) {
      sendError(res, 400, "Expected page ≥ 1 and size 1–100", "VALIDATION_ERROR", {
        errors: query.error.issues.map((issue) => ({ fieldName: String(issue.path[0] ?? ""), errorMessage: issue.message })),
      });
      return;
    }
    res.json(listNotifications(db, signedInUser(res).id, query.data.page, query.data.size));
  });

  router.get("/me/notifications/unread-count", (_req, res) => {
    res.json(UnreadCount.parse({ unread: unreadCount(db, signedInUser(res).id) }));
  });

  router.post("/me/notifications/read-all", (_req, res) => {
    const user = signedInUser(res);
    markAllRead(db, user.id);
    res.json(UnreadCount.parse({ unread: unreadCount(db, user.id) }));
  });

  router.post("/me/notifications/:notificationId/read", (req, res) => {
    const notification = markRead(db, signedInUser(res).id, req.params.notificationId);
    if (!notification) return sendError(res, 404, `No notification ${req.params.notificationId}`, "NOTIFICATION_NOT_FOUND");
    res.json(notification);
  });

  router.get("/me/notification-preferences", (_req, res) => {
    res.json(preferencesOf(db, signedInUser(res).id));
  });

  router.put("/me/notification-preferences", (req, res) => {
    const parsed = EmailPreferences.safeParse(req.body);
    if (!parsed.success) {
      sendError(res, 400, "Expected { email: { <kind>: boolean } } with every kind", "VALIDATION_ERROR", {
        errors: parsed.error.issues.map((issue) => ({ fieldName: issue.path.map(String).join("."), errorMessage: issue.message })),
      });
      return;
    }
    res.json(savePreferences(db, signedInUser(res).id, parsed.data));
  });

  return router;
}
