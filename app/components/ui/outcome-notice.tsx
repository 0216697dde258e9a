import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import type { StaffOutcome } from "#app/lib/outcome.ts";

/** Says in the page what a staff action just did: which seller, and the state it is in now. */
export function OutcomeNotice({ outcome }: { outcome: StaffOutcome | null }) {
  const { t } = useTranslation();
  if (!outcome) return null;
  const values = { seller: outcome.seller, state: outcome.state ? t(`staff.states.${outcome.state}`) : "" };
  return (
    <div className="notice outcome-notice" role="status">
      <p>
        <strong>{t(`staffOutcome.${outcome.kind}.title`, values)}</strong>
      </p>
      <p>{t(`staffOutcome.${outcome.kind}.body`, values)}</p>
    </div>
  );
}
