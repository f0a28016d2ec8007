import type Nunjucks from 'nunjucks';

/**
 * promptfoo's templates rendered without --trust: parsed by nunjucks 3.2.4's own parser (so the syntax reads as
 * promptfoo reads it), then walked here instead of compiled to JavaScript. nunjucks is no sandbox: a lookup reaches a
 * value's constructor and a call runs it (`range.constructor("…")()` is `Function`), so only what cannot run code is
 * rendered — text, `{{ }}` output, variable and member lookups of data, literals, operators, `if`/`for`/`set`, the
 * pure built-in filters and tests of {@link FILTERS} and {@link TESTS} — and anything else is refused
 * ({@link TemplateRefused}) before the template renders. What a template may cost is bounded ({@link TemplateBudget}).
 *
 * Each construct has the meaning nunjucks' compiler gives it (nunjucks/src/compiler.js at 3.2.4, cited by function),
 * with its runtime's own `Frame`, `inOperator` and filter functions: operators are JavaScript's, applied as the
 * JavaScript nunjucks emits reads them (it emits `!a == b` for `not a == b`, see {@link infix}).
 */

type Env = InstanceType<typeof Nunjucks.Environment>;
type Lib = typeof Nunjucks;

/** A node of nunjucks' parse tree (nunjucks/src/nodes.js): its fields by name. */
interface TNode {
  typename: string;
  lineno: number;
  colno: number;
  fields: string[];
  [field: string]: unknown;
}

/** The most text one render may make, and the most any value made while rendering may hold (characters, items). */
export const MAX_TEMPLATE_OUTPUT = 1_000_000;
/** The most steps (a node evaluated, a loop turn) one render may take. */
export const MAX_TEMPLATE_STEPS = 200_000;
/** What all the templates of one file may cost together: steps, and characters rendered. */
export const MAX_FILE_STEPS = 20_000_000;
export const MAX_FILE_OUTPUT = 50_000_000;

/** What the templates of one file have left to spend (one budget per file loaded). */
export interface TemplateBudget {
  steps: number;
  chars: number;
}

export const newTemplateBudget = (): TemplateBudget => ({ steps: MAX_FILE_STEPS, chars: MAX_FILE_OUTPUT });

/** nunjucks 3.2.4's built-in filters that compute a value from their arguments only (nunjucks/src/filters.js), and promptfoo's `load` (JSON.parse). `random` is not pure; `select`/`reject` are left out. */
export const FILTERS: ReadonlySet<string> = new Set([
  'abs',
  'batch',
  'capitalize',
  'center',
  'd',
  'default',
  'dictsort',
  'dump',
  'e',
  'escape',
  'first',
  'float',
  'forceescape',
  'groupby',
  'indent',
  'int',
  'join',
  'last',
  'length',
  'list',
  'load',
  'lower',
  'nl2br',
  'rejectattr',
  'replace',
  'reverse',
  'round',
  'safe',
  'selectattr',
  'slice',
  'sort',
  'string',
  'striptags',
  'sum',
  'title',
  'trim',
  'truncate',
  'upper',
  'urlencode',
  'wordcount',
]);

/** nunjucks 3.2.4's built-in tests (`x is defined`; nunjucks/src/tests.js): each a pure predicate. */
export const TESTS: ReadonlySet<string> = new Set([
  'callable',
  'defined',
  'divisibleby',
  'equalto',
  'eq',
  'escaped',
  'even',
  'falsy',
  'ge',
  'greaterthan',
  'gt',
  'iterable',
  'le',
  'lessthan',
  'lower',
  'lt',
  'mapping',
  'ne',
  'null',
  'number',
  'odd',
  'sameas',
  'string',
  'truthy',
  'undefined',
  'upper',
]);

