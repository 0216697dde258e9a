import { useForm } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import { colleagueRoles } from "#contract/team-kinds.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { formatMoment } from "#app/lib/intl-formats.ts";
import { invitationExpired } from "#app/lib/team/colleagues.ts";
import { useSchemaCheck } from "#app/components/ui/use-schema-check.ts";
import { DataTable } from "#app/components/ui/data-table.tsx";
import { ErrorSummary } from "#app/components/ui/error-summary.tsx";
import { fieldId, FormFields, readFormProps } from "#app/components/ui/field-reading.tsx";
import { SelectField, TextField } from "#app/components/ui/fields.tsx";
import type { ColleagueRow, ColleaguesData, InviteAnswer } from "#app/services/team/colleagues.server.ts";
import "./team.css";

/** The colleagues page: who works for the seller (active, invited, removed), what the administrator can do with each, and the invite form. */
export function ColleaguesView({ data, lastResult }: { data: ColleaguesData; lastResult: InviteAnswer | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="team-page">
      <h1>{t("team.title")}</h1>
      <p className="team-page__lead">{t("team.lead")}</p>
      <p>
        <Link to="/team/activity">{t("activity.link")}</Link>
      </p>
      {data.mayChange ? null : (
        <p className="notice" role="status">
          {t("team.readOnly")}
        </p>
      )}
      <h2 id="team-list-title">{t("team.list.title")}</h2>
      {data.list ? (
        <ColleagueTable rows={data.list.rows} mayChange={data.mayChange} />
      ) : (
        <p className="notice notice--error" role="alert">
          {t("team.list.failed")}
        </p>
      )}
      {/* A new row is an invitation sent: the form starts empty again (with JavaScript the page is not reloaded). */}
      {data.mayChange ? <InviteForm key={data.list?.rows.length ?? 0} lastResult={lastResult} /> : null}
      {data.backTo ? (
        <p>
          <Link to={data.backTo}>{t(data.backTo === "/overview" ? "team.backToTaskList" : "team.backToMyCompany")}</Link>
        </p>
      ) : null}
    </div>
  );
}

function ColleagueTable({ rows, mayChange }: { rows: ColleagueRow[]; mayChange: boolean }) {
  const { t } = useTranslation();
  const columns = [t("team.list.email"), t("team.list.role"), t("team.list.state"), ...(mayChange ? [t("team.list.actions")] : [])];
  return (
    <DataTable columns={columns} labelledBy="team-list-title">
      {rows.map((row) => (
        <tr key={row.id} data-state={row.state}>
          <th scope="row">{row.email}</th>
          <td>{t(`team.roles.${row.role}`)}</td>
          <td>
            <StateText row={row} />
          </td>
          {mayChange ? (
            <td>
              <RowActions row={row} />
            </td>
          ) : null}
        </tr>
      ))}
    </DataTable>
  );
}

function StateText({ row }: { row: ColleagueRow }) {
  const { t, i18n } = useTranslation();
  const date = formatMoment(i18n.language, row.expiresAt ?? row.since);
  if (row.state === "INVITED") return <>{invitationExpired(row) ? t("team.states.expired", { date }) : t("team.states.invited", { date })}</>;
  if (row.state === "REMOVED") return <>{t("team.states.removed", { date: formatMoment(i18n.language, row.since) })}</>;
  return <>{t("team.states.active")}</>;
}

function RowActions({ row }: { row: ColleagueRow }) {
  const { t } = useTranslation();
  const { offers } = row;
  return (
    <div className="team-actions">
      {offers.changeRoleTo ? (
        <RowForm fields={{ intent: "role", userId: row.id, role: offers.changeRoleTo }} label={t(`team.makeRole.${offers.changeRoleTo}`)} email={row.email} />
      ) : null}
      {offers.remove ? (
        <Link to={`/team/${encodeURIComponent(row.id)}/remove`} className="button button--secondary">
          {t("team.remove.link")}
          <span className="visually-hidden">{` ${row.email}`}</span>
        </Link>
      ) : null}
      {offers.resend ? <RowForm fields={{ intent: "resend", invitationId: row.id }} label={t("team.resend")} email={row.email} /> : null}
      {offers.withdraw ? <RowForm fields={{ intent: "withdraw", invitationId: row.id }} label={t("team.withdraw")} email={row.email} /> : null}
      {offers.lastAdministrator ? <p className="team-actions__note">{t("team.lastAdministrator")}</p> : null}
    </div>
  );
}

/** One button's form of a row: what it does and to whom as hidden fields, the person named to screen readers. */
function RowForm({ fields, label, email }: { fields: Record<string, string>; label: string; email: string }) {
  return (
    <Form method="post" className="team-actions__form">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="button button--secondary">
        {label}
        <span className="visually-hidden">{` ${email}`}</span>
      </button>
    </Form>
  );
}

function InviteForm({ lastResult }: { lastResult: InviteAnswer | undefined }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "invite";
  const formId = "invite-colleague";
  // The schema (and zod) once the page is hydrated; the server's check until then (ADR 037).
  const check = useSchemaCheck(() => import("#app/lib/team/colleague-forms.ts").then((forms) => forms.inviteSchema));
  const [form, fields] = useForm({
    id: formId,
    lastResult,
    defaultValue: { role: "SELLER_VIEWER_EXTERNAL" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: check,
  });
  const errors = { email: fields.email.errors, role: fields.role.errors };
  const entries = form.status === "error" ? summaryEntries(formId, errors, t) : [];
  return (
    <section aria-labelledby="team-invite-title" className="team-invite">
      <h2 id="team-invite-title">{t("team.invite.title")}</h2>
      <p>{t("team.invite.lead")}</p>
      <Form method="post" {...readFormProps(form)} className="team-invite__form">
        <input type="hidden" name="intent" value="invite" />
        <ErrorSummary entries={entries} focusKey={lastResult} />
        <FormFields formId={formId} initialValue={form.initialValue} errors={errors}>
          <TextField field={fields.email} type="email" label={t("team.invite.email")} autoComplete="off" spellCheck={false} />
          <SelectField
            field={fields.role}
            label={t("team.invite.role")}
            hint={t("team.invite.roleHint")}
            withoutChoice
            options={colleagueRoles.map((role) => ({ value: role, label: t(`team.roles.${role}`) }))}
          />
        </FormFields>
        <button type="submit" className="button button--primary" disabled={submitting} aria-busy={submitting || undefined}>
          {t("team.invite.submit")}
        </button>
      </Form>
    </section>
  );
}

function summaryEntries(formId: string, errors: Record<"email" | "role", string[] | undefined>, t: (key: string) => string) {
  const labels = { email: t("team.invite.email"), role: t("team.invite.role") };
  return (Object.keys(errors) as ("email" | "role")[]).flatMap((name) => {
    const message = errors[name]?.[0];
    return message ? [{ fieldId: fieldId(formId, name), label: labels[name], message: t(message) }] : [];
  });
}
