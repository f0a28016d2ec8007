import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const root = new URL('..', import.meta.url).pathname;

/** What the scan found: every rule id (with the place it was first seen), and the places it could not read an id from. */
export interface RuleIdScan {
  ids: Map<string, string>;
  /** The check catalogue's own ids (CheckProblem's), which every format and `grading/` pass on under their prefix. */
  checkIds: string[];
  unreadable: string[];
}

const SINK_METHODS = new Set(['error', 'warning', 'info', 'errorNeedingTrust']);
const FULL_ID = /^[a-z][a-z-]*\/[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A source file to scan: its path (formats are told by `formats/<id>/src/` in it) and its text. */
export interface SourceText {
  file: string;
  text: string;
}

/** The repository's source files: packages, formats and adapters, without tests, test support and browser code. */
export function repositorySources(): SourceText[] {
  return sourceFiles().map((file) => ({ file, text: readFileSync(file, 'utf8') }));
}

function sourceFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'test-support' && entry.name !== 'client') walk(path);
      } else if (/\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name)) files.push(path);
    }
  };
  for (const group of ['packages', 'formats', 'adapters']) {
    for (const pkg of readdirSync(join(root, group))) {
      // The differential tests report no diagnostics; their peers' repository names ('promptfoo/promptfoo') would
      // read as rule ids once a format bears the peer's name.
      if (group === 'packages' && pkg === 'differential') continue;
      try {
        walk(join(root, group, pkg, 'src'));
      } catch {
        // a folder without src (none today) has no diagnostics
      }
    }
  }
  return files;
}

/** The string members of a union type alias written in the file: `type RuleId = | 'a' | 'b' | Other['ruleId']`. */
function unionMembers(node: ts.TypeNode): { literals: string[]; references: string[] } {
  const literals: string[] = [];
  const references: string[] = [];
  const visit = (type: ts.TypeNode) => {
    if (ts.isUnionTypeNode(type)) type.types.forEach(visit);
    else if (ts.isLiteralTypeNode(type) && ts.isStringLiteral(type.literal)) literals.push(type.literal.text);
    else references.push(type.getText());
  };
  visit(node);
  return { literals, references };
}