/** A construct the subset does not render: --trust renders the template with nunjucks, as promptfoo does. */
export class TemplateRefused extends Error {
  constructor(
    /** What is refused, in words: "a function call (range.constructor(…))". */
    readonly construct: string,
    /** 1-based line of the construct in the template's text. */
    readonly line: number,
    /** Which template of a case holds it, once the renderer of the case has said so. */
    public part?: TemplatePart,
  ) {
    super(`${construct} (line ${line} of the template)`);
    this.name = 'TemplateRefused';
  }
}

/** A template of a case: its prompt, a var (rendered as a template too), or an assertion's value. */
export type TemplatePart = { kind: 'prompt' } | { kind: 'var'; name: string } | { kind: 'assertion'; text: string };

/** `render()`, a refusal it throws said to be in `part`. */
export function inPart<T>(part: TemplatePart, render: () => T): T {
  try {
    return render();
  } catch (error) {
    if (error instanceof TemplateRefused) error.part ??= part;
    throw error;
  }
}

/** A template that would cost more than {@link TemplateBudget} allows. */
export class TemplateTooCostly extends Error {
  constructor(what: string) {
    super(`${what}; skill-eval stops a template there so that loading cannot hang`);
    this.name = 'TemplateTooCostly';
  }
}

const NODE_TYPES = new Set([
  'Root',
  'NodeList',
  'Output',
  'TemplateData',
  'Literal',
  'Symbol',
  'Group',
  'Array',
  'Dict',
  'Pair',
  'LookupVal',
  'If',
  'InlineIf',
  'For',
  'Set',
  'Capture',
  'Compare',
  'CompareOperand',
  'In',
  'Is',
  'Or',
  'And',
  'Not',
  'Add',
  'Concat',
  'Sub',
  'Mul',
  'Div',
  'FloorDiv',
  'Mod',
  'Pow',
  'Neg',
  'Pos',
  'Filter',
  'KeywordArgs',
]);

/** What a refused node is, in words. */
const CONSTRUCTS: Record<string, string> = {
  FunCall: 'a function call',
  Macro: 'a macro',
  Caller: 'a {% call %} block',
  Import: 'an {% import %}',
  FromImport: 'a {% from … import %}',
  Include: 'an {% include %}',
  Extends: 'an {% extends %}',
  Block: 'a {% block %}',
  Super: 'super()',
  CallExtension: 'a custom tag',
  CallExtensionAsync: 'a custom tag',
  FilterAsync: 'an asynchronous filter',
  IfAsync: 'an {% ifAsync %}',
  AsyncEach: 'an {% asyncEach %}',
  AsyncAll: 'an {% asyncAll %}',
  Switch: 'a {% switch %}',
};

function isNode(value: unknown): value is TNode {
  return typeof value === 'object' && value !== null && typeof (value as TNode).typename === 'string';
}

/** A name for what a call calls, as nunjucks' `_getNodeName` gives it (compiler.js). */
function nodeName(node: unknown): string {
  if (!isNode(node)) return '…';
  switch (node.typename) {
    case 'Symbol':
      return String(node.value);
    case 'LookupVal':
      return `${nodeName(node.target)}.${isNode(node.val) && node.val.typename === 'Literal' ? String(node.val.value) : '[…]'}`;
    case 'FunCall':
      return `${nodeName(node.name)}(…)`;
    default:
      return '…';
  }
}

const refuse = (construct: string, node: TNode): never => {
  throw new TemplateRefused(construct, node.lineno + 1);
};

