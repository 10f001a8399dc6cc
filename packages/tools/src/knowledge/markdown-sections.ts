/** One searchable piece of a knowledge file: the text under one heading. */
export interface KnowledgeSection {
  /** The headings above and including this section's own, outermost first ("Native selects › By keyboard"). */
  readonly heading: string;
  /** The section's body as markdown, without its heading line; never empty. */
  readonly text: string;
}

const HEADING = /^(#{1,6})[ \t]+(.+?)[ \t]*#*[ \t]*$/;
const FENCE = /^[ \t]{0,3}(```|~~~)/;
const FRONT_MATTER_END = /^---[ \t]*$/m;

/** Separator between heading levels in {@link KnowledgeSection.heading}. */
export const HEADING_SEPARATOR = ' › ';

/**
 * Split a markdown document into sections, one per heading that has text under it. Text before
 * the first heading belongs to a section named `title`. Lines inside code fences are never
 * headings, so a shell comment (`# list files`) in an example stays in its section.
 */
export function splitMarkdownSections(markdown: string, title: string): KnowledgeSection[] {
  const sections: KnowledgeSection[] = [];
  const trail: string[] = [];
  let heading = title;
  let body: string[] = [];
  let fence: string | undefined;
  const flush = () => {
    const text = body.join('\n').trim();
    if (text !== '') sections.push({ heading, text });
    body = [];
  };
  for (const line of withoutFrontMatter(markdown).split(/\r?\n/)) {
    const fenceMark = FENCE.exec(line)?.[1];
    if (fenceMark !== undefined && (fence === undefined || fence === fenceMark)) {
      fence = fence === undefined ? fenceMark : undefined;
      body.push(line);
      continue;
    }
    const match = fence === undefined ? HEADING.exec(line) : null;
    if (!match) {
      body.push(line);
      continue;
    }
    flush();
    const level = match[1]!.length;
    trail.length = Math.min(trail.length, level - 1);
    trail[level - 1] = match[2]!;
    heading = trail.filter((part) => part !== undefined).join(HEADING_SEPARATOR);
  }
  flush();
  return sections;
}

/** Drop a leading `---` block of metadata, which is not prose to search. */
function withoutFrontMatter(markdown: string): string {
  if (!markdown.startsWith('---\n') && !markdown.startsWith('---\r\n')) return markdown;
  const rest = markdown.slice(markdown.indexOf('\n') + 1);
  const end = FRONT_MATTER_END.exec(rest);
  return end ? rest.slice(end.index + end[0].length) : markdown;
}
