/** My company's change of the registrations, in a module of its own so that its page loads its schema only. */
import type { z } from "zod";
import { CompanyRegistrations } from "../steps/company-information.ts";

/**
 * POST …/changes/registrations: the registrations the law requires of what the seller sells
 * (contract/registrations.ts), as the shop setup's company information asks them: the packaging number always, the
 * WEEE and battery numbers where they apply (`categoryRegistrations`, which the portal sets from what the service
 * says applies, never from the form; else the two questions). Each number in its documented form; the service then
 * asks the register, as at onboarding, and refuses one that is not held by this company.
 */
export const RegistrationsChange = CompanyRegistrations;
export type RegistrationsChange = z.infer<typeof RegistrationsChange>;
