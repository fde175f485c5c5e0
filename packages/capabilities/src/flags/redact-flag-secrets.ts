import { redactSecrets } from '@rootweaver/core';

/** Unleash API tokens look like `<project>:<environment>.<secret>` (`*:*.<secret>` for admin tokens). */
const unleashTokenPattern = /(?:\*|[\w-]+):(?:\*|[\w-]+)\.[A-Za-z0-9_-]{8,}/g;

/** `redactSecrets`, plus Unleash API tokens. */
export function redactFlagSecrets(text: string): string {
  return redactSecrets(text.replace(unleashTokenPattern, '[redacted]'));
}
