/**
 * The shop setup's warehouse step: where goods ship from, who to call there
 * (the number read with libphonenumber, phone-fields.ts), and where returns go.
 */
import { z } from "zod";
import { Address, checkPostcode, code, email, phone, postalAddress, text } from "../onboarding-fields.ts";
import { checkPhones, normalisePhones } from "../phone-fields.ts";

const WarehouseAddress = z.object({ name: text(80), ...postalAddress });

/** warehouse: where goods ship from, who to call there, and where returns go. */
export const WarehouseStep = z
  .object({
    warehouses: z
      .array(WarehouseAddress, { error: code("required") })
      .min(1, code("required"))
      .max(5, code("warehousesMax")),
    contactName: text(120),
    contactEmail: email,
    contactPhone: phone,
    returnsToFirstWarehouse: z.boolean().default(false),
    returnAddress: z.object(postalAddress).partial().optional(),
  })
  .superRefine((step, ctx) => {
    step.warehouses.forEach((warehouse, index) => checkPostcode(warehouse, ctx, ["warehouses", index]));
    // The contact is at the first warehouse: a national number is read in its country.
    checkPhones(step, ["contactPhone"], step.warehouses[0]?.country ?? "DE", ctx);
    if (step.returnsToFirstWarehouse) return;
    const parsed = Address.safeParse(step.returnAddress ?? {});
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", path: ["returnAddress", ...issue.path.map(String)], message: issue.message });
    }
  })
  .transform((step) => {
    const normalised = normalisePhones(step, ["contactPhone"], step.warehouses[0]?.country ?? "DE");
    return normalised.returnsToFirstWarehouse ? { ...normalised, returnAddress: undefined } : normalised;
  });
