import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";

/** Link ids with a click listener, so a link re-rendered with the same id is not listened to twice. */
const listening = new Set<string>();

/**
 * HTML that the server sanitised (see rich-text.server.ts). Without
 * JavaScript its links are ordinary links. With it, a click on a link that
 * stays in this tab and carries a link id becomes an in-app navigation to
 * its href; a link marked `data-excluded` keeps normal behaviour. Each id
 * gets one listener, removed when the element goes.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  const container = useRef<HTMLDivElement>(null);
  // Stable across renders in a data router: the listeners need not be renewed for it.
  const navigate = useNavigate();

  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const removers: (() => void)[] = [];
    for (const link of root.querySelectorAll<HTMLAnchorElement>("a[id][href]")) {
      const id = link.id;
      if (listening.has(id) || link.target === "_blank" || link.hasAttribute("data-excluded")) continue;
      const target = new URL(link.href, window.location.href);
      // Only the portal's own pages can be reached without a page load.
      if (target.origin !== window.location.origin) continue;
      const onClick = (event: MouseEvent) => {
        if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        void navigate(target.pathname + target.search + target.hash);
      };
      link.addEventListener("click", onClick);
      listening.add(id);
      removers.push(() => {
        link.removeEventListener("click", onClick);
        listening.delete(id);
      });
    }
    return () => removers.forEach((remove) => remove());
  }, [html, navigate]);

  return <div ref={container} className={className ? `rich-text ${className}` : "rich-text"} dangerouslySetInnerHTML={{ __html: html }} />;
}
