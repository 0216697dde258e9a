import { testPorts } from "../support/ports";

export const INTEGRATION_PORTS = testPorts(3200, 4200);
export const PORTAL = `http://localhost:${INTEGRATION_PORTS.portalPort}`;
export const SANDBOX = `http://127.0.0.1:${INTEGRATION_PORTS.sandboxPort}`;
/** The portal renews 30 s before expiry: with 40 s, a token counts as expiring 10 s after sign-in. */
export const TOKEN_TTL_SECONDS = 40;
/** Small enough that a test can send more; large enough for a mid-upload failure to land mid-upload. */
export const CATALOGUE_UPLOAD_MAX_BYTES = 8 * 1024 * 1024;
