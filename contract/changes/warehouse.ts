/** My company's change of a warehouse, in a module of its own so that its page loads its schema only. */
import { z } from "zod";
import { checkPostcode, postalAddress, text } from "../onboarding-fields.ts";

/** POST …/changes/warehouses/{warehouseId}: a warehouse as the marketplace validates it. */
export const WarehouseChange = z
  .object({
    name: text(80),
    ...postalAddress,
    contactPerson: text(120),
    handlingTimeDays: z.coerce.number({ error: "handlingTime" }).int("handlingTime").min(0, "handlingTime").max(10, "handlingTime"),
    cutOffTime: z
      .string({ error: "required" })
      .trim()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "cutOffTime"),
  })
  .superRefine((warehouse, ctx) => checkPostcode(warehouse, ctx));
export type WarehouseChange = z.infer<typeof WarehouseChange>;
