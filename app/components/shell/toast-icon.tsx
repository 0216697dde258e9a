/**
 * react-toastify's icon of a toast's kind, in a module of its own: the server
 * render imports it (entry.server.tsx), the browser loads it with the rest of
 * react-toastify (live-toasts.tsx).
 */
import { Icons } from "react-toastify/unstyled";
import type { PortalToast } from "#app/lib/toast-message.ts";

/** react-toastify's icon of a kind, as the server-rendered toast shows it too (so the look does not change at takeover). */
export function ToastIcon({ type }: { type: PortalToast["type"] }) {
  const Icon = Icons[type] ?? Icons.info;
  return <Icon theme="colored" type={type} />;
}
