import { EventEmitter } from 'node:events';
import type { UnleashConfig } from 'unleash-client';
import { loadUnleashClient } from '../load-on-use.js';
import type { UnleashFeatureDefinition } from './unleash-feature-definitions.js';

type RepositoryInterface = NonNullable<UnleashConfig['repository']>;
type Segment = NonNullable<ReturnType<RepositoryInterface['getSegment']>>;

/**
 * An Unleash repository that holds fixed feature definitions in memory: no fetching, no backup file, no
 * network. `start()` announces readiness synchronously, so flags evaluate right after the client starts.
 */
export class LocalFeatureRepository extends EventEmitter implements RepositoryInterface {
  private readonly features: Map<string, UnleashFeatureDefinition>;
  private readonly segments: Map<number, Segment>;

  constructor(features: readonly UnleashFeatureDefinition[], segments: readonly Segment[] = []) {
    super();
    this.features = new Map(features.map((feature) => [feature.name, feature]));
    this.segments = new Map(segments.map((segment) => [segment.id, segment]));
  }

  getToggle(name: string): UnleashFeatureDefinition | undefined {
    return this.features.get(name);
  }

  getToggles(): UnleashFeatureDefinition[] {
    return [...this.features.values()];
  }

  getTogglesWithSegmentData(): ReturnType<RepositoryInterface['getTogglesWithSegmentData']> {
    return this.getToggles().map((feature) => ({
      ...feature,
      strategies: feature.strategies?.map(({ segments, ...strategy }) => ({
        ...strategy,
        segments: segments?.map((id) => this.segments.get(id)),
      })),
    })) as ReturnType<RepositoryInterface['getTogglesWithSegmentData']>;
  }

  getSegment(id: number): Segment | undefined {
    return this.segments.get(id);
  }

  start(): Promise<void> {
    const { UnleashEvents } = loadUnleashClient();
    this.emit(UnleashEvents.Ready);
    this.emit(UnleashEvents.Changed, this.getToggles());
    return Promise.resolve();
  }

  stop(): void {
    this.removeAllListeners();
  }
}
