import type { KnowledgeHit } from './knowledge-base.js';
import type { WebSearchOutcome } from './web-search.js';

/**
 * The searcher's answer as the operator reads it: each local section with where it came from,
 * then what the web provider found (or why it could not search).
 */
export function formatSearchOutput(
  query: string,
  hits: readonly KnowledgeHit[],
  web?: { readonly provider: string; readonly outcome: WebSearchOutcome },
): string {
  const lines: string[] = [];
  if (hits.length === 0) {
    lines.push(`The local knowledge base has nothing on "${query}".`);
  } else {
    lines.push(
      `${hits.length} ${hits.length === 1 ? 'section' : 'sections'} from the local knowledge base for "${query}", best first:`,
    );
    hits.forEach((hit, index) => {
      lines.push(
        '',
        `[${index + 1}] ${hit.heading} (${hit.source} ${hit.file}, score ${hit.score.toFixed(2)})`,
        hit.excerpt,
      );
    });
  }
  if (web) {
    lines.push('');
    if (!web.outcome.ok) lines.push(`Web search (${web.provider}) failed: ${web.outcome.error}`);
    else if (web.outcome.results.length === 0) lines.push(`Web search (${web.provider}) found nothing.`);
    else {
      lines.push(`Web search (${web.provider}):`);
      web.outcome.results.forEach((result, index) => {
        lines.push('', `[w${index + 1}] ${result.title}${result.url ? ` <${result.url}>` : ''}`, result.text);
      });
    }
  }
  return lines.join('\n');
}
