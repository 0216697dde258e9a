/**
 * The header on which the app tells the Node server the route pattern a
 * request matched ("/shop-setup/:step", never the raw URL), for its metrics
 * and spans. The server removes it before the response leaves
 * (server/request-handler.ts).
 */
export const ROUTE_PATTERN_HEADER = "x-portal-route-pattern";
