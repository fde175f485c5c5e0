import { createRequire } from 'node:module';

// The capability's heavy CommonJS dependencies, required the first time a part that uses them is made:
// importing `@rootweaver/capabilities` for `createEngine` or the config (what `rootweaver ask` does) then
// loads none of them. unleash-client alone takes ~0.4 s to load, prom-client ~0.2 s. They are CommonJS
// only, so `require` gives the very module an `import` would: one copy, one set of classes.
const requireModule = createRequire(import.meta.url);

/** unleash-client: when a flag source is made (the bootstrap one evaluates with its strategies too). */
export function loadUnleashClient(): typeof import('unleash-client') {
  return requireModule('unleash-client') as typeof import('unleash-client');
}

/** prom-client: when a metrics registry is made. */
export function loadPromClient(): typeof import('prom-client') {
  return requireModule('prom-client') as typeof import('prom-client');
}

/** pino: when an access log is made. */
export function loadPino(): typeof import('pino') {
  return requireModule('pino') as typeof import('pino');
}
