export type {
  CapabilityEvent,
  CapabilityRequest,
  CapabilityResult,
  CapabilityRetrieval,
  CapabilityUser,
  MultiHopMetadata,
  RetrievalMetadata,
} from './capability/capability-types.js';
export { createDefaultProviders, createEngine } from './capability/create-engine.js';
export { createQuestionRewriter } from './capability/create-question-rewriter.js';
export { MultiHopCapability, type MultiHopCapabilityOptions } from './capability/multi-hop-capability.js';
export type {
  CapabilityProviders,
  MultiHopEngine,
  MultiHopEngineFactory,
} from './capability/multi-hop-engine.js';
export {
  checkoutPackageName,
  defaultAssetPath,
  findRootweaverCheckout,
} from './checkout/rootweaver-checkout.js';
export {
  defaultMultiHopConfigPath,
  type LoadedMultiHopConfig,
  type LoadMultiHopConfigOptions,
  loadMultiHopConfig,
  type MultiHopProviderSettings,
  multiHopConfigEnvironmentVariable,
  parseMultiHopConfig,
} from './config/load-multi-hop-config.js';
export {
  type MultiHopYaml,
  multiHopProvidersSchema,
  multiHopYamlSchema,
} from './config/multi-hop-yaml-schema.js';
export { renderMultiHopYaml } from './config/render-multi-hop-yaml.js';
export { BootstrapFlagSource, type BootstrapFlagSourceOptions } from './flags/bootstrap-flag-source.js';
export {
  type ConfiguredFlagSource,
  type CreateFlagSourceOptions,
  createFlagSource,
  createStderrErrorHandler,
} from './flags/create-flag-source.js';
export { isPlannerName, multiHopFlagFallbacks, multiHopFlagNames } from './flags/flag-names.js';
export type { FlagContext, FlagSource, FlagVariant } from './flags/flag-source.js';
export { type FlagSnapshot, readFlagSnapshot } from './flags/read-flag-snapshot.js';
export { toUnleashContext } from './flags/to-unleash-context.js';
export type { FlagErrorHandler } from './flags/unleash-evaluator.js';
export {
  defaultFlagBootstrapPath,
  flagBootstrapEnvironmentVariable,
  readFeatureDefinitions,
  type UnleashFeatureDefinition,
} from './flags/unleash-feature-definitions.js';
export { UnleashFlagSource, type UnleashFlagSourceOptions } from './flags/unleash-flag-source.js';
export { type AccessLogFields, type AccessLogOptions, createAccessLog } from './http/access-log.js';
export type { AnswerRoute, AnswerRouteRequest } from './http/answer-route.js';
export {
  type AskRequestBody,
  askRequestSchema,
  parseAskRequest,
  retrievalFilterSchema,
  toRetrievalFilter,
} from './http/ask-request-schema.js';
export {
  type AskResponseBody,
  type AskStreamEvent,
  askResponseSchema,
  askStreamEventSchema,
  errorResponseSchema,
  toAskResponseBody,
} from './http/ask-response-schema.js';
export { authTokenEnvironmentVariable, type BearerAuth, createBearerAuth } from './http/auth.js';
export { type CorsPolicy, createCorsPolicy } from './http/cors.js';
export {
  type AskCapability,
  type CreateHttpServerOptions,
  createHttpServer,
  type RootweaverHttpServer,
} from './http/create-http-server.js';
export { createOpenApiDocument, type OpenApiOptions } from './http/openapi.js';
export {
  evidenceSchema,
  type ParsedRetrieveRequest,
  parseRetrieveRequest,
  type RetrieveResponseBody,
  retrievalMetadataSchema,
  retrieveRequestSchema,
  retrieveResponseSchema,
  toRetrieveResponseBody,
} from './http/retrieve-schema.js';
export { type EventStreamOutcome, sendEventStream, wantsEventStream } from './http/sse.js';
export {
  createMetricsRegistry,
  MultiHopMetrics,
  type RequestObservation,
  type RequestOutcome,
} from './metrics/multi-hop-metrics.js';