/** Refuses the first construct of the tree the subset does not render. */
function check(node: TNode): void {
  const type = node.typename;
  if (!NODE_TYPES.has(type)) {
    if (type === 'FunCall') refuse(`a function call (${nodeName(node.name)}(…))`, node);
    refuse(CONSTRUCTS[type] ?? `a "${type}" construct`, node);
  }
  if (type === 'Literal' && node.value instanceof RegExp) refuse('a regular expression literal (r/…/)', node);
  if (type === 'Filter') {
    const name = String((node.name as TNode).value);
    if (!FILTERS.has(name)) refuse(`the "${name}" filter`, node);
  }
  if (type === 'Pair' && isNode(node.key) && node.key.value === '__proto__') refuse('a "__proto__" key', node);
  if (type === 'Set')
    for (const target of node.targets as TNode[])
      if (target.value === '__proto__') refuse('a "__proto__" variable', node);
  if (type === 'Is') {
    const right = node.right as TNode;
    const name = right.typename === 'FunCall' ? (right.name as TNode).value : right.value;
    if (typeof name !== 'string' || !TESTS.has(name)) refuse(`the "${String(name)}" test`, node);
    // `x is divisibleby(3)`: the call names the test; only its arguments are walked.
    if (right.typename === 'FunCall') {
      check(node.left as TNode);
      check(right.args as TNode);
      return;
    }
  }
  for (const field of node.fields) {
    const child = node[field];
    if (Array.isArray(child)) {
      for (const c of child) if (isNode(c)) check(c);
    } else if (isNode(child)) check(child);
  }
}

/**
 * Parses a template with nunjucks' parser (as `Environment.renderString` does: nunjucks/src/compiler.js `compile`,
 * the environment's lexer options) and refuses what the subset does not render. Throws nunjucks' syntax errors.
 */
export function parseSafeTemplate(lib: Lib, env: Env, text: string): TNode {
  const root = lib.parser.parse(text, [], (env as unknown as { opts: object }).opts) as unknown as TNode;
  check(root);
  return root;
}

/** Size of a value (characters and items, each list or map counted once per place it appears), memoized. */
const weights = new WeakMap<object, number>();
function weight(value: unknown): number {
  if (typeof value === 'string') return value.length + 1;
  if (value === null || typeof value !== 'object') return 1;
  const known = weights.get(value);
  if (known !== undefined) return known;
  let total = 1;
  for (const key of Object.keys(value)) {
    total += weight((value as Record<string, unknown>)[key]) + 1;
    if (total > MAX_TEMPLATE_OUTPUT) break;
  }
  weights.set(value, total);
  return total;
}

const tooBig = (value: unknown, what: string): void => {
  if (weight(value) > MAX_TEMPLATE_OUTPUT)
    throw new TemplateTooCostly(`${what} holds more than ${MAX_TEMPLATE_OUTPUT.toLocaleString('en-US')} characters`);
};

/** Arguments of filters whose work grows with a number they are given, bounded before they run. */
function checkFilterCost(name: string, args: unknown[]): void {
  const [input, a, b] = args;
  const n = (v: unknown, dflt: number) => (v === undefined ? dflt : Number(v));
  const str = typeof input === 'string' ? input : String(input ?? '');
  let size = 0;
  switch (name) {
    case 'center':
      size = n(a, 80);
      break;
    case 'indent':
      size = str.length + (str.split('\n').length + 1) * n(a, 4);
      break;
    case 'batch':
    case 'slice':
      size = n(a, 0);
      break;
    case 'replace': {
      const from = String(a);
      const to = String(b);
      const count = from === '' ? str.length + 1 : Math.floor(str.length / from.length);
      size = str.length + count * to.length;
      break;
    }
    case 'join':
      size = Array.isArray(input) ? input.length * String(a ?? '').length : 0;
      break;
  }
  if (!(size <= MAX_TEMPLATE_OUTPUT))
    throw new TemplateTooCostly(
      `the "${name}" filter would make more than ${MAX_TEMPLATE_OUTPUT.toLocaleString('en-US')} characters or items`,
    );
}

/** JavaScript's precedence of the operators nunjucks emits between operands (higher binds tighter). */
const PRECEDENCE: Record<string, number> = {
  '||': 1,
  '&&': 2,
  '==': 3,
  '!=': 3,
  '===': 3,
  '!==': 3,
  '<': 4,
  '>': 4,
  '<=': 4,
  '>=': 4,
  '+': 5,
  '-': 5,
  '*': 6,
  '/': 6,
  '%': 6,
};
const INFIX: Record<string, string> = { Or: '||', And: '&&', Add: '+', Sub: '-', Mul: '*', Div: '/', Mod: '%' };
const PREFIX: Record<string, string> = { Not: '!', Neg: '-', Pos: '+' };

