export { type ComposeAnswerOptions, type Composition, composeAnswer } from './compose-answer.js';
