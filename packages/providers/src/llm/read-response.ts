import type { AttemptSignal } from './call-deadline.js';

/**
 * Reads a response body as text, chunk by chunk: each chunk restarts the attempt's idle clock, and
 * a body over `maxBytes` is cancelled and rejected. Bytes that are not UTF-8 become U+FFFD.
 */
export async function readCapped(
  response: Response,
  attempt: AttemptSignal,
  maxBytes: number,
): Promise<string> {
  const body = response.body;
  if (body === null) return '';
  const reader = body.getReader();
  const decoder = new TextDecoder('utf-8');
  let text = '';
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      attempt.touch();
      bytes += value.byteLength;
      if (bytes > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw new Error(`the response is larger than ${maxBytes} bytes`);
      }
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    reader.releaseLock();
  }
  return text + decoder.decode();
}

/**
 * Removes a secret from streamed text even when it arrives split across deltas: a tail that could
 * be the start of the secret is held back until the next delta (or `flush`); the rest passes at once.
 */
export class SecretFilter {
  private pending = '';

  constructor(private readonly secret: string | undefined) {}

  push(delta: string): string {
    const secret = this.secret;
    if (secret === undefined || secret.length < 6) return delta;
    this.pending = (this.pending + delta).split(secret).join('[redacted]');
    let keep = Math.min(this.pending.length, secret.length - 1);
    while (keep > 0 && !this.pending.endsWith(secret.slice(0, keep))) keep -= 1;
    const safe = this.pending.slice(0, this.pending.length - keep);
    this.pending = this.pending.slice(this.pending.length - keep);
    return safe;
  }

  flush(): string {
    const rest = this.pending;
    this.pending = '';
    return rest;
  }
}
