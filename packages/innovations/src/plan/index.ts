export { findBalancedEnd, parseLooseLiteral } from './loose-literal.js';
export { type ParsePlanOptions, type PlanResult, parsePlan, planFromValue, readRefs } from './parse-plan.js';
export { findCycle, topologicalLayers, validatePlan } from './validate-plan.js';