type Token = { op: string; prefix?: true } | { atom: TNode } | { value: unknown };
type Expr =
  | { atom: TNode }
  | { value: unknown }
  | { prefix: string; target: Expr }
  | { op: string; left: Expr; right: Expr };

/**
 * The tokens of the JavaScript nunjucks emits for an operator node: `left + right` for Add, `left + "" + right` for
 * Concat, `!target` for Not, `a == b < c` for a comparison chain (compiler.js `_binOpEmitter`, `compileConcat`,
 * `compileNot`, `compileCompare`), with no parentheses. Other nodes are operands.
 */
function infix(node: TNode, out: Token[]): void {
  const type = node.typename;
  if (type in INFIX) {
    infix(node.left as TNode, out);
    out.push({ op: INFIX[type]! });
    infix(node.right as TNode, out);
  } else if (type === 'Concat') {
    infix(node.left as TNode, out);
    out.push({ op: '+' }, { value: '' }, { op: '+' });
    infix(node.right as TNode, out);
  } else if (type in PREFIX) {
    out.push({ op: PREFIX[type]!, prefix: true });
    infix(node.target as TNode, out);
  } else if (type === 'Compare') {
    infix(node.expr as TNode, out);
    for (const op of node.ops as TNode[]) {
      out.push({ op: String(op.type) });
      infix(op.expr as TNode, out);
    }
  } else out.push({ atom: node });
}

/** The tokens read as JavaScript reads them: unary operators bind tightest, binary ones by precedence, left first. */
function parseInfix(tokens: Token[]): Expr {
  let i = 0;
  const operand = (): Expr => {
    const t = tokens[i++]!;
    if ('op' in t) return { prefix: t.op, target: operand() };
    return t;
  };
  const climb = (min: number): Expr => {
    let left = operand();
    for (;;) {
      const t = tokens[i];
      if (!t || !('op' in t)) return left;
      const p = PRECEDENCE[t.op]!;
      if (p < min) return left;
      i++;
      left = { op: t.op, left, right: climb(p + 1) };
    }
  };
  return climb(1);
}

/** The renderer of one template, with the context nunjucks' `Context` gives it (environment.js `Context`). */
class Renderer {
  private steps = 0;
  private readonly context: { env: Env };

  constructor(
    private readonly lib: Lib,
    private readonly env: Env,
    private readonly ctx: Record<string, unknown>,
    private readonly globals: Record<string, unknown>,
    private readonly budget: TemplateBudget,
  ) {
    this.context = { env };
  }

  private step(node: TNode, n = 1): void {
    this.steps += n;
    this.budget.steps -= n;
    if (this.steps > MAX_TEMPLATE_STEPS || this.budget.steps < 0)
      throw new TemplateTooCostly(
        this.budget.steps < 0
          ? `the templates of this file take more than ${MAX_FILE_STEPS.toLocaleString('en-US')} steps (line ${node.lineno + 1})`
          : `the template takes more than ${MAX_TEMPLATE_STEPS.toLocaleString('en-US')} steps (line ${node.lineno + 1})`,
      );
  }

  render(root: TNode): string {
    const frame = new this.lib.runtime.Frame();
    frame.topLevel = true;
    return this.nodes(root, frame, '');
  }

  /** `Context.lookup` (environment.js): a var, else a global; only a value the vars or globals own, and no function. */
  private lookup(name: string, node: TNode): unknown {
    const { ctx, globals } = this;
    const own = (o: object) => Object.hasOwn(o, name);
    if (own(ctx)) return ctx[name];
    if (own(globals)) {
      if (typeof globals[name] === 'function') refuse(`the ${name}() global`, node);
      return globals[name];
    }
    if (name in ctx || name in globals) refuse(`"${name}", which is no var but a property of every object`, node);
    return undefined;
  }

