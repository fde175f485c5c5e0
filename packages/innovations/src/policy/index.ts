export { type AnswerPolicy, defaultAnswerPolicy } from './answer-policy.js';
