// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useSeen } from "#app/components/ui/use-seen.ts";

/**
 * jsdom lays nothing out, so it has no IntersectionObserver: this one is driven by the test, which says when the
 * element comes near the screen.
 */
class ScriptedObserver {
  static all: ScriptedObserver[] = [];
  readonly targets = new Set<Element>();
  disconnected = false;
  readonly callback: IntersectionObserverCallback;
  readonly options: IntersectionObserverInit | undefined;
  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    this.callback = callback;
    this.options = options;
    ScriptedObserver.all.push(this);
  }
  observe(target: Element) {
    this.targets.add(target);
  }
  disconnect() {
    this.disconnected = true;
  }
  /** The element scrolls into (or stays out of) the observed area. */
  report(isIntersecting: boolean) {
    const entries = [...this.targets].map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    act(() => this.callback(entries, this as unknown as IntersectionObserver));
  }
}

function Chart() {
  const [frame, seen] = useSeen<HTMLDivElement>();
  return <div ref={frame}>{seen ? "drawn" : "waiting"}</div>;
}

beforeEach(() => {
  ScriptedObserver.all = [];
  vi.stubGlobal("IntersectionObserver", ScriptedObserver);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("useSeen", () => {
  it("is false until the element comes near the screen, then stays true and stops watching", () => {
    render(<Chart />);
    expect(screen.getByText("waiting")).toBeTruthy();
    const [observer] = ScriptedObserver.all;
    expect(observer?.options?.rootMargin).toBe("100px");
    observer!.report(false);
    expect(screen.getByText("waiting")).toBeTruthy();
    observer!.report(true);
    expect(screen.getByText("drawn")).toBeTruthy();
    expect(observer!.disconnected).toBe(true);
    // Seen once is enough: scrolling away again draws nothing anew.
    expect(ScriptedObserver.all.filter((each) => !each.disconnected)).toEqual([]);
  });

  it("counts the element as seen at once where the browser cannot say (no IntersectionObserver)", () => {
    vi.stubGlobal("IntersectionObserver", undefined);
    render(<Chart />);
    expect(screen.getByText("drawn")).toBeTruthy();
  });

  it("stops watching an element that goes away unseen", () => {
    const { unmount } = render(<Chart />);
    unmount();
    expect(ScriptedObserver.all.every((observer) => observer.disconnected)).toBe(true);
  });
});
