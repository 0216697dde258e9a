/** Set by vite.config.ts at build time. */
declare const __BUILD_ID__: string;
