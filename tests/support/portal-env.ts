/** A complete, valid portal configuration for tests of its parsing. */
export const complete = {
  PORTAL_URL: "https://portal.example.com/",
  SESSION_SECRET: "a".repeat(40),
  OIDC_ISSUER: "https://id.example.com/realms/sellers",
  OIDC_CLIENT_ID: "portal",
  OIDC_CLIENT_SECRET: "secret",
  API_BASE_URL: "https://api.example.com",
  SELLER_SERVICE_BASE_URL: "https://sellers.example.com",
  CATALOGUE_UPLOAD_BASE_URL: "https://upload.example.com",
  ANALYTICS_BASE_URL: "https://analytics.example.com",
  API_KEY: "key",
  ANALYTICS_API_KEY: "analytics-key",
  IMPRINT_URL: "https://www.example.com/impressum",
  PRIVACY_URL: "https://www.example.com/datenschutz",
  HELP_URL: "https://www.example.com/hilfe",
};
