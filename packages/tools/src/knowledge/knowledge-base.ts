import { fileURLToPath } from 'node:url';
import MiniSearch from 'minisearch';
import { readKnowledgeDirectory, type KnowledgeFile, type SkippedKnowledge } from './load-knowledge-files.js';
import { splitMarkdownSections } from './markdown-sections.js';
import { tokenize, toTerm } from './search-terms.js';

/** The knowledge shipped with Sandpiper: `knowledge/` at the repository root. */
export const BUILT_IN_KNOWLEDGE_DIRECTORY = fileURLToPath(new URL('../../../../knowledge/', import.meta.url));

/** Most results one search returns, whatever the caller asks. */
export const MAX_SEARCH_LIMIT = 10;
const DEFAULT_SEARCH_LIMIT = 3;
const DEFAULT_EXCERPT_CHARS = 1200;

export interface KnowledgeBaseOptions {
  /** User directories of markdown files (such as `.sandpiper/knowledge`); missing ones are skipped. Empty when absent. */
  readonly directories?: readonly string[];
  /** Whether the built-in knowledge is included; true when absent. */
  readonly builtIn?: boolean;
  /** Longest excerpt of a section a result carries, in characters; 1200 when absent. */
  readonly excerptChars?: number;
}

/** One section that matched a query. */
export interface KnowledgeHit {
  /** The file's path relative to its directory ("native-selects.md"). */
  readonly file: string;
  /** The directory the file was found in. */
  readonly directory: string;
  /** Whether the file ships with Sandpiper or was added by the user. */
  readonly source: 'built-in' | 'user';
  /** The section's heading path, outermost first ("Native selects › Choosing by keyboard"). */
  readonly heading: string;
  /** The section's text, cut at `excerptChars` with a trailing "…" when longer. */
  readonly excerpt: string;
  /** BM25+ relevance as MiniSearch computes it; only comparable within one query. Higher is better. */
  readonly score: number;
}

/** A file that was indexed. */
export interface IndexedKnowledgeFile {
  readonly directory: string;
  readonly file: string;
  readonly source: 'built-in' | 'user';
  /** How many sections of it are searchable. */
  readonly sections: number;
}

/** Markdown knowledge searched offline with BM25+. Built once; searching never touches the disk. */
export interface KnowledgeBase {
  /** Sections ranked by relevance, best first; empty when nothing matches or the query has no searchable words. */
  search(query: string, options?: { readonly limit?: number }): readonly KnowledgeHit[];
  readonly files: readonly IndexedKnowledgeFile[];
  /** Files and directories that were not indexed, with the reason; a missing user directory is listed here. */
  readonly skipped: readonly SkippedKnowledge[];
  /** How many sections are searchable. */
  readonly sectionCount: number;
}

interface SectionDocument {
  readonly id: number;
  readonly heading: string;
  readonly text: string;
  readonly file: string;
  readonly directory: string;
  readonly source: 'built-in' | 'user';
}

/**
 * MiniSearch 7 scores every field with BM25+ (BM25 whose term-frequency part has a lower bound
 * `d`, so a long section that contains a term never scores below one that lacks it) and sums the
 * fields with their boosts. The values are written out rather than left to the library's defaults
 * so that an upgrade cannot silently change the ranking. `b` is the classic 0.75: sections range
 * from two lines to a page, and a long one mentioning a word in passing should not beat a short one
 * about it.
 */
const BM25_PARAMETERS = { k: 1.2, b: 0.75, d: 0.5 } as const;
/** A word in a heading says more about a section than the same word in its body. */
const FIELD_BOOSTS = { heading: 2, text: 1 } as const;

/** Read the knowledge directories and index every section. */
export async function createKnowledgeBase(options: KnowledgeBaseOptions = {}): Promise<KnowledgeBase> {
  const sources: { directory: string; source: 'built-in' | 'user' }[] = [
    ...(options.builtIn === false ? [] : [{ directory: BUILT_IN_KNOWLEDGE_DIRECTORY, source: 'built-in' as const }]),
    ...(options.directories ?? []).map((directory) => ({ directory, source: 'user' as const })),
  ];
  const excerptChars = options.excerptChars ?? DEFAULT_EXCERPT_CHARS;
  const documents: SectionDocument[] = [];
  const files: IndexedKnowledgeFile[] = [];
  const skipped: SkippedKnowledge[] = [];
  for (const { directory, source } of sources) {
    const read = await readKnowledgeDirectory(directory);
    skipped.push(...read.skipped);
    for (const file of read.files) {
      const sections = sectionsOf(file);
      if (sections.length === 0) {
        skipped.push({ path: `${directory}/${file.file}`, reason: 'the file has no text under any heading' });
        continue;
      }
      files.push({ directory, file: file.file, source, sections: sections.length });
      for (const section of sections) {
        documents.push({ id: documents.length, ...section, file: file.file, directory, source });
      }
    }
  }
  const index = new MiniSearch<SectionDocument>({
    fields: ['heading', 'text'],
    tokenize,
    processTerm: toTerm,
    searchOptions: { boost: { ...FIELD_BOOSTS }, bm25: { ...BM25_PARAMETERS }, combineWith: 'OR' },
  });
  index.addAll(documents);
  return {
    files,
    skipped,
    sectionCount: documents.length,
    search(query, searchOptions = {}) {
      const limit = Math.max(1, Math.min(MAX_SEARCH_LIMIT, searchOptions.limit ?? DEFAULT_SEARCH_LIMIT));
      return index
        .search(query)
        .slice(0, limit)
        .map((result) => {
          const document = documents[result.id as number]!;
          return {
            file: document.file,
            directory: document.directory,
            source: document.source,
            heading: document.heading,
            excerpt: excerpt(document.text, excerptChars),
            score: result.score,
          };
        });
    },
  };
}

function sectionsOf(file: KnowledgeFile) {
  const title = file.file.replace(/\.md$/i, '').split('/').at(-1)!.replace(/[-_]+/g, ' ');
  return splitMarkdownSections(file.text, title);
}

/** Cut at a line or word boundary near the limit, so an excerpt never ends mid-word. */
function excerpt(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const head = text.slice(0, limit);
  const boundary = Math.max(head.lastIndexOf('\n'), head.lastIndexOf(' '));
  return `${(boundary > limit / 2 ? head.slice(0, boundary) : head).trimEnd()} …`;
}
