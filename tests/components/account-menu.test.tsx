// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { InteractiveAccountMenu as AccountMenu } from "#app/components/shell/header/account-menu-interactive.tsx";
import auth from "#app/locales/en/auth.json";
import language from "#app/locales/en/language.json";
import layout from "#app/locales/en/layout.json";
import { TranslationContext } from "#app/lib/i18n/use-translation.ts";
import { createTestTexts } from "./i18n-test-setup";

const texts = createTestTexts({ auth, language, layout });
afterEach(cleanup);

function renderMenu() {
  const router = createMemoryRouter([{ path: "/", element: <AccountMenu email="owner@example.com" roleLabel="Administrator" locale="en" /> }]);
  render(
    <TranslationContext value={texts}>
      <RouterProvider router={router} />
      <p>
        <button type="button">Elsewhere</button>
      </p>
    </TranslationContext>,
  );
  return screen.getByRole("button", { name: "Account menu" });
}

const items = () => screen.getAllByRole("menuitem").map((item) => item.textContent?.replace(" ✓", ""));
const focused = () => document.activeElement?.textContent?.replace(" ✓", "");

describe("the header's account menu (hydrated): the menu button pattern without a menu library", () => {
  it("opens on a click as a menu labelled by its button, with who is signed in, the languages and sign-out", () => {
    const button = renderMenu();
    expect(button.getAttribute("aria-haspopup")).toBe("menu");
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("menu")).toBeNull();
    fireEvent.click(button);
    const menu = screen.getByRole("menu");
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(button.getAttribute("aria-controls")).toBe(menu.id);
    expect(menu.getAttribute("aria-labelledby")).toBe(button.id);
    expect(menu.textContent).toContain("owner@example.com");
    expect(items()).toEqual(["English", "Deutsch", "Sign out"]);
    // Each language named in itself, marked with its language, whatever the page's.
    expect(screen.getAllByRole("menuitem").map((item) => item.getAttribute("lang"))).toEqual(["en", "de", null]);
    expect(document.activeElement).toBe(menu);
    fireEvent.click(button);
    expect(screen.queryByRole("menu")).toBeNull();
  });

  it("is worked by the keyboard: ↓ ↑ Home End, a letter, Escape back to the button", () => {
    const button = renderMenu();
    fireEvent.keyDown(button, { key: "ArrowDown" });
    expect(focused()).toBe("English");
    const menu = screen.getByRole("menu");
    fireEvent.keyDown(menu, { key: "ArrowDown" });
    expect(focused()).toBe("Deutsch");
    fireEvent.keyDown(menu, { key: "End" });
    expect(focused()).toBe("Sign out");
    fireEvent.keyDown(menu, { key: "ArrowDown" });
    expect(focused()).toBe("English");
    fireEvent.keyDown(menu, { key: "ArrowUp" });
    expect(focused()).toBe("Sign out");
    fireEvent.keyDown(menu, { key: "Home" });
    expect(focused()).toBe("English");
    fireEvent.keyDown(menu, { key: "s" });
    expect(focused()).toBe("Sign out");
    fireEvent.keyDown(menu, { key: "Escape" });
    expect(screen.queryByRole("menu")).toBeNull();
    expect(document.activeElement).toBe(button);
    fireEvent.keyDown(button, { key: "ArrowUp" });
    expect(focused()).toBe("Sign out");
  });

  it("closes on Tab and on a press outside it", () => {
    const button = renderMenu();
    fireEvent.keyDown(button, { key: "Enter" });
    fireEvent.keyDown(screen.getByRole("menu"), { key: "Tab" });
    expect(screen.queryByRole("menu")).toBeNull();
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    act(() => {
      fireEvent.pointerDown(screen.getByRole("button", { name: "Elsewhere" }));
    });
    expect(screen.queryByRole("menu")).toBeNull();
  });
});
