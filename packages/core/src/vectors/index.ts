export { cosineSimilarity } from './cosine-similarity.js';
