import type { PartFailure } from "#app/lib/staff/staff-types.ts";

/** In place of a part of a page that could not be loaded: what failed, what the page shows instead, and the service's reference. */
export function PartFailureNotice({ failure, hint }: { failure: PartFailure; hint: string }) {
  return (
    <div className="inline-error" role="alert">
      <p>
        <strong>{failure.message}</strong> {hint}
      </p>
      {failure.errorCode || failure.detail ? (
        <p className="seller-table__meta">
          <code>{[failure.errorCode, failure.detail].filter(Boolean).join(" · ")}</code>
        </p>
      ) : null}
    </div>
  );
}
