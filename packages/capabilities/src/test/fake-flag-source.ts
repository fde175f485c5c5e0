import type { FlagContext, FlagSource, FlagVariant } from '../flags/flag-source.js';

const disabledVariant: FlagVariant = { name: 'disabled', enabled: false };

/** A `FlagSource` with values set by the test; records every lookup. */
export class FakeFlagSource implements FlagSource {
  readonly lookups: { name: string; context: FlagContext }[] = [];
  private readonly toggles = new Map<string, boolean>();
  private readonly variants = new Map<string, FlagVariant>();

  constructor(options: { toggles?: Record<string, boolean>; variants?: Record<string, FlagVariant> } = {}) {
    for (const [name, value] of Object.entries(options.toggles ?? {})) this.toggles.set(name, value);
    for (const [name, value] of Object.entries(options.variants ?? {})) this.variants.set(name, value);
  }

  set(name: string, enabled: boolean): this {
    this.toggles.set(name, enabled);
    return this;
  }

  setVariant(name: string, variant: FlagVariant): this {
    this.variants.set(name, variant);
    return this;
  }

  isEnabled(name: string, context: FlagContext, fallback: boolean): boolean {
    this.lookups.push({ name, context });
    return this.toggles.get(name) ?? fallback;
  }

  variant(name: string, context: FlagContext, fallback: FlagVariant = disabledVariant): FlagVariant {
    this.lookups.push({ name, context });
    return this.variants.get(name) ?? fallback;
  }
}
