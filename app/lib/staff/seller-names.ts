import type { StaffSeller } from "#contract/staff.ts";

/** Runs of spaces count as one, so that a name typed with a double space is not shown as a second name. */
const normalised = (name: string) => name.trim().replace(/\s+/g, " ");

/**
 * The name the seller registered (company information), when it is not the name the seller was invited with:
 * staff then see both. Undefined when the seller registered none yet or the same one.
 */
export function differingRegisteredName(seller: Pick<StaffSeller, "name" | "registeredName">): string | undefined {
  if (!seller.registeredName) return undefined;
  return normalised(seller.registeredName) === normalised(seller.name) ? undefined : seller.registeredName;
}
