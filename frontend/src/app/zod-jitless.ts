/**
 * The app's Content-Security-Policy allows no eval, and zod probes for it (`new Function('')`) when it builds its
 * first object schema: the probe is caught, but Chromium still reports a CSP violation. Telling zod up front that it
 * runs jitless skips the probe. zod reads this global when it loads, so this module is imported before anything else.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
