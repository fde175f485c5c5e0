import type { ResolvePolicy } from '@rootweaver/innovations/selection';
import { roundFigure } from './round-figure.js';

/** One held-out training question: the answer's confidence and whether it was right. */
export interface Outcome {
  readonly confidence: number;
  readonly correct: boolean;
}

function share(count: number, total: number): number {
  return total === 0 ? 0 : count / total;
}

/**
 * The share of answers the engine should compose from resolved nodes: the budget of 1.2 LLM
 * calls per question is the decomposition plus at most 0.2 synthesis calls, so at least 80 % of
 * questions must be answered without one.
 */
export const defaultResolveCoverage = 0.8;

interface OperatingPoint {
  readonly threshold: number;
  readonly coverage: number;
  readonly precision: number;
}

/** Every threshold that splits `points` (from the highest confidence down) with its coverage and precision. */
function operatingPoints(points: readonly Outcome[]): OperatingPoint[] {
  const sorted = [...points].sort((left, right) => right.confidence - left.confidence);
  const found: OperatingPoint[] = [];
  let correct = 0;
  sorted.forEach((point, index) => {
    correct += point.correct ? 1 : 0;
    // Only where the next confidence is lower: a threshold resolves every point at or above it.
    if ((sorted[index + 1]?.confidence ?? Number.NEGATIVE_INFINITY) === point.confidence) return;
    found.push({
      threshold: point.confidence,
      coverage: (index + 1) / sorted.length,
      precision: correct / (index + 1),
    });
  });
  return found;
}

/** The highest threshold that resolves at least `coverage` of the points (all of them when none does). */
function pointAtCoverage(points: readonly Outcome[], coverage: number): OperatingPoint {
  const candidates = operatingPoints(points);
  return (
    candidates.find((point) => point.coverage >= coverage - 1e-9) ??
    candidates.at(-1) ?? { threshold: 0, coverage: 0, precision: 0 }
  );
}

/**
 * The selector's resolve threshold (ADR-0007), objective `budget`: the most precise resolve
 * decision that still resolves `coverage` of the held-out training questions — precision of the
 * resolved answers rises with the threshold, so this is the highest calibrated confidence that at
 * least `coverage` of them reach. `coverage` is the LLM-call budget (see `defaultResolveCoverage`).
 * The heuristic extractor is measured at the same coverage (ranked by its own confidence) and at
 * its own threshold, so the report says what the selector's ranking of confidence is worth.
 */
export function chooseResolvePolicy(
  selector: readonly Outcome[],
  heuristic: readonly Outcome[],
  options: { readonly coverage: number; readonly heuristicThreshold: number },
): ResolvePolicy {
  const chosen = pointAtCoverage(selector, options.coverage);
  const heuristicSame = pointAtCoverage(heuristic, chosen.coverage);
  const heuristicResolved = heuristic.filter((point) => point.confidence >= options.heuristicThreshold);
  return {
    threshold: roundFigure(chosen.threshold),
    objective: `budget: resolve at least ${Math.round(options.coverage * 100)} % of held-out training questions, as precisely as possible`,
    coverage: roundFigure(chosen.coverage),
    precision: roundFigure(chosen.precision),
    heuristicAtSameCoverage: {
      coverage: roundFigure(heuristicSame.coverage),
      precision: roundFigure(heuristicSame.precision),
    },
    heuristic: {
      threshold: options.heuristicThreshold,
      coverage: roundFigure(share(heuristicResolved.length, heuristic.length)),
      precision: roundFigure(
        share(heuristicResolved.filter((point) => point.correct).length, heuristicResolved.length),
      ),
    },
  };
}
