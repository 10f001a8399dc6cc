import { z } from 'zod';

/**
 * Strict vendor modes make every optional field nullable (see `toStrictJsonSchema`), and many
 * local models write `null` for whatever they leave out. A `null` in an optional field therefore
 * means "absent". Waiting for the schema to complain is not enough: zod reports such a null as
 * `invalid_type` for a string but as `invalid_value` for an enum, `invalid_union` inside a union,
 * and a custom message from a refinement. So the nulls are removed before validation, by walking
 * the value alongside the schema's JSON Schema (input side): exactly where that schema leaves a
 * property out of `required` and does not allow `null` itself, a `null` is dropped.
 */

type Node = Readonly<Record<string, unknown>>;

const converted = new WeakMap<z.ZodType, Node | null>();

/**
 * A copy of `value` without the `null`s that stand for absent optional fields, at any depth.
 * Values the schema cannot describe (a schema with no JSON form) come back unchanged. The value
 * must already be bounded in depth (`checkBoundedValue`): the walk recurses once per level.
 */
export function dropOptionalNulls(schema: z.ZodType, value: unknown): unknown {
  const root = jsonSchemaOf(schema);
  return root === null ? value : walk(root, root, value);
}

function jsonSchemaOf(schema: z.ZodType): Node | null {
  const cached = converted.get(schema);
  if (cached !== undefined) return cached;
  let result: Node | null;
  try {
    // Unrepresentable parts (dates, transforms) become `{}`, which accepts anything, null included.
    result = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Node;
  } catch {
    result = null;
  }
  converted.set(schema, result);
  return result;
}

function walk(root: Node, schema: Node, value: unknown): unknown {
  const node = resolve(root, schema);
  if (node === undefined || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return walkArray(root, node, value);
  let current = value as Record<string, unknown>;
  for (const part of branchesOf(node.allOf)) current = walk(root, part, current) as Record<string, unknown>;
  const branch = matchingBranch(root, node, current);
  if (branch !== undefined) current = walk(root, branch, current) as Record<string, unknown>;
  if (!isRecord(node.properties)) return current;
  const properties = node.properties;
  const required = new Set(Array.isArray(node.required) ? node.required : []);
  const result: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(current)) {
    const property = properties[key];
    if (!isRecord(property)) {
      result[key] = field;
      continue;
    }
    if (field === null && !required.has(key) && !allowsNull(root, property)) continue;
    result[key] = walk(root, property, field);
  }
  return result;
}

function walkArray(root: Node, node: Node, value: readonly unknown[]): unknown[] {
  const prefix = Array.isArray(node.prefixItems) ? node.prefixItems : [];
  return value.map((item, index) => {
    const itemSchema = index < prefix.length ? prefix[index] : node.items;
    return isRecord(itemSchema) ? walk(root, itemSchema, item) : item;
  });
}

/**
 * The one `anyOf`/`oneOf` branch an object belongs to: the branches whose `const` properties (a
 * discriminated union's tag) all match the value, when exactly one does. Undefined when the union
 * is ambiguous, so no null is dropped on a guess.
 */
function matchingBranch(root: Node, node: Node, value: Record<string, unknown>): Node | undefined {
  const branches = [...branchesOf(node.anyOf), ...branchesOf(node.oneOf)]
    .map((branch) => resolve(root, branch))
    .filter(
      (branch): branch is Node => branch !== undefined && (branch.type === undefined || branch.type === 'object'),
    );
  if (branches.length === 0) return undefined;
  if (branches.length === 1) return branches[0];
  const matching = branches.filter((branch) => {
    if (!isRecord(branch.properties)) return false;
    const tags = Object.entries(branch.properties).filter(
      (entry): entry is [string, Node] => isRecord(entry[1]) && 'const' in entry[1],
    );
    return tags.length > 0 && tags.every(([key, tag]) => value[key] === tag.const);
  });
  return matching.length === 1 ? matching[0] : undefined;
}

/** Whether the schema accepts `null` itself, in which case a `null` is a real value and stays. */
function allowsNull(root: Node, schema: Node): boolean {
  const node = resolve(root, schema);
  if (node === undefined) return true;
  if (node.type === 'null' || node.const === null) return true;
  if (Array.isArray(node.type) && node.type.includes('null')) return true;
  if (Array.isArray(node.enum) && node.enum.includes(null)) return true;
  const branches = [...branchesOf(node.anyOf), ...branchesOf(node.oneOf)];
  if (branches.length > 0) return branches.some((branch) => allowsNull(root, branch));
  // A schema with no constraint on the kind of value (`{}` for unknown or unrepresentable) accepts null.
  return node.type === undefined && node.const === undefined && node.enum === undefined && node.$ref === undefined;
}

/** Follow a local `$ref` (`#` or `#/$defs/name`, as zod writes them); undefined when it leads nowhere. */
function resolve(root: Node, schema: Node): Node | undefined {
  let node: Node | undefined = schema;
  for (let hops = 0; node !== undefined && typeof node.$ref === 'string'; hops += 1) {
    if (hops > 32) return undefined;
    const reference: string = node.$ref;
    if (reference === '#') node = root;
    else if (reference.startsWith('#/$defs/') && isRecord(root.$defs)) {
      const target = root.$defs[reference.slice('#/$defs/'.length)];
      node = isRecord(target) ? target : undefined;
    } else node = undefined;
  }
  return node;
}

function branchesOf(value: unknown): Node[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
