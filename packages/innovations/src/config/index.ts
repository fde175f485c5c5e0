export type { CamelCase, CamelCaseKeys, DeepPartial, SnakeCase } from './camel-case.js';
export { camelCaseName, renameKeys, snakeCaseName } from './camel-case.js';
export {
  compactionRuns,
  defaultMultiHopConfig,
  isResolvedMultiHopConfig,
  type MultiHopConfig,
  type MultiHopConfigInput,
  multiHopConfigFromSnakeCase,
  overrideMultiHopConfig,
  resolveMultiHopConfig,
} from './multi-hop-config.js';
export {
  extractorScopeSchema,
  type MultiHopConfigSnakeCase,
  multiHopConfigSchema,
  rewriterSectionSchema,
} from './multi-hop-config-schema.js';
export {
  type ConfigSchemaNode,
  closestName,
  configJsonSchema,
  describeAllowedValues,
  nodeAt,
  type ValidateConfigOptions,
  validateConfig,
} from './validate-config.js';