const place = (source: ts.SourceFile, node: ts.Node) =>
  `${relative(root, source.fileName)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;

const isRuleIdExpression = (node: ts.Node): boolean =>
  (ts.isPropertyAccessExpression(node) && node.name.text === 'ruleId') ||
  (ts.isElementAccessExpression(node) && node.argumentExpression.getText() === "'ruleId'");

/**
 * Every diagnostic rule id the code can emit, read from its syntax: the `RuleId` unions of the formats (each member
 * prefixed with the format's id, as the sink prefixes it), the rule literals handed to a format's sink, full ids
 * written as literals (`'discovery/not-found'`), and the check catalogue's ids wherever a check problem's `ruleId`
 * is passed on (under the format's prefix, or under the prefix of a template such as `grading/${problem.ruleId}`).
 * A template or sink call whose id cannot be read this way is listed in `unreadable`: the test fails on it, so every
 * id stays findable.
 */
export function scanRuleIds(sources: readonly SourceText[] = repositorySources()): RuleIdScan {
  const ids = new Map<string, string>();
  const unreadable: string[] = [];
  const parsed = sources.map(({ file, text }) =>
    ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS),
  );

  // The check catalogue's ids: the `ruleId` union of CheckProblem.
  const checkIds: string[] = [];
  for (const source of parsed) {
    source.forEachChild(function visit(node): void {
      if (ts.isInterfaceDeclaration(node) && node.name.text === 'CheckProblem') {
        for (const member of node.members) {
          if (ts.isPropertySignature(member) && member.name.getText() === 'ruleId' && member.type)
            checkIds.push(...unionMembers(member.type).literals);
        }
      }
      node.forEachChild(visit);
    });
  }

  const add = (id: string, source: ts.SourceFile, node: ts.Node) => {
    if (!ids.has(id)) ids.set(id, place(source, node));
  };
  const formatOf = (file: string) => /\/formats\/([^/]+)\/src\//.exec(file)?.[1];

  // The ids an expression in a rule position stands for: a literal, either branch of a condition, or a template
  // built from a check problem (`grading/${problem.ruleId}`); any other template cannot be read.
  const idsIn = (expr: ts.Expression, source: ts.SourceFile, prefix = ''): string[] => {
    if (ts.isStringLiteralLike(expr)) return [`${prefix}${expr.text}`];
    if (ts.isParenthesizedExpression(expr)) return idsIn(expr.expression, source, prefix);
    if (ts.isConditionalExpression(expr))
      return [...idsIn(expr.whenTrue, source, prefix), ...idsIn(expr.whenFalse, source, prefix)];
    // A check problem's id handed to a format's sink, which prefixes it; elsewhere `d.ruleId` passes an id on.
    if (isRuleIdExpression(expr)) return prefix ? checkIds.map((id) => `${prefix}${id}`) : [];
    // `${this.formatId}/${rule}` is the sink prefixing the rules found at its calls.
    if (ts.isTemplateExpression(expr) && expr.head.text !== '') {
      const [span] = expr.templateSpans;
      if (expr.templateSpans.length === 1 && span!.literal.text === '' && isRuleIdExpression(span!.expression))
        return checkIds.map((id) => `${prefix}${expr.head.text}${id}`);
      unreadable.push(`${place(source, expr)}: ${expr.getText()}`);
    }
    // An identifier or a call passes on an id written as a literal elsewhere; the sweep below finds it.
    return [];
  };

  // Ids in the places that name one: `ruleId: …`, an argument for a parameter named `ruleId` of a function of the
  // same file (`diag('error', 'discovery/not-found', …)`), and a rule handed to a format's sink.
  const prefixes = new Set<string>();
  // The check catalogue's own short ids are read from CheckProblem above.
  for (const source of parsed.filter((s) => !s.fileName.includes('/packages/checks/'))) {
    const format = formatOf(source.fileName);
    if (format) prefixes.add(format);
    const ruleIdParameter = new Map<string, number>();
    source.forEachChild(function visit(node): void {
      const fn = ts.isFunctionDeclaration(node)
        ? node
        : ts.isVariableDeclaration(node) && node.initializer && ts.isArrowFunction(node.initializer)
          ? node.initializer
          : undefined;
      const name =
        fn && (ts.isFunctionDeclaration(node) || ts.isVariableDeclaration(node)) ? node.name?.getText() : undefined;
      const index = fn?.parameters.findIndex((p) => p.name.getText() === 'ruleId') ?? -1;
      if (name && index >= 0) ruleIdParameter.set(name, index);
      node.forEachChild(visit);
    });
    const found: string[] = [];
    source.forEachChild(function visit(node): void {
      if (ts.isPropertyAssignment(node) && node.name.getText() === 'ruleId')
        found.push(...idsIn(node.initializer, source));
      if (ts.isCallExpression(node)) {
        const index = ruleIdParameter.get(node.expression.getText());
        const argument = index === undefined ? undefined : node.arguments[index];
        if (argument) found.push(...idsIn(argument, source));
      }
      // `type RuleId = 'a' | 'b' | CheckProblem['ruleId']` in a format.
      if (format && ts.isTypeAliasDeclaration(node) && node.name.text === 'RuleId') {
        const { literals, references } = unionMembers(node.type);
        for (const rule of literals) add(`${format}/${rule}`, source, node);
        if (references.some((r) => r.includes('ruleId')))
          for (const rule of checkIds) add(`${format}/${rule}`, source, node);
      }
      // A rule handed to a format's sink: sink.error('rule', …), sink.report(severity, 'rule', …).
      if (format && ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const method = node.expression.name.text;
        const onSink = /sink$/i.test(node.expression.expression.getText());
        const rule =
          onSink && SINK_METHODS.has(method)
            ? node.arguments[0]
            : onSink && method === 'report'
              ? node.arguments[1]
              : undefined;
        if (rule) for (const id of idsIn(rule, source, `${format}/`)) add(id, source, rule);
      }
      node.forEachChild(visit);
    });
    for (const id of found) {
      if (!FULL_ID.test(id)) unreadable.push(`${relative(root, source.fileName)}: "${id}" is not a full rule id`);
      else {
        prefixes.add(id.split('/')[0]!);
        if (!ids.has(id)) ids.set(id, relative(root, source.fileName));
      }
    }
  }

  // A full id written anywhere else with one of those prefixes ('evals-json/no-skill' in a set of ids).
  for (const source of parsed) {
    source.forEachChild(function visit(node): void {
      if (ts.isStringLiteralLike(node) && FULL_ID.test(node.text) && prefixes.has(node.text.split('/')[0]!))
        add(node.text, source, node);
      node.forEachChild(visit);
    });
  }
  return { ids, checkIds, unreadable };
}
