/**
 * Product safety information the EU's General Product Safety Regulation
 * (Regulation (EU) 2023/988, GPSR, applying since 13 December 2024) asks of
 * every product offered online (Art. 19): the manufacturer's name and postal
 * and electronic address; where the manufacturer is not established in the
 * Union, the name and address of the responsible person in the EU (Art. 4,
 * Art. 16); and warnings or safety information. Pure: the row checks use it
 * to find a manufacturer outside the EU by its address's country.
 */

/** The 27 member states of the EU, by ISO 3166-1 alpha-2 code. */
const euStates = new Set([
  "AT",
  "BE",
  "BG",
  "HR",
  "CY",
  "CZ",
  "DK",
  "EE",
  "FI",
  "FR",
  "DE",
  "GR",
  "HU",
  "IE",
  "IT",
  "LV",
  "LT",
  "LU",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SK",
  "SI",
  "ES",
  "SE",
]);

/** Country names and codes as addresses write them (English, German, native), lower case → ISO code. */
const countryNames: Readonly<Record<string, string>> = {
  // EU
  austria: "AT",
  österreich: "AT",
  belgium: "BE",
  belgien: "BE",
  belgique: "BE",
  belgië: "BE",
  bulgaria: "BG",
  bulgarien: "BG",
  croatia: "HR",
  kroatien: "HR",
  cyprus: "CY",
  zypern: "CY",
  "czech republic": "CZ",
  czechia: "CZ",
  tschechien: "CZ",
  denmark: "DK",
  dänemark: "DK",
  danmark: "DK",
  estonia: "EE",
  estland: "EE",
  finland: "FI",
  finnland: "FI",
  suomi: "FI",
  france: "FR",
  frankreich: "FR",
  germany: "DE",
  deutschland: "DE",
  greece: "GR",
  griechenland: "GR",
  hungary: "HU",
  ungarn: "HU",
  ireland: "IE",
  irland: "IE",
  italy: "IT",
  italien: "IT",
  italia: "IT",
  latvia: "LV",
  lettland: "LV",
  lithuania: "LT",
  litauen: "LT",
  luxembourg: "LU",
  luxemburg: "LU",
  malta: "MT",
  netherlands: "NL",
  "the netherlands": "NL",
  niederlande: "NL",
  nederland: "NL",
  holland: "NL",
  poland: "PL",
  polen: "PL",
  polska: "PL",
  portugal: "PT",
  romania: "RO",
  rumänien: "RO",
  slovakia: "SK",
  slowakei: "SK",
  slovenia: "SI",
  slowenien: "SI",
  spain: "ES",
  spanien: "ES",
  españa: "ES",
  sweden: "SE",
  schweden: "SE",
  sverige: "SE",
  // Outside the EU, the countries most goods come from
  china: "CN",
  "people's republic of china": "CN",
  "volksrepublik china": "CN",
  "p.r. china": "CN",
  prc: "CN",
  "hong kong": "HK",
  hongkong: "HK",
  taiwan: "TW",
  japan: "JP",
  "south korea": "KR",
  korea: "KR",
  südkorea: "KR",
  india: "IN",
  indien: "IN",
  vietnam: "VN",
  thailand: "TH",
  turkey: "TR",
  türkei: "TR",
  türkiye: "TR",
  "united states": "US",
  "united states of america": "US",
  usa: "US",
  "vereinigte staaten": "US",
  canada: "CA",
  kanada: "CA",
  "united kingdom": "GB",
  uk: "GB",
  "great britain": "GB",
  england: "GB",
  großbritannien: "GB",
  "vereinigtes königreich": "GB",
  switzerland: "CH",
  schweiz: "CH",
  suisse: "CH",
  norway: "NO",
  norwegen: "NO",
  norge: "NO",
  iceland: "IS",
  island: "IS",
  liechtenstein: "LI",
  serbia: "RS",
  serbien: "RS",
  ukraine: "UA",
  israel: "IL",
  pakistan: "PK",
  bangladesh: "BD",
  indonesia: "ID",
  indonesien: "ID",
  malaysia: "MY",
  mexico: "MX",
  mexiko: "MX",
  brazil: "BR",
  brasilien: "BR",
  australia: "AU",
  australien: "AU",
};

const isoCodes = new Set([...euStates, ...Object.values(countryNames)]);

/**
 * The country of a country value or an address, as an ISO code: a name or a
 * code on its own (`China`, `CN`), or the last part of an address (after
 * its last comma or line break: `Shenzhen 518000, China`), or a code before
 * a postcode (`DE-10115 Berlin`). Null when none is recognised.
 */
export function countryOf(text: string): string | null {
  const value = text.trim();
  if (value === "") return null;
  const whole = countryCode(value);
  if (whole) return whole;
  const parts = value
    .split(/[,;\n\r]+/)
    .map((part) => part.trim())
    .filter((part) => part !== "");
  const last = parts[parts.length - 1] ?? "";
  const fromLast = countryCode(last);
  if (fromLast) return fromLast;
  const prefixed = /(?:^|[\s,])([A-Z]{1,2})-\d{4,6}\b/.exec(value);
  if (prefixed) {
    const code = prefixed[1] === "D" ? "DE" : prefixed[1] === "A" ? "AT" : prefixed[1]!;
    if (isoCodes.has(code)) return code;
  }
  return null;
}

function countryCode(text: string): string | null {
  const name = text.trim().replace(/\.$/, "").toLowerCase();
  const named = countryNames[name];
  if (named) return named;
  const code = text.trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) && isoCodes.has(code) ? code : null;
}

/** Whether a country (an ISO code) is a member state of the EU. */
export function inEu(code: string): boolean {
  return euStates.has(code);
}

/**
 * Whether a manufacturer is established outside the EU, by its country
 * (`country`, a column of its own) or else its address's country. Unknown
 * (no country recognised): false, nothing is claimed.
 */
export function manufacturerOutsideEu(country: string, address: string): boolean {
  const code = countryOf(country) ?? countryOf(address);
  return code !== null && !inEu(code);
}
