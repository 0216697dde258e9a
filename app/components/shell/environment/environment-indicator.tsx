import { useTranslation, type Translate } from "#app/lib/i18n/use-translation.ts";
import { type EnvironmentClass, classifyEnvironment } from "#app/lib/shell/environment.ts";

export type UpstreamServiceName = "api" | "sellerService" | "catalogueUpload" | "analytics";
export type UpstreamService = { name: UpstreamServiceName; url: string };

const classOrder: EnvironmentClass[] = ["dev", "preprod", "prod"];

/**
 * A small badge for developers on localhost: which kind of upstream each
 * service talks to. A `<details>` element, so it opens and closes without
 * JavaScript; collapsed it shows the kinds present.
 */
export function EnvironmentIndicator({ services }: { services: UpstreamService[] }) {
  const { t } = useTranslation();
  const classified = services.map((service) => ({ ...service, environment: classifyEnvironment(service.url) }));
  const present = classOrder.filter((environment) => classified.some((service) => service.environment === environment));

  return (
    <details className="env-indicator">
      <summary className="env-indicator__summary">
        <span className="env-indicator__title">{t("shell.environment.summary")}</span>
        {present.map((environment) => (
          <EnvironmentBadge key={environment} environment={environment} t={t} short />
        ))}
      </summary>
      <table className="env-indicator__table">
        <thead>
          <tr>
            <th scope="col">{t("shell.environment.service")}</th>
            <th scope="col">{t("shell.environment.address")}</th>
            <th scope="col">{t("shell.environment.class")}</th>
          </tr>
        </thead>
        <tbody>
          {classified.map((service) => (
            <tr key={service.name}>
              <th scope="row">{t(`shell.environment.services.${service.name}`)}</th>
              <td>
                <code className="env-indicator__url">{service.url}</code>
              </td>
              <td>
                <EnvironmentBadge environment={service.environment} t={t} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** Given the indicator's `t`: rendered five times per page, a useTranslation of its own each time would cost more than the badge. */
function EnvironmentBadge({ environment, t, short = false }: { environment: EnvironmentClass; t: Translate; short?: boolean }) {
  const label = t(`shell.environment.classes.${environment}`);
  return (
    <span className={`env-indicator__badge env-indicator__badge--${environment}`} data-environment={environment}>
      {short ? (
        <>
          <span aria-hidden="true">{t(`shell.environment.short.${environment}`)}</span>
          <span className="visually-hidden">{label}</span>
        </>
      ) : (
        label
      )}
    </span>
  );
}