  /** `runtime.memberLookup` for data: a value's own property; a method or prototype property is refused. */
  private member(target: unknown, key: unknown, node: TNode): unknown {
    if (target === undefined || target === null) return undefined;
    const object = Object(target) as Record<PropertyKey, unknown>;
    const k = key as PropertyKey;
    if (Object.hasOwn(object, k)) {
      const value = object[k];
      if (typeof value === 'function') refuse(`".${String(key)}", a function`, node);
      return value;
    }
    if (k in object) refuse(`".${String(key)}", a method or property every ${typeof target} has, not data`, node);
    return undefined;
  }

  /** A node list's output appended to `out` (compiler.js `compileOutput`, `compileNodeList`). */
  private nodes(node: TNode, frame: Frame, out: string): string {
    for (const child of node.children as TNode[]) out = this.statement(child, frame, out);
    return out;
  }

  private append(out: string, value: unknown, node: TNode): string {
    // runtime.suppressValue without autoescape: undefined and null are nothing, anything else is `output += value`.
    if (value === undefined || value === null) return out;
    tooBig(value, 'a value output');
    const next = out + (value as string);
    if (next.length > MAX_TEMPLATE_OUTPUT)
      throw new TemplateTooCostly(
        `the template renders more than ${MAX_TEMPLATE_OUTPUT.toLocaleString('en-US')} characters (line ${node.lineno + 1})`,
      );
    return next;
  }

  private statement(node: TNode, frame: Frame, out: string): string {
    this.step(node);
    switch (node.typename) {
      case 'Output':
        for (const child of node.children as TNode[])
          out =
            child.typename === 'TemplateData'
              ? this.append(out, child.value, child)
              : this.append(out, this.expr(child, frame), child);
        return out;
      case 'NodeList':
        return this.nodes(node, frame, out);
      case 'If': {
        if (this.expr(node.cond as TNode, frame)) return this.statement(node.body as TNode, frame, out);
        return node.else_ ? this.statement(node.else_ as TNode, frame, out) : out;
      }
      case 'For':
        return this.loop(node, frame, out);
      case 'Set': {
        // compiler.js `compileSet`: each name set in the frame (resolved up), and in the context at the top level.
        const value = node.value ? this.expr(node.value as TNode, frame) : this.expr(node.body as TNode, frame);
        for (const target of node.targets as TNode[]) {
          const name = String(target.value);
          frame.set(name, value, true);
          if (frame.topLevel) this.ctx[name] = value;
        }
        return out;
      }
      default:
        return refuse(CONSTRUCTS[node.typename] ?? `a "${node.typename}" construct`, node);
    }
  }

  /** compiler.js `compileFor`, with `_emitLoopBindings`' `loop` variables. */
  private loop(node: TNode, outer: Frame, out: string): string {
    const frame = outer.push();
    let arr = this.expr(node.arr as TNode, frame) as unknown;
    let len: number | undefined;
    const bind = (i: number) => {
      const n = len as number;
      frame.set('loop.index', i + 1);
      frame.set('loop.index0', i);
      frame.set('loop.revindex', n - i);
      frame.set('loop.revindex0', n - i - 1);
      frame.set('loop.first', i === 0);
      frame.set('loop.last', i === n - 1);
      frame.set('loop.length', n);
    };
    if (arr) {
      arr = this.lib.runtime.fromIterator(arr);
      const name = node.name as TNode;
      if (name.typename === 'Array') {
        const names = (name.children as TNode[]).map((c) => String(c.value));
        if (Array.isArray(arr)) {
          len = arr.length;
          for (let i = 0; i < arr.length; i++) {
            this.step(node);
            const item = arr[i] as Record<number, unknown>;
            for (const [u, n] of names.entries()) frame.set(n, item[u]);
            bind(i);
            out = this.statement(node.body as TNode, frame, out);
          }
        } else {
          len = this.lib.lib.keys(arr as object).length;
          let i = -1;
          for (const k in arr as object) {
            i++;
            this.step(node);
            frame.set(names[0]!, k);
            frame.set(names[1]!, (arr as Record<string, unknown>)[k]);
            bind(i);
            out = this.statement(node.body as TNode, frame, out);
          }
        }
      } else {
        const items = arr as { length?: number; [i: number]: unknown };
        len = items.length;
        for (let i = 0; i < (items.length as number); i++) {
          this.step(node);
          frame.set(String(name.value), items[i]);
          bind(i);
          out = this.statement(node.body as TNode, frame, out);
        }
      }
    }
    if (node.else_ && !len) out = this.statement(node.else_ as TNode, frame, out);
    return out;
  }

