import type { Context } from 'unleash-client';
import type { FlagContext } from './flag-source.js';

/** Maps the port's context to Unleash's: `tenant` travels as a custom property (`properties.tenant`). */
export function toUnleashContext(context: FlagContext): Context {
  const properties: Record<string, string> = { ...context.properties };
  if (context.tenant !== undefined) properties.tenant = context.tenant;
  return {
    ...(context.userId === undefined ? {} : { userId: context.userId }),
    ...(context.sessionId === undefined ? {} : { sessionId: context.sessionId }),
    properties,
  };
}
