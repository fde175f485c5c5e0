export { type ParsePlanOptions, type PlanResult, parsePlan, planFromValue } from './parse-plan.js';
export { topologicalLayers, validatePlan } from './validate-plan.js';