  private expr(node: TNode, frame: Frame): unknown {
    this.step(node);
    const type = node.typename;
    if (type in INFIX || type in PREFIX || type === 'Concat' || type === 'Compare') {
      const tokens: Token[] = [];
      infix(node, tokens);
      return this.evalInfix(parseInfix(tokens), frame, node);
    }
    switch (type) {
      case 'Literal':
      case 'TemplateData':
        return node.value;
      case 'Symbol': {
        const name = String(node.value);
        const value = frame.lookup(name);
        return value !== undefined ? value : this.lookup(name, node);
      }
      case 'Group': {
        // `(a, b)` is JavaScript's comma expression: the last value.
        let value: unknown;
        for (const child of node.children as TNode[]) value = this.expr(child, frame);
        return value;
      }
      case 'Array': {
        const value = (node.children as TNode[]).map((c) => this.expr(c, frame));
        tooBig(value, 'a list');
        return value;
      }
      case 'Dict':
      case 'KeywordArgs': {
        const value: Record<string, unknown> = {};
        for (const pair of node.children as TNode[]) {
          const key = pair.key as TNode;
          if (key.typename !== 'Symbol' && !(key.typename === 'Literal' && typeof key.value === 'string'))
            throw new Error('compilePair: Dict keys must be strings or names');
          value[String(key.value)] = this.expr(pair.value as TNode, frame);
        }
        // runtime.makeKeywordArgs
        if (type === 'KeywordArgs') value.__keywords = true;
        tooBig(value, 'a map');
        return value;
      }
      case 'LookupVal':
        return this.member(this.expr(node.target as TNode, frame), this.expr(node.val as TNode, frame), node);
      case 'InlineIf':
        return this.expr(node.cond as TNode, frame)
          ? this.expr(node.body as TNode, frame)
          : node.else_
            ? this.expr(node.else_ as TNode, frame)
            : '';
      case 'In': {
        const key = this.expr(node.left as TNode, frame);
        const container = this.expr(node.right as TNode, frame);
        tooBig(key, 'a value compared');
        return this.lib.lib.inOperator(key, container);
      }
      case 'Is': {
        const right = node.right as TNode;
        const name = String(right.typename === 'FunCall' ? (right.name as TNode).value : right.value);
        const args = right.typename === 'FunCall' ? ((right.args as TNode).children as TNode[]) : [];
        const values = [this.expr(node.left as TNode, frame), ...args.map((a) => this.expr(a, frame))];
        for (const v of values) tooBig(v, 'a value tested');
        return this.env.getTest(name).call(this.context, ...values) === true;
      }
      case 'FloorDiv':
        return Math.floor(this.arith(node, frame, (a, b) => a / b) as number);
      case 'Pow':
        return this.arith(node, frame, (a, b) => a ** b);
      case 'Filter': {
        const name = String((node.name as TNode).value);
        if (!FILTERS.has(name)) return refuse(`the "${name}" filter`, node);
        const args = ((node.args as TNode).children as TNode[]).map((a) => this.expr(a, frame));
        for (const a of args) tooBig(a, `the input of the "${name}" filter`);
        checkFilterCost(name, args);
        const value = this.env.getFilter(name).call(this.context, ...args);
        tooBig(value, `the "${name}" filter's result`);
        return value;
      }
      case 'Capture':
        return this.statement(node.body as TNode, frame, '');
      default:
        return refuse(CONSTRUCTS[type] ?? `a "${type}" construct`, node);
    }
  }

