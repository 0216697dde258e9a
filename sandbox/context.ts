import type { SandboxClock } from "./clock.ts";
import type { Database } from "./db.ts";
import type { MailServer } from "./mail-server.ts";
import type { Provider } from "oidc-provider";
import type { VatServiceModes } from "./vat-register.ts";
import type { RegisterMode } from "./producer-register.ts";

/** What every part of the running sandbox shares. */
export type SandboxContext = {
  db: Database;
  provider: Provider;
  issuer: string;
  origin: string;
  /** The portal's first origin: where links the sandbox hands out (an invitation's) lead. */
  portalUrl: string;
  /** The SMTP server the notification service's e-mails arrive at (its control: refuse every recipient, for tests). */
  mailServer: MailServer;
  /** Where uploaded catalogue files live (see sandbox/catalogue.ts). */
  filesDir: string;
  /** The largest catalogue file the upload endpoint takes. */
  maxCatalogueFileBytes: number;
  /** How long a confirmed change of a seller's company data waits before the marketplace decides it by itself. */
  companyChangeDecisionMs: number;
  /** Whether the VAT confirmation services answer: by their schedule (eVatR down at night), or up or down as the control endpoint set them. */
  vatServices: VatServiceModes;
  /** Whether the producer registers answer (the control endpoint sets them up or down). */
  producerRegister: RegisterMode;
  /** The image host's origin and certificate (sandbox/image-server.ts), once it listens. */
  images?: { origin: string; caPath: string };
  /** The marketplace's calendar: the real time moved by an offset the control interface sets (obligations and their reminders). */
  clock: SandboxClock;
};
