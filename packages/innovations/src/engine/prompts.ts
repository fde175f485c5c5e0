/**
 * Every prompt the engine sends, versioned. Changing a template's wording means a new version string:
 * `MultiHopAnswer.promptTemplateVersion` names the template set an answer was made with.
 */
export const compactPromptVersion = 'compact-v1';
export const multiHopPromptVersion = 'rag-multi-hop-v1';
export const singlePassPromptVersion = 'rag-single-pass-v1';

/** compact-v1, LLM call 1: a dependency graph of atomic sub-questions, as JSON. */
export function compactDecomposePrompt(question: string): string {
  return [
    'Decompose the question into atomic sub-questions, each answerable by a single fact, and give the dependencies between them.',
    '',
    'Rules:',
    '- A sub-question that needs the answer of another lists that sub-question\'s id in "refs" and names the missing answer with a bracketed placeholder, e.g. "[director]".',
    '- Sub-questions with no dependency have "refs": [].',
    '- If the question is already simple, return one sub-question.',
    '- Output only JSON, no prose.',
    '',
    'Output format: {"subQuestions":[{"id":0,"question":"...","refs":[]}]}',
    '',
    'Example. Question: What university did the director of Inception attend?',
    '{"subQuestions":[{"id":0,"question":"Who directed Inception?","refs":[]},{"id":1,"question":"What university did [director] attend?","refs":[0]}]}',
    '',
    `Question: ${question}`,
  ].join('\n');
}

/** compact-v1, LLM call 2: synthesis from the sub-questions, their answers and evidence. */
export function compactSynthesisPrompt(question: string, context: string): string {
  return [
    'Answer the question from the sub-question answers and the numbered evidence below.',
    '',
    'Rules:',
    '- Cite the evidence you use with its [N] marker.',
    '- A sub-question marked unresolved has no reliable answer: reason from its evidence.',
    '- If the evidence does not contain the answer, say so explicitly.',
    '- Answer briefly: a name, date, number or short phrase when the question asks for one.',
    '',
    `Question: ${question}`,
    '',
    'Sub-questions, answers and evidence:',
    context,
    '',
    'Answer:',
  ].join('\n');
}

/** rag-multi-hop-v1: the adaptive planner's first decomposition, a JSON array of strings. */
export function adaptiveDecomposePrompt(question: string, maxSubQuestions: number): string {
  return [
    'Decompose the question into the sub-questions needed to answer it by multi-hop reasoning.',
    '',
    `Question: ${question}`,
    '',
    'Rules:',
    `- At most ${maxSubQuestions} sub-questions.`,
    '- Each sub-question must be searchable on its own.',
    '- If the question is already simple, return exactly one sub-question.',
    '- Output only a JSON array, no prose.',
    '',
    'Example output: ["sub-question 1", "sub-question 2"]',
  ].join('\n');
}

/** rag-multi-hop-v1: after each round, continue with new sub-questions or stop with `[]`. */
export function adaptiveDecidePrompt(options: {
  readonly question: string;
  readonly context: string;
  readonly items: number;
  readonly askedSubQuestions: readonly string[];
  readonly maxSubQuestions: number;
  readonly remainingDepth: number;
}): string {
  return [
    `Question: ${options.question}`,
    '',
    `Evidence gathered so far (${options.items} items):`,
    options.context,
    '',
    'Sub-questions already searched:',
    ...options.askedSubQuestions.map((subQuestion) => `- ${subQuestion}`),
    '',
    `Is more retrieval needed? If so, output a JSON array of at most ${options.maxSubQuestions} new sub-questions; if the evidence is sufficient, output an empty array [].`,
    `Remaining depth: ${options.remainingDepth}`,
    'Output only the JSON array.',
  ].join('\n');
}

/** rag-multi-hop-v1: the cited synthesis over the numbered pool (adaptive and keyterm). */
export function multiHopSynthesisPrompt(question: string, context: string): string {
  return citedAnswerPrompt(question, context, 'something');
}

/** A cited answer over numbered evidence; `missing` names what the evidence may lack. */
function citedAnswerPrompt(question: string, context: string, missing: string): string {
  return [
    `Question: ${question}`,
    '',
    'Answer from the numbered evidence below:',
    context,
    '',
    'Rules:',
    '- Support every claim with the [N] marker of the evidence it comes from.',
    `- If the evidence does not contain ${missing}, say so explicitly.`,
    '- Answer briefly.',
    '',
    'Answer:',
  ].join('\n');
}

/** rag-multi-hop-v1: the keyterm planner's per-hop re-decomposition on the full context. */
export function keytermDecomposePrompt(question: string, context: string, maxSubQuestions: number): string {
  return [
    'Decompose the question into the sub-questions needed to answer it, in the order they should be searched. Use what is already known to name entities explicitly.',
    '',
    `Question: ${question}`,
    '',
    'Known so far:',
    context.length === 0 ? '(nothing yet)' : context,
    '',
    `Output only a JSON array of at most ${maxSubQuestions} sub-questions, no prose.`,
  ].join('\n');
}

/** rag-single-pass-v1: one retrieval with the whole question, one cited answer. */
export function singlePassPrompt(question: string, context: string): string {
  return citedAnswerPrompt(question, context, 'the answer');
}
