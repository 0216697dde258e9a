/**
 * The shop setup's company-type-representatives step: the people the legal
 * form requires.
 */
import { z } from "zod";
import { code, dateOfBirth, text, type ValidationCode } from "../onboarding-fields.ts";
import { legalForms, representationIssues, representativeRoles } from "../rules/legal-form.ts";

export const Representative = z.object({
  firstName: text(80),
  lastName: text(80),
  dateOfBirth,
  role: z.enum(representativeRoles, { error: code("required") }),
});

/**
 * company-type-representatives: the people the legal form requires. The
 * legal form is not typed here: the portal and the service take it from the
 * saved company information.
 */
export const RepresentativesStep = z
  .object({
    legalForm: z.enum(legalForms, { error: code("companyInformationFirst") }),
    representatives: z
      .array(Representative, { error: code("tooFew_OWNER") })
      .max(10, code("representativesMax"))
      .default([]),
  })
  .superRefine(({ legalForm, representatives }, ctx) => {
    if (!legalForm) return;
    for (const issue of representationIssues(
      legalForm,
      representatives.map((person) => person.role),
    )) {
      if (issue.code === "roleNotAllowed") ctx.addIssue({ code: "custom", path: ["representatives", issue.index, "role"], message: code("roleNotAllowed") });
      else ctx.addIssue({ code: "custom", path: ["representatives"], message: code(`${issue.code}_${issue.role}` as ValidationCode) });
    }
  });
