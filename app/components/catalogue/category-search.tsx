import { useEffect, useState } from "react";
import { afterHydration } from "#app/components/ui/after-hydration.tsx";
import type { CategoryLabel } from "#app/lib/catalogue/marketplace-categories.ts";

/**
 * The category search with JavaScript: the combobox of category-combobox.tsx
 * (Headless UI), fetched once the page is hydrated. Until it is in, the
 * search form without JavaScript (`before`) stands in its place.
 */
export const CategorySearchCombobox = afterHydration(() => import("./category-combobox.tsx").then((module) => module.CategoryCombobox));

/**
 * The categories picked with the combobox for the radio group `name` (each
 * joins the group's choices), and the latest one checked there, so that the
 * page's own form posts it.
 */
export function usePickedCategories(name: string) {
  const [picked, setPicked] = useState<CategoryLabel[]>([]);
  const [latest, setLatest] = useState<{ id: string } | null>(null);
  useEffect(() => {
    if (!latest) return;
    for (const element of document.getElementsByName(name)) {
      if (element instanceof HTMLInputElement && element.type === "radio" && element.value === latest.id) element.checked = true;
    }
  }, [latest, name]);
  const pick = (category: CategoryLabel) => {
    setPicked((list) => (list.some((known) => known.id === category.id) ? list : [...list, category]));
    // A new object each time: picking the same category again checks it again.
    setLatest({ id: category.id });
  };
  return { picked, pick };
}
