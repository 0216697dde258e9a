import type { ContractTerms, DocumentKind, OnboardingDocument, StepName, StepView } from "#contract/onboarding.ts";
import { companyDocumentKinds } from "#contract/onboarding-document-kinds.ts";
import { registrationFields, requiredRegistrations } from "#contract/registration-kinds.ts";
import { useTranslation, type Translate } from "#app/lib/i18n/use-translation.ts";
import { Lines, SummaryList, type SummaryRow } from "#app/components/ui/summary-list.tsx";
import { CompanyDocumentLink } from "./company-document-link.tsx";
import { dateTimeFormat, displayNames, formatMoment } from "#app/lib/intl-formats.ts";

/** What a step's answers are read from: its saved view, and what some steps have besides. */
export type StepAnswersData = {
  step: StepName;
  view?: StepView | null;
  /** contract: the agreement the acceptance refers to. */
  terms?: ContractTerms;
  /** identification: the saved scan. */
  scan?: OnboardingDocument | null;
  /** documents: what is there and what the legal form requires. */
  documents?: readonly OnboardingDocument[];
  requiredKinds?: readonly DocumentKind[];
};

type Values = Record<string, unknown>;
type Formats = { t: Translate; date: (iso: string) => string; dateTime: (iso: string) => string; country: (code: unknown) => string };

const text = (value: unknown): string => (typeof value === "string" ? value : value == null ? "" : String(value));

function address(values: Values, formats: Formats): string[] {
  return [
    `${text(values.street)} ${text(values.houseNumber)}`.trim(),
    `${text(values.postcode)} ${text(values.city)}`.trim(),
    formats.country(values.country),
  ].filter(Boolean);
}

function row(key: string, label: string, value: string | string[] | null | undefined, formats: Formats): SummaryRow {
  const lines = Array.isArray(value) ? value : [value];
  const given = lines.filter((line): line is string => Boolean(line));
  return { key, label, value: given.length > 0 ? <Lines lines={given} /> : formats.t("handOver.answers.notGiven") };
}