  private arith(node: TNode, frame: Frame, op: (a: number, b: number) => number): unknown {
    const a = this.expr(node.left as TNode, frame);
    const b = this.expr(node.right as TNode, frame);
    tooBig(a, 'a value computed with');
    tooBig(b, 'a value computed with');
    return op(a as number, b as number);
  }

  private evalInfix(e: Expr, frame: Frame, node: TNode): unknown {
    if ('atom' in e) return this.expr(e.atom, frame);
    if ('value' in e) return e.value;
    if ('prefix' in e) {
      const v = this.evalInfix(e.target, frame, node);
      if (e.prefix === '!') return !v;
      tooBig(v, 'a value computed with');
      return e.prefix === '-' ? -(v as number) : +(v as number);
    }
    const a = this.evalInfix(e.left, frame, node);
    // `||` and `&&` give an operand, and evaluate the right one only when JavaScript would.
    if (e.op === '||') return a || this.evalInfix(e.right, frame, node);
    if (e.op === '&&') return a && this.evalInfix(e.right, frame, node);
    const b = this.evalInfix(e.right, frame, node);
    tooBig(a, 'a value computed with');
    tooBig(b, 'a value computed with');
    const x = a as number;
    const y = b as number;
    let value: unknown;
    switch (e.op) {
      case '+':
        value = x + y;
        break;
      case '-':
        return x - y;
      case '*':
        return x * y;
      case '/':
        return x / y;
      case '%':
        return x % y;
      case '==':
        // biome-ignore lint/suspicious/noDoubleEquals: nunjucks emits JavaScript's loose comparison for `==`
        return a == b;
      case '!=':
        // biome-ignore lint/suspicious/noDoubleEquals: nunjucks emits JavaScript's loose comparison for `!=`
        return a != b;
      case '===':
        return a === b;
      case '!==':
        return a !== b;
      case '<':
        return x < y;
      case '>':
        return x > y;
      case '<=':
        return x <= y;
      case '>=':
        return x >= y;
      default:
        return refuse(`the "${e.op}" operator`, node);
    }
    tooBig(value, 'a value computed');
    return value;
  }
}

type Frame = InstanceType<Lib['runtime']['Frame']>;

/**
 * `text` rendered with `vars` in the subset, with nunjucks' parser, runtime frames, filters and tests of `env`
 * (promptfoo's engine). Throws {@link TemplateRefused}, {@link TemplateTooCostly}, or what nunjucks throws.
 */
export function renderSafeTemplate(
  lib: Lib,
  env: Env,
  text: string,
  vars: Record<string, unknown>,
  budget: TemplateBudget,
): string {
  const root = parseSafeTemplate(lib, env, text);
  // Context.init copies the vars (lib.extend); the globals are the environment's (nunjucks' and promptfoo's `env`).
  const ctx: Record<string, unknown> = {};
  for (const key of Object.keys(vars)) if (key !== '__proto__') ctx[key] = vars[key];
  const globals = (env as unknown as { globals: Record<string, unknown> }).globals;
  const out = new Renderer(lib, env, ctx, globals, budget).render(root);
  budget.chars -= out.length;
  if (budget.chars < 0)
    throw new TemplateTooCostly(
      `the templates of this file render more than ${MAX_FILE_OUTPUT.toLocaleString('en-US')} characters`,
    );
  return out;
}
