/** The request attributes a flag strategy may look at (Unleash context). */
export interface FlagContext {
  readonly userId?: string;
  readonly tenant?: string;
  readonly sessionId?: string;
  readonly properties?: Readonly<Record<string, string>>;
}

export interface FlagVariant {
  readonly name: string;
  readonly enabled: boolean;
  readonly payload?: string;
}

/**
 * Feature flags. Synchronous and never throws: on any failure it answers the fallback.
 * Real adapters in `@rootweaver/capabilities`: Unleash, or bootstrapped from `configs/flags/`.
 */
export interface FlagSource {
  isEnabled(name: string, context: FlagContext, fallback: boolean): boolean;
  variant(name: string, context: FlagContext, fallback?: FlagVariant): FlagVariant;
  close?(): Promise<void>;
}
