import type { ReactNode } from "react";

/**
 * A link to a file the portal serves (a resource route). A plain `<a>`, not
 * React Router's `<Link>`: the browser asks for the file itself, not for a
 * route's data. No `download` attribute: the answer's Content-Disposition
 * names the file, and a download that fails comes back to its page with a
 * toast (docs/decisions/024-failed-downloads-go-back-to-their-page.md).
 * `label` names the file for a screen reader where the link's words do not.
 */
export function DownloadLink({ href, label, className, children }: { href: string; label?: string; className?: string; children: ReactNode }) {
  return (
    <a href={href} aria-label={label} className={className}>
      {children}
    </a>
  );
}
