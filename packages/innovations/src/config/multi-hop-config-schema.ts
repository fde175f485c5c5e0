import { z } from 'zod';

const positiveInteger = z.number().int().min(1);
const fraction = z.number().min(0).max(1);

/**
 * Which sub-questions a configured extractor answers. The engine's default is `all` (an extractor
 * given in code answers everything); `multi_hop.yaml`, which loads the shipped trained reader, defaults
 * to `untyped`.
 */
export function extractorScopeSchema(defaultScope: 'untyped' | 'all') {
  return z
    .enum(['untyped', 'all'])
    .default(defaultScope)
    .describe(
      [
        'Which sub-questions the configured extractor (the trained reader, an ONNX model) answers; yes/no',
        'ones always go to the heuristic.',
        '  untyped - those of no known answer type ("What kind of ...?"); the heuristic answers the',
        '            rest (a person, a place, a date, a number, a title ...): it proposes only names,',
        '            dates, numbers and quoted titles, which is what those ask for (ADR-0019).',
        '  all     - every sub-question.',
      ].join('\n'),
    );
}

/**
 * The `rewriter:` section. The engine's own default is `rules` (`MultiHopRAG` takes the rewriter it is
 * given and reads no model); `multi_hop.yaml`, read by `MultiHopCapability` and the CLI, which build the
 * rewriter themselves, defaults to `trained` (ADR-0017).
 */
export function rewriterSectionSchema(defaultKind: 'rules' | 'trained') {
  return z
    .strictObject({
      kind: z
        .enum(['rules', 'trained', 'llm'])
        .default(defaultKind)
        .describe(
          [
            "Who grounds a dependent sub-question with its parents' answers.",
            '  rules   - the built-in rules (placeholders, descriptors, pronouns), no model.',
            "  trained - the pointer rewriter @rootweaver/models ships, trained on CompactRAG's",
            '            rewrite set (ADR-0017): it puts the answer in place of the phrase that refers',
            '            to it ("this director", "he"); the rules where it is not confident. No LLM.',
            '  llm     - a small chat model first (e.g. a sub-1B instruct model on a local',
            "            OpenAI-compatible server); the rules' question whenever it fails, times out",
            "            or writes something implausible (drops the parents' answers, names what no",
            '            parent said). Its calls and tokens are counted apart (usage.rewrite) and',
            '            count against no budget.',
          ].join('\n'),
        ),
      min_confidence: fraction
        .optional()
        .describe(
          "trained: the calibrated confidence under which the rewriter declines and the rules ground the sub-question (default: the model's own, 0.2 — chosen on the training sets' splits, ADR-0017). Raise it when your plans mostly name their subjects already, lower it when they mostly refer back.",
        )
        .meta({ examples: [0.2] }),
      model: z
        .string()
        .min(1)
        .optional()
        .describe('llm: the rewriter model on its server (ROOTWEAVER_REWRITER_MODEL otherwise).')
        .meta({ examples: ['qwen2.5:0.5b-instruct'] }),
      base_url: z
        .string()
        .regex(/^https?:\/\/\S+$/)
        .optional()
        .describe(
          "llm: the rewriter's OpenAI-compatible base URL (ROOTWEAVER_REWRITER_BASE_URL, else the main LLM's OPENAI_BASE_URL). Its API key is read from ROOTWEAVER_REWRITER_API_KEY only (OPENAI_API_KEY when it shares the main LLM's server).",
        )
        .meta({ allowed: 'an http(s) URL', examples: ['http://127.0.0.1:11434/v1'] }),
      timeout_ms: positiveInteger
        .default(2000)
        .describe('llm: per-rewrite time limit (ms); past it the rules ground the sub-question.'),
      max_output_tokens: positiveInteger.default(64).describe('llm: output token cap per rewrite.'),
    })
    .prefault({})
    .describe(
      "CompactRAG's rewriter slot: how dependent sub-questions get their parents' answers (compact and keyterm planners).",
    );
}

/**
 * Every knob of the engine, keyed as `multi_hop.yaml` spells them (ADR-077's names), with its default and
 * what it does. This schema is the one description of the configuration: the defaults, the engine's
 * `MultiHopConfig` type, the allowed values in error messages, the "did you mean" hints and the commented
 * default `multi_hop.yaml` are all derived from it. Every key may be left out; unknown keys are errors.
 */
