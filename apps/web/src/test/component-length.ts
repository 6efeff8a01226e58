import ts from 'typescript';

export type FunctionLength = { name: string; lines: number; line: number };

/** Each named function in a module (declarations, and arrows or function expressions given to a const) with its length in lines. */
export function functionLengths(source: string, fileName = 'module.tsx'): FunctionLength[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: FunctionLength[] = [];
  const lineOf = (position: number) => file.getLineAndCharacterOfPosition(position).line + 1;
  const record = (name: string, node: ts.Node) => {
    const line = lineOf(node.getStart(file));
    found.push({ name, line, lines: lineOf(node.getEnd()) - line + 1 });
  };
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) && node.name && node.body) record(node.name.text, node);
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))
    ) {
      record(node.name.text, node);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Components are the functions whose name starts with a capital letter. */
export function componentLengths(source: string, fileName?: string): FunctionLength[] {
  return functionLengths(source, fileName).filter((each) => /^[A-Z]/.test(each.name));
}

/** A component function may be this long; beyond it, its state goes to a hook and its parts to their own views. */
export const MAX_COMPONENT_LINES = 120;

/**
 * What breaks the limit: every component over it that `allowed` (by `path#Name`, with the length it had) does
 * not cover, or that grew beyond its allowance; and every allowance no longer needed, so the list only shrinks.
 */
export function componentLengthProblems(
  files: readonly { path: string; source: string }[],
  allowed: Readonly<Record<string, number>>,
): string[] {
  const problems: string[] = [];
  const over = new Set<string>();
  for (const { path, source } of files) {
    for (const component of componentLengths(source, path)) {
      if (component.lines <= MAX_COMPONENT_LINES) continue;
      const key = `${path}#${component.name}`;
      over.add(key);
      const allowance = allowed[key];
      if (allowance === undefined || component.lines > allowance) {
        problems.push(
          `${key} (line ${component.line}) has ${component.lines} lines; at most ${allowance ?? MAX_COMPONENT_LINES}`,
        );
      }
    }
  }
  for (const key of Object.keys(allowed)) {
    if (!over.has(key)) problems.push(`${key} is within ${MAX_COMPONENT_LINES} lines now: take it off the list`);
  }
  return problems;
}
