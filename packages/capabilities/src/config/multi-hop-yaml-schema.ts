import { extractorScopeSchema, multiHopConfigSchema, rewriterSectionSchema } from '@rootweaver/innovations';
import { z } from 'zod';

/** The `providers:` section: where `MultiHopCapability` gets its providers when none are passed in code. */
export const multiHopProvidersSchema = z
  .strictObject({
    index_directory: z
      .string()
      .min(1)
      .default('.rootweaver/index')
      .describe(
        'Directory of an index built by `rootweaver index build` (embedded store), relative to the working directory.',
      ),
    llm_model: z
      .string()
      .min(1)
      .optional()
      .describe(
        'OpenAI-compatible chat model (ROOTWEAVER_LLM_MODEL otherwise); with no LLM configured the capability answers without one (rule decomposition + extractive answers).',
      )
      .meta({ examples: ['gpt-4o-mini'] }),
    llm_base_url: z
      .string()
      .regex(/^https?:\/\/\S+$/)
      .optional()
      .describe('OpenAI-compatible base URL (OPENAI_BASE_URL otherwise).')
      .meta({ allowed: 'an http(s) URL', examples: ['http://127.0.0.1:8000/v1'] }),
    extractor: z
      .enum(['trained', 'heuristic'])
      .default('trained')
      .describe(
        "What answers each sub-question from its evidence when no ONNX extractor is configured (ROOTWEAVER_EXTRACTOR_MODEL_DIR): the span ranker trained on CompactRAG's extraction set that @rootweaver/models ships (ADR-0019; it reads the retrieved pairs and their passages' most relevant sentences), or the rule-based heuristic extractor alone. extractor_scope says which sub-questions the trained one answers (by default those of no known answer type; the heuristic the rest); yes/no sub-questions always go to the heuristic.",
      ),
  })
  .prefault({})
  .describe('Where MultiHopCapability gets its providers when none are passed in code.');

/**
 * `multi_hop.yaml`: the engine's knobs (`multiHopConfigSchema` of innovations) plus the `providers:`
 * section; its rewriter defaults to the trained one, which the capability and the CLI load themselves.
 */
export const multiHopYamlSchema = multiHopConfigSchema.extend({
  extractor_scope: extractorScopeSchema('untyped'),
  rewriter: rewriterSectionSchema('trained'),
  providers: multiHopProvidersSchema,
});

export type MultiHopYaml = z.output<typeof multiHopYamlSchema>;