/** The rows of each step, from its saved values: every answer the seller gave, in the form's order. */
function rowsOf(data: StepAnswersData, formats: Formats): SummaryRow[] {
  const { t } = formats;
  const values: Values = data.view?.values ?? {};
  const field = (name: string, value?: string | string[] | null) => row(name, t(`onboarding.fields.${name}`), value ?? text(values[name]), formats);
  switch (data.step) {
    case "contract": {
      const acceptance = data.view?.acceptance;
      return [
        row(
          "agreement",
          t("handOver.answers.agreement"),
          data.terms ? t("onboarding.contract.versionOf", { version: data.terms.version, date: formats.date(data.terms.date) }) : null,
          formats,
        ),
        row("acceptedVersion", t("handOver.answers.acceptedVersion"), acceptance?.version ?? null, formats),
        row(
          "acceptedBy",
          t("handOver.answers.acceptedBy"),
          acceptance ? [acceptance.signerName, acceptance.acceptedBy ? t("onboarding.contract.account", { account: acceptance.acceptedBy }) : ""] : null,
          formats,
        ),
        row("acceptedAt", t("handOver.answers.acceptedAt"), acceptance ? formats.dateTime(acceptance.acceptedAt) : null, formats),
      ];
    }
    case "account-information":
      return ["shopName", "contactEmail", "contactPhone", "customerServiceEmail", "customerServicePhone"].map((name) => field(name));
    case "company-information":
      return [
        field("legalName"),
        field("legalForm", values.legalForm ? t(`onboarding.legalForms.${text(values.legalForm)}`) : null),
        row("address", t("handOver.answers.address"), address(values, formats), formats),
        field("vatId"),
        field("taxNumber"),
        field("registerCourt"),
        field("registerNumber"),
        // The registrations that apply, each with what its register said.
        ...requiredRegistrations(values).map((kind) => {
          const name = registrationFields[kind];
          const confirmation = data.view?.registrationConfirmations?.find((entry) => entry.kind === kind);
          const result = confirmation
            ? t(`onboarding.registrations.result.${confirmation.result === "OTHER_HOLDER" ? "OTHER_HOLDER_UNNAMED" : confirmation.result}`)
            : "";
          return field(name, values[name] ? [text(values[name]), result].filter(Boolean) : null);
        }),
      ];
    case "company-type-representatives": {
      const people = Array.isArray(values.representatives) ? (values.representatives as Values[]) : [];
      if (people.length === 0) return [row("representatives", t("onboarding.fields.representatives"), null, formats)];
      return people.map((person, index) =>
        row(
          `person-${index}`,
          t("onboarding.representatives.person", { number: index + 1 }),
          [
            `${text(person.firstName)} ${text(person.lastName)}`.trim(),
            person.role ? t(`onboarding.roles.${text(person.role)}`) : "",
            person.dateOfBirth ? t("handOver.answers.born", { date: formats.date(text(person.dateOfBirth)) }) : "",
          ],
          formats,
        ),
      );
    }
    case "bank-account":
      return [
        field("accountHolder"),
        field("iban", data.view?.ibanMasked ?? null),
        field("bic"),
        row("bank", t("handOver.answers.bank"), data.view?.bankName, formats),
      ];
    case "identification":
      return [
        row("name", t("handOver.answers.name"), `${text(values.firstName)} ${text(values.lastName)}`.trim(), formats),
        field("dateOfBirth", values.dateOfBirth ? formats.date(text(values.dateOfBirth)) : null),
        field("documentType", values.documentType ? t(`onboarding.identification.types.${text(values.documentType)}`) : null),
        field("documentNumber"),
        field("issuingCountry", values.issuingCountry ? formats.country(values.issuingCountry) : null),
        field("expiryDate", values.expiryDate ? formats.date(text(values.expiryDate)) : null),
        field("file", data.scan?.fileName ?? null),
      ];
    case "warehouse": {
      const warehouses = Array.isArray(values.warehouses) ? (values.warehouses as Values[]) : [];
      const returns = values.returnAddress as Values | undefined;
      return [
        ...warehouses.map((warehouse, index) =>
          row(
            `warehouse-${index}`,
            t("onboarding.warehouse.warehouse", { number: index + 1 }),
            [text(warehouse.name), ...address(warehouse, formats)],
            formats,
          ),
        ),
        row("contact", t("onboarding.warehouse.contact"), [text(values.contactName), text(values.contactEmail), text(values.contactPhone)], formats),
        row(
          "returns",
          t("onboarding.warehouse.returns"),
          values.returnsToFirstWarehouse ? t("handOver.answers.returnsToFirst") : returns ? address(returns, formats) : null,
          formats,
        ),
      ];
    }
    case "documents":
      return companyDocumentKinds.map((kind) => {
        const document = data.documents?.find((candidate) => candidate.kind === kind);
        const required = data.requiredKinds?.includes(kind) ?? true;
        return {
          key: kind,
          label: t(`onboarding.documents.kinds.${kind}`),
          value: document ? <CompanyDocumentLink document={document} /> : required ? t("onboarding.documents.missing") : t("onboarding.documents.notRequired"),
        };
      });
  }
}

/** Date, date and time, and country names in the page's language. */
export function useAnswerFormats(): Formats {
  const { t, i18n } = useTranslation();
  const day = dateTimeFormat(i18n.language, { dateStyle: "long", timeZone: "UTC" });
  const regions = displayNames([i18n.language], { type: "region" });
  return {
    t,
    date: (iso) => (/^\d{4}-\d{2}-\d{2}$/.test(iso) ? day.format(new Date(`${iso}T00:00:00Z`)) : iso),
    dateTime: (iso) => formatMoment(i18n.language, iso, "long"),
    country: (code) => (typeof code === "string" && code ? (regions.of(code) ?? code) : ""),
  };
}

/** One step's answers as a summary list. */
export function StepAnswers(data: StepAnswersData) {
  const formats = useAnswerFormats();
  return <SummaryList rows={rowsOf(data, formats)} />;
}
