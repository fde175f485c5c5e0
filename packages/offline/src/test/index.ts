export { JsonlFileStore } from './jsonl-file-store.js';
