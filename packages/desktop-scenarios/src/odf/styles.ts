import { childElements, firstDescendant, type XmlElement } from './xml.js';

/** What the checkers need of one style: where it inherits from and whether it sets the weight. */
interface StyleInfo {
  readonly parent?: string;
  /** Defined in `office:automatic-styles`: direct formatting, as opposed to a named style someone applied. */
  readonly automatic: boolean;
  /** `fo:font-weight` when the style sets it (`bold`, `normal`, `700`). */
  readonly fontWeight?: string;
}

/**
 * The styles of a document by family and name (`paragraph:P1`, `table-cell:ce-header`), from the
 * automatic and common style sections of content.xml and styles.xml.
 */
export class StyleSheet {
  private readonly styles = new Map<string, StyleInfo>();

  constructor(roots: readonly (XmlElement | undefined)[]) {
    for (const root of roots) {
      if (root === undefined) continue;
      for (const section of childElements(root)) {
        const automatic = section.name === 'office:automatic-styles';
        if (!automatic && section.name !== 'office:styles') continue;
        for (const style of childElements(section, 'style:style')) {
          const name = style.attributes['style:name'];
          const family = style.attributes['style:family'];
          if (name === undefined || family === undefined) continue;
          const weight = firstDescendant(style, 'style:text-properties')?.attributes['fo:font-weight'];
          const parent = style.attributes['style:parent-style-name'];
          this.styles.set(`${family}:${name}`, {
            automatic,
            ...(parent === undefined ? {} : { parent }),
            ...(weight === undefined ? {} : { fontWeight: weight }),
          });
        }
      }
    }
  }

  /** The names from `name` up through its parents, as far as they are defined (cycles are cut). */
  chain(family: string, name: string | undefined): string[] {
    const names: string[] = [];
    let current = name;
    while (current !== undefined && !names.includes(current)) {
      names.push(current);
      current = this.styles.get(`${family}:${current}`)?.parent;
    }
    return names;
  }

  /**
   * The first named (non-automatic) style in the chain of `name`: the style a person picked, under
   * the automatic one LibreOffice adds for direct formatting (`P3` → `Heading_20_1`).
   */
  named(family: string, name: string | undefined): string | undefined {
    return this.chain(family, name).find((current) => this.styles.get(`${family}:${current}`)?.automatic !== true);
  }

  /**
   * Whether text in style `name` is bold: the first style in its chain that sets a weight decides.
   * With `directOnly`, only automatic styles count, so a paragraph in the bold Title style is not
   * "bold" while a paragraph someone made bold is. Undefined when no style in reach sets a weight.
   */
  bold(family: string, name: string | undefined, directOnly = false): boolean | undefined {
    for (const current of this.chain(family, name)) {
      const style = this.styles.get(`${family}:${current}`);
      if (style === undefined || (directOnly && !style.automatic)) return undefined;
      if (style.fontWeight !== undefined) return isBoldWeight(style.fontWeight);
    }
    return undefined;
  }
}

function isBoldWeight(weight: string): boolean {
  if (weight === 'bold') return true;
  const numeric = Number(weight);
  return Number.isFinite(numeric) && numeric >= 600;
}
