// The configuration lives in `./config/`; this file keeps `../config.js` imports working.
export * from './config/index.js';
