import type { ReactNode } from "react";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Form, Link, useLocation, useNavigation } from "react-router";

/**
 * A staff list's filters: a GET form to the list's own page, so the filters
 * live in the address (bookmarkable, back and forward work), with "apply"
 * and a reset link to the unfiltered list. The fields start from the
 * address: keyed by it, they are drawn again whenever it changes (the reset
 * link, back and forward), so no choice of the last address stays behind.
 */
export function FilterForm({ path, label, applyLabel, children }: { path: string; label: string; applyLabel: string; children: ReactNode }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { search } = useLocation();
  const loading = navigation.state === "loading" && navigation.location.pathname === path;
  return (
    <Form key={search} method="get" action={path} className="seller-filters" role="search" aria-label={label}>
      {children}
      <div className="seller-filters__actions">
        <button type="submit" className="button button--primary" aria-busy={loading || undefined}>
          {applyLabel}
        </button>
        <Link to={path} className="button button--secondary">
          {t("staff.filters.reset")}
        </Link>
      </div>
    </Form>
  );
}

/** The free-text search of a staff list, with its hint. */
export function SearchFilter({ id, label, hint, defaultValue }: { id: string; label: string; hint: string; defaultValue: string }) {
  return (
    <div className="field seller-filters__search">
      <label htmlFor={id}>{label}</label>
      <input id={id} name="search" type="search" defaultValue={defaultValue} aria-describedby={`${id}-hint`} />
      <p id={`${id}-hint`} className="field__hint">
        {hint}
      </p>
    </div>
  );
}

type SelectFilterProps = {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
  options: readonly { value: string; label: string }[];
  /** The first option, for no filter at all (value ""); none where a choice is always made (a sort). */
  anyLabel?: string;
};

/** One choice of a staff list's filters. */
export function SelectFilter({ id, name, label, defaultValue, options, anyLabel }: SelectFilterProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={defaultValue}>
        {anyLabel === undefined ? null : <option value="">{anyLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
