/**
 * Who did what: the activity record the user-profile service keeps for each
 * seller. Every change a seller user, a staff member, or a staff member acting
 * as the seller made to the seller's data is one entry, written by the
 * service in the same transaction as the change itself, from the calling
 * token's user (no client can leave one out or write one).
 *
 *   GET /me/seller/activity?page&size&person&kind          → ActivityPage (the seller's administrators; staff acting as the seller)
 *   GET /me/seller/activity/export?person&kind             → text/csv, streamed (the same readers)
 *   GET /sellers/:sellerId/activity?page&size&person&kind  → ActivityPage (staff)
 *   GET /sellers/:sellerId/activity/export?person&kind     → text/csv, streamed (staff)
 *
 * Newest first. A viewer is refused (403 FORBIDDEN), as is anyone reading
 * another seller's record. An entry's description is its kind and a few plain
 * parameters (a step's name, a file's name, an address): the reader writes the
 * sentence in their own language, and no entry carries markup.
 */
import { z } from "zod";
import { Role } from "./upstream.ts";
import { activityKinds, ACTIVITY_PAGE_SIZES, DEFAULT_ACTIVITY_PAGE_SIZE } from "./activity-kinds.ts";

export { activityKinds, ACTIVITY_PAGE_SIZES, DEFAULT_ACTIVITY_PAGE_SIZE } from "./activity-kinds.ts";
export const ActivityKind = z.enum(activityKinds);
export type ActivityKind = z.infer<typeof ActivityKind>;

/** At most this many parameters per entry, each this long: a description, never a document. */
export const MAX_ACTIVITY_PARAMS = 8;
export const MAX_ACTIVITY_PARAM_CHARS = 200;

/** The description's parameters by name: plain strings and numbers (a step, a file name, an address, a count). */
export const ActivityParams = z
  .record(z.string().regex(/^[a-zA-Z]{1,32}$/), z.union([z.string().max(MAX_ACTIVITY_PARAM_CHARS), z.number().finite()]))
  .refine((params) => Object.keys(params).length <= MAX_ACTIVITY_PARAMS, `at most ${MAX_ACTIVITY_PARAMS} parameters`);
export type ActivityParams = z.infer<typeof ActivityParams>;

/** A person of the record: the account that made the change (still named when the account is gone). */
export const ActivityPerson = z.object({
  userId: z.string(),
  /** The person's name where the identity provider has one; the address otherwise says who. */
  name: z.string().nullable(),
  email: z.string(),
});
export type ActivityPerson = z.infer<typeof ActivityPerson>;

export const ActivityEntry = z.object({
  id: z.string(),
  at: z.iso.datetime({ offset: true }),
  sellerId: z.string(),
  kind: ActivityKind,
  /** Who made the change, with the role of their own account then. */
  actor: ActivityPerson.extend({ role: Role }),
  /** A staff member acting as the seller: the seller user they acted as, with the role they had so; null otherwise. */
  actingAs: z.object({ userId: z.string().nullable(), email: z.string().nullable(), role: Role }).nullable(),
  params: ActivityParams,
});
export type ActivityEntry = z.infer<typeof ActivityEntry>;

/** The query of a listing and of an export (the export has no page). Unknown kinds are refused (400), not ignored. */
export const ActivityQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce
    .number()
    .int()
    .refine((size) => (ACTIVITY_PAGE_SIZES as readonly number[]).includes(size), `one of ${ACTIVITY_PAGE_SIZES.join(", ")}`)
    .default(DEFAULT_ACTIVITY_PAGE_SIZE),
  /** A person's user id: their own changes, made as themselves or acting as the seller. */
  person: z.string().min(1).max(100).optional(),
  kind: ActivityKind.optional(),
});
export type ActivityQuery = z.infer<typeof ActivityQuery>;

export const ActivityPage = z.object({
  sellerId: z.string(),
  sellerName: z.string(),
  entries: z.array(ActivityEntry),
  page: z.number().int().min(1),
  size: z.number().int().min(1),
  /** Entries matching the filter. */
  total: z.number().int().nonnegative(),
  /** Everyone with an entry in the seller's record, whatever the filter: the person filter's choices. */
  people: z.array(ActivityPerson),
});
export type ActivityPage = z.infer<typeof ActivityPage>;

/** The columns of the service's CSV export, in order (one line each, UTF-8 with a byte-order mark, CRLF). */
export const activityCsvColumns = [
  "at",
  "kind",
  "actorUserId",
  "actorName",
  "actorEmail",
  "actorRole",
  "actingAsUserId",
  "actingAsEmail",
  "actingAsRole",
  "params",
] as const;
