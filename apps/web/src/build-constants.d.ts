/** The year the app was built (vite.config.ts `define`): what the pre-rendered pages' footers show. */
declare const __BUILD_YEAR__: number;
