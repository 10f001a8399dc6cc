import { describe, expect, it } from 'vitest';
import * as tools from './index.js';

describe('the public API of @sandpiper/tools', () => {
  it('exports exactly these values', () => {
    expect(Object.keys(tools).sort()).toEqual([
      'BUILT_IN_KNOWLEDGE_DIRECTORY',
      'MAX_KNOWLEDGE_FILE_BYTES',
      'MAX_SEARCH_LIMIT',
      'codeInputSchema',
      'createCoder',
      'createKnowledgeBase',
      'createToolRunner',
      'searchInputSchema',
      'splitMarkdownSections',
    ]);
  });
});
