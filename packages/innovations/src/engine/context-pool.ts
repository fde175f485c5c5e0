import type { PoolItem, SearchHit } from '@rootweaver/core';

export interface PoolAddition {
  /** Ids of the hits that entered the pool (new and kept under the cap). */
  readonly addedIds: readonly string[];
  /** Hits already in the pool under an earlier sub-question (first occurrence kept). */
  readonly duplicates: number;
  /** Items dropped to respect the size cap. */
  readonly dropped: number;
}

/**
 * The context pool shared by every planner: retrieved items deduplicated by id (the first occurrence
 * is kept), with a size cap. Over the cap, the latest sub-question's lowest-ranked items go first
 * (seed 002 §7). Pool order is insertion order; citation marker N is the N-th item (1-based).
 */
export class ContextPool {
  private readonly entries: PoolItem[] = [];
  private readonly ids = new Set<string>();
  private sequence = 0;
  private readonly additionOf = new Map<string, number>();
  droppedTotal = 0;

  constructor(readonly maxItems: number) {}

  get items(): readonly PoolItem[] {
    return this.entries;
  }

  get size(): number {
    return this.entries.length;
  }

  has(id: string): boolean {
    return this.ids.has(id);
  }

  /** The 1-based marker of an item, or undefined when it is not (or no longer) in the pool. */
  markerOf(id: string): number | undefined {
    const index = this.entries.findIndex((item) => item.id === id);
    return index < 0 ? undefined : index + 1;
  }

  get(id: string): PoolItem | undefined {
    return this.entries.find((item) => item.id === id);
  }

  /** Adds one sub-question's hits, best first. */
  add(hits: readonly SearchHit[], subQuestion: string, iteration: number): PoolAddition {
    const addition = this.sequence++;
    const added: string[] = [];
    let duplicates = 0;
    for (const hit of hits) {
      if (this.ids.has(hit.id)) {
        duplicates += 1;
        continue;
      }
      this.ids.add(hit.id);
      this.additionOf.set(hit.id, addition);
      this.entries.push({ ...hit, subQuestion, iteration });
      added.push(hit.id);
    }
    const droppedIds = this.enforceCap();
    this.droppedTotal += droppedIds.length;
    return {
      addedIds: added.filter((id) => !droppedIds.includes(id)),
      duplicates,
      dropped: droppedIds.length,
    };
  }

  /** True when the pool holds as many items as it may. */
  get full(): boolean {
    return this.entries.length >= this.maxItems;
  }

  private enforceCap(): string[] {
    const dropped: string[] = [];
    while (this.entries.length > this.maxItems) {
      let latest = -1;
      for (const item of this.entries) latest = Math.max(latest, this.additionOf.get(item.id) ?? -1);
      let victim = -1;
      this.entries.forEach((item, index) => {
        if (this.additionOf.get(item.id) !== latest) return;
        const current = this.entries[victim];
        if (victim < 0 || current === undefined || item.rank >= current.rank) victim = index;
      });
      const [removed] = this.entries.splice(victim, 1);
      if (removed === undefined) break;
      dropped.push(removed.id);
    }
    return dropped;
  }
}
