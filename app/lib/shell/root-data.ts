import type { LanguageCode, Role } from "#contract/upstream.ts";
import { useRouteLoaderData } from "react-router";
import type { UpstreamService } from "#app/components/shell/environment/environment-indicator.tsx";
import type { PortalToast } from "#app/lib/toast-message.ts";

/**
 * What the root loader gives every page: the language, the toast to show,
 * the signed-in user as the page may show them (never tokens), the
 * environment indicator's services and the footer's links.
 */
export type RootData = {
  locale: LanguageCode;
  toast: PortalToast | undefined;
  user: {
    email: string;
    role: Role;
    actingAsSeller: boolean;
    actingAsSellerName: string | null;
    /** The user's unread notifications, for the header; null when the notification service did not answer (no count shown). */
    unreadNotifications: number | null;
  } | null;
  environment: UpstreamService[] | null;
  footer: { imprint: string; privacy: string; help: string };
};

/** The root loader's data, from any component (undefined only outside the root route's tree). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}
