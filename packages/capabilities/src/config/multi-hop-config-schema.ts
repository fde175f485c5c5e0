import { z } from 'zod';

/** What each YAML key accepts, in words: used in error messages and the docs. */
export const multiHopYamlAllowedValues: Readonly<Record<string, string>> = {
  planner: 'one of compact, adaptive, keyterm',
  max_hops: 'an integer >= 1',
  answerability_threshold: 'a number between 0 and 1',
  max_depth: 'an integer >= 0',
  max_sub_queries_per_iter: 'an integer >= 1',
  max_total_sub_queries: 'an integer >= 1',
  max_pool_chunks: 'an integer >= 1',
  top_k: 'an integer >= 1',
  retrieval_mode: 'one of lexical, dense, hybrid',
  extraction_confidence_threshold: 'a number between 0 and 1',
  synthesis: 'one of auto, llm, extractive',
  compaction_enabled: 'true or false',
  compaction_max_chars: 'an integer >= 1',
  temperature: 'a number between 0 and 2',
  max_output_tokens: 'an integer >= 1',
  budgets: 'a mapping with max_llm_calls and max_tokens',
  'budgets.max_llm_calls': 'an integer >= 1',
  'budgets.max_tokens': 'an integer >= 1',
  providers: 'a mapping with index_directory, llm_model, llm_base_url',
  'providers.index_directory': 'a non-empty string (a directory path)',
  'providers.llm_model': 'a non-empty string (a model id)',
  'providers.llm_base_url': 'an http(s) URL',
};

const positiveInteger = z.number().int().min(1);
const fraction = z.number().min(0).max(1);

/** The schema of `configs/retrieval/multi_hop.yaml`. Every key is optional; unknown keys are errors. */
export const multiHopYamlSchema = z.strictObject({
  planner: z.enum(['compact', 'adaptive', 'keyterm']).optional(),
  max_hops: positiveInteger.optional(),
  answerability_threshold: fraction.optional(),
  max_depth: z.number().int().min(0).optional(),
  max_sub_queries_per_iter: positiveInteger.optional(),
  max_total_sub_queries: positiveInteger.optional(),
  max_pool_chunks: positiveInteger.optional(),
  top_k: positiveInteger.optional(),
  retrieval_mode: z.enum(['lexical', 'dense', 'hybrid']).optional(),
  extraction_confidence_threshold: fraction.optional(),
  synthesis: z.enum(['auto', 'llm', 'extractive']).optional(),
  compaction_enabled: z.boolean().optional(),
  compaction_max_chars: positiveInteger.optional(),
  temperature: z.number().min(0).max(2).optional(),
  max_output_tokens: positiveInteger.optional(),
  budgets: z
    .strictObject({
      max_llm_calls: positiveInteger.optional(),
      max_tokens: positiveInteger.optional(),
    })
    .optional(),
  providers: z
    .strictObject({
      index_directory: z.string().min(1).optional(),
      llm_model: z.string().min(1).optional(),
      llm_base_url: z
        .string()
        .regex(/^https?:\/\/\S+$/)
        .optional(),
    })
    .optional(),
});

export type MultiHopYaml = z.infer<typeof multiHopYamlSchema>;

/** Allowed keys at the top level and in each nested mapping, for "did you mean" hints. */
export const multiHopYamlKeys: Readonly<Record<string, readonly string[]>> = {
  '': Object.keys(multiHopYamlSchema.shape),
  budgets: ['max_llm_calls', 'max_tokens'],
  providers: ['index_directory', 'llm_model', 'llm_base_url'],
};
