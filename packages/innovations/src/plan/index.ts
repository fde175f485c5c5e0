export type { Plan, PlanNode, PlanSource } from './plan.js';
