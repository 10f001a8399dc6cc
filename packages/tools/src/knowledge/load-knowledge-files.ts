import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/** Knowledge files larger than this are skipped: the base holds notes, not manuals. */
export const MAX_KNOWLEDGE_FILE_BYTES = 512 * 1024;

/** A markdown file read from a knowledge directory. */
export interface KnowledgeFile {
  /** The directory it was found in, as given. */
  readonly directory: string;
  /** Its path relative to `directory`, with forward slashes ("forms/native-selects.md"). */
  readonly file: string;
  readonly text: string;
}

/** A file or directory that was not indexed, and why; the base still works without it. */
export interface SkippedKnowledge {
  /** The path as found on disk. */
  readonly path: string;
  /** One sentence: "the directory does not exist", "the file is empty", "the file is not UTF-8 text". */
  readonly reason: string;
}

/**
 * Read every `.md` file under `directory` (a `README.md` excepted), in subdirectories too, in a
 * stable order. A directory
 * that does not exist is reported, not thrown: user knowledge directories are optional.
 */
export async function readKnowledgeDirectory(
  directory: string,
): Promise<{ files: KnowledgeFile[]; skipped: SkippedKnowledge[] }> {
  const files: KnowledgeFile[] = [];
  const skipped: SkippedKnowledge[] = [];
  const found = await listMarkdown(directory, skipped);
  for (const path of found) {
    const read = await readText(path);
    if (read.ok) files.push({ directory, file: relative(directory, path).split(sep).join('/'), text: read.text });
    else skipped.push({ path, reason: read.reason });
  }
  return { files, skipped };
}

async function listMarkdown(directory: string, skipped: SkippedKnowledge[]): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(directory, { withFileTypes: true });
  } catch (error: unknown) {
    skipped.push({ path: directory, reason: describeFsError(error, 'directory') });
    return [];
  }
  const paths: string[] = [];
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    // Hidden entries are editor backups and version-control data, never knowledge.
    if (entry.name.startsWith('.')) continue;
    const path = join(directory, entry.name);
    if (entry.isDirectory()) paths.push(...(await listMarkdown(path, skipped)));
    else if (entry.isFile() && isKnowledgeFileName(entry.name)) paths.push(path);
  }
  return paths;
}

/** Markdown files, except a README, which describes the directory rather than a procedure. */
function isKnowledgeFileName(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.endsWith('.md') && lower !== 'readme.md';
}

async function readText(path: string): Promise<{ ok: true; text: string } | { ok: false; reason: string }> {
  try {
    const size = (await stat(path)).size;
    if (size > MAX_KNOWLEDGE_FILE_BYTES) {
      return { ok: false, reason: `the file has ${size} bytes, more than the ${MAX_KNOWLEDGE_FILE_BYTES} allowed` };
    }
    const bytes = await readFile(path);
    if (bytes.includes(0)) return { ok: false, reason: 'the file is binary, not markdown text' };
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      return { ok: false, reason: 'the file is not UTF-8 text' };
    }
    if (text.trim() === '') return { ok: false, reason: 'the file is empty' };
    return { ok: true, text: text.replace(/^\uFEFF/, '') };
  } catch (error: unknown) {
    return { ok: false, reason: describeFsError(error, 'file') };
  }
}

function describeFsError(error: unknown, what: 'file' | 'directory'): string {
  const code = (error as { code?: unknown }).code;
  if (code === 'ENOENT') return `the ${what} does not exist`;
  if (code === 'ENOTDIR') return 'the path is not a directory';
  if (code === 'EACCES' || code === 'EPERM') return `the ${what} cannot be read (permission denied)`;
  return `the ${what} cannot be read: ${error instanceof Error ? error.message : String(error)}`;
}