export const multiHopConfigSchema = z.strictObject({
  planner: z
    .enum(['compact', 'adaptive', 'keyterm'])
    .default('compact')
    .describe(
      [
        'Which planner drives the loop.',
        '  compact  - one decomposition into a dependency graph, extractive answers per node,',
        '             one synthesis call (or none when the answer can be composed).',
        '  adaptive - decompose, then an LLM `decide` call after each round (needs an LLM).',
        "  keyterm  - ADR-077's heuristic: re-decompose on the full context each hop.",
      ].join('\n'),
    ),
  max_hops: positiveInteger.default(5).describe('keyterm planner: hop cap (ADR-077 `max_hops`).'),
  answerability_threshold: fraction
    .default(0.6)
    .describe(
      "keyterm planner and compaction: fraction of a sub-query's key terms that must occur in the context for it to count as answered.",
    ),
  max_depth: z
    .number()
    .int()
    .min(0)
    .default(3)
    .describe('adaptive planner: decide rounds after the first retrieval.'),
  max_sub_queries_per_iter: positiveInteger.default(5).describe('New sub-questions allowed per round.'),
  max_total_sub_queries: positiveInteger
    .default(12)
    .describe('Sub-questions allowed per question, all rounds together.'),
  max_pool_chunks: positiveInteger.default(30).describe('Size cap of the deduplicated context pool (items).'),
  top_k: positiveInteger.default(5).describe('Items retrieved per sub-question.'),
  retrieval_mode: z
    .enum(['lexical', 'dense', 'hybrid'])
    .default('hybrid')
    .describe(
      'Retrieval mode. hybrid fuses lexical and dense rankings when the index has vectors and is a lexical search otherwise; dense needs vectors (an index built with an embedder).',
    ),
  extractor_scope: extractorScopeSchema('all'),
  extraction_confidence_threshold: fraction
    .default(0.3)
    .describe(
      "compact planner: below this extraction confidence a node stays unresolved. The heuristic extractor's; an extractor that states its own threshold resolves at that.",
    ),
  compose_min_confidence: fraction
    .default(0.8)
    .describe(
      'compact planner, synthesis auto: an answer is composed without the synthesis call only when its confidence — the product of the calibrated confidences of the nodes it rests on — reaches this; below it, the LLM synthesizes (with no LLM the composed answer is still given). 0.8: skip the call only when the answer is right four times in five.',
    ),
  synthesis: z
    .enum(['auto', 'llm', 'extractive'])
    .default('auto')
    .describe(
      [
        'How the compact planner produces its final answer.',
        "  auto       - compose without an LLM when the plan's form allows it, else call the LLM.",
        '  llm        - always make the synthesis call.',
        '  extractive - never call the LLM for synthesis.',
      ].join('\n'),
    ),
  compaction_enabled: z
    .boolean()
    .default(false)
    .describe(
      "Pre-synthesis compaction (ADR-077). Stays off until ADR-077's quality gate passes. Under MultiHopCapability it runs only when this AND the compaction flag AND the capability flag are all on.",
    ),
  compaction_max_chars: positiveInteger
    .default(2000)
    .describe('Hard character budget of the compacted synthesis context.'),
  temperature: z.number().min(0).max(2).default(0).describe('LLM sampling temperature.'),
  max_output_tokens: positiveInteger.default(512).describe('Output token cap per LLM call.'),
  max_answer_chars: positiveInteger
    .max(1_000_000)
    .default(4_000)
    .describe(
      'Longest answer accepted from the synthesis call (characters); a longer one fails the question with llm-bad-response.',
    ),
  deadline_ms: z
    .number()
    .int()
    .min(100)
    .max(600_000)
    .default(60_000)
    .describe(
      'Whole-run deadline per question (ms): past it the run ends in a normal answer built from what was found, with forced_stop = deadline and the partial trace. A request may ask for less, never more.',
    ),
  budgets: z
    .strictObject({
      max_llm_calls: z
        .number()
        .int()
        .min(0)
        .default(8)
        .describe('LLM calls per question; 0 answers without any LLM call (rule-based decomposition).'),
      max_tokens: positiveInteger.default(24_000).describe('Input plus output tokens per question.'),
    })
    .prefault({})
    .describe(
      'Per-question budgets; reaching one ends the loop with forced_stop = budget (a normal answer, not an error).',
    ),
  rewriter: rewriterSectionSchema('rules'),
});

/** The configuration as `multi_hop.yaml` writes it (snake_case), every default filled in. */
export type MultiHopConfigSnakeCase = z.output<typeof multiHopConfigSchema>;
