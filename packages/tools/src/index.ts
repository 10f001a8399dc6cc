export {
  BUILT_IN_KNOWLEDGE_DIRECTORY,
  MAX_SEARCH_LIMIT,
  createKnowledgeBase,
  type IndexedKnowledgeFile,
  type KnowledgeBase,
  type KnowledgeBaseOptions,
  type KnowledgeHit,
} from './knowledge/knowledge-base.js';
export { MAX_KNOWLEDGE_FILE_BYTES, type SkippedKnowledge } from './knowledge/load-knowledge-files.js';
export { splitMarkdownSections, type KnowledgeSection } from './knowledge/markdown-sections.js';
export type { WebSearchOutcome, WebSearchProvider, WebSearchResult } from './knowledge/web-search.js';
export { createCoder, type Coder, type CoderLimits, type CoderOptions } from './coder/coder.js';
export { codeInputSchema, searchInputSchema, type CodeInput, type SearchInput } from './tool-inputs.js';
export { createToolRunner, type ToolRunnerOptions } from './tool-runner.js';
