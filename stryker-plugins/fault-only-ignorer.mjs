// @ts-check
/**
 * Stryker ignorer "fault-only" (npm run mutation): the reference implementation switches its catalogued
 * faults on with `state.fault('name')`, and every run that judges a mutant has every fault off. Code
 * reached only while a fault is on cannot change what a judged run sees, so its mutants are reported
 * Ignored with the fault's name, not left as survivors:
 *
 *  - the branch a fault switches on: the consequent of `if (F)` / `F ? A : B` where the test needs a
 *    fault (F is `state.fault(...)`, an && chain holding one, an || of two such, or a const holding
 *    one), the alternate where the test is `!state.fault(...)` (or an || chain holding one), the right
 *    operand of `F && X` and `!F || X`;
 *  - the other operand of an && whose sibling needs a fault (`X && state.fault(...)`): with the fault
 *    off the && is false whatever X is, so a mutant of X changes nothing;
 *  - the switch itself: the test of such an `if` or `?:` (or of `if (!state.fault(...))`, the other way
 *    round), or the value of a const that is one. Turned false it is the fault off, which is what every
 *    judged run has (an equivalent mutant, and each would cost a full run of every variation); turned
 *    true it is the fault on at that place, which the fault matrix of npm test already proves the
 *    suite catches (test/matrix/faults.test.ts).
 *
 * Only the fault catalog's own switch is recognised: a call of a member named `fault` with one string
 * literal argument, and the auth handler's per-operation lookup (FAULT_HELPERS). Fault-only code that
 * is not shaped so (a helper only a fault calls, the cursor lap) is marked in the source with
 * `// Stryker disable ...: fault-only: <which fault>` instead.
 */
import { PluginKind, declareValuePlugin } from '@stryker-mutator/api/plugin';

/**
 * The original expression under Stryker's own instrumentation: a test is traversed (and its mutants
 * placed, as `stryMutAct_x("7") ? mutant : (stryCov_x("7"), original)`) before its branches are entered.
 */
function unwrap(node) {
  let current = node;
  for (;;) {
    if (!current) return current;
    if (current.type === 'ParenthesizedExpression') current = current.expression;
    else if (current.type === 'ConditionalExpression' && isStrykerCall(current.test, 'stryMutAct_')) current = current.alternate;
    else if (current.type === 'SequenceExpression' && current.expressions.length === 2 && isStrykerCall(current.expressions[0], 'stryCov_')) current = current.expressions[1];
    else return current;
  }
}

function isStrykerCall(node, prefix) {
  return node?.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name.startsWith(prefix);
}

/** Helpers that are a fault switch themselves: they return state.fault(...) of a name they look up. */
const FAULT_HELPERS = ['operationFault'];

/** The fault named by a `<x>.fault('name')` call (or a FAULT_HELPERS call), or undefined. */
function faultCall(original, scope) {
  const node = unwrap(original);
  if (!node) return undefined;
  if (node.type === 'Identifier' && scope) {
    const binding = scope.getBinding(node.name);
    const init = binding?.constant && binding.path.isVariableDeclarator() ? binding.path.node.init : undefined;
    return init ? faultCall(init, undefined) : undefined;
  }
  if (node.type !== 'CallExpression') return undefined;
  const callee = node.callee;
  // The auth handler's lookup of a per-operation fault (auth.ts): state.fault of the fault its table names for the operation.
  if (callee.type === 'Identifier' && FAULT_HELPERS.includes(callee.name)) return `${callee.name}(...)`;
  const arg = node.arguments[0];
  if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier' || callee.property.name !== 'fault') return undefined;
  const name = unwrap(arg);
  if (node.arguments.length !== 1 || name?.type !== 'StringLiteral') return undefined;
  return name.value;
}

/** The fault that must be on for `node` to be truthy (it is a fault call, or an && chain holding one), or undefined. */
function needsFault(original, scope) {
  const node = unwrap(original);
  if (!node) return undefined;
  const named = faultCall(node, scope);
  if (named !== undefined) return named;
  // A const that holds such a test (`const unknownStatusDropped = ... && state.fault(...)`).
  if (node.type === 'Identifier' && scope) {
    const binding = scope.getBinding(node.name);
    const init = binding?.constant && binding.path.isVariableDeclarator() ? binding.path.node.init : undefined;
    return init && init.type !== 'Identifier' ? needsFault(init, undefined) : undefined;
  }
  if (node.type === 'LogicalExpression' && node.operator === '&&') return needsFault(node.left, scope) ?? needsFault(node.right, scope);
  if (node.type === 'LogicalExpression' && node.operator === '||') {
    const left = needsFault(node.left, scope);
    const right = needsFault(node.right, scope);
    return left !== undefined && right !== undefined ? `${left}' or '${right}` : undefined;
  }
  return undefined;
}

/** The fault that must be on for `node` to be falsy (`!fault(...)`, or an || chain holding one), or undefined. */
function needsFaultToBeFalse(original, scope) {
  const node = unwrap(original);
  if (!node) return undefined;
  if (node.type === 'UnaryExpression' && node.operator === '!') return needsFault(node.argument, scope);
  if (node.type === 'LogicalExpression' && node.operator === '||') return needsFaultToBeFalse(node.left, scope) ?? needsFaultToBeFalse(node.right, scope);
  return undefined;
}

/** @param {any} path a Babel NodePath */
function shouldIgnore(path) {
  const parent = path.parent;
  const key = path.key;
  if (!parent) return undefined;
  // A switch kept in a const (`const unverified = state.fault(...) || operationFault(...)`): the same as a test.
  const valueSwitch = parent.type === 'VariableDeclarator' && key === 'init' && path.parentPath.parent.kind === 'const';
  if (((parent.type === 'IfStatement' || parent.type === 'ConditionalExpression') && key === 'test') || valueSwitch) {
    const on = needsFault(path.node, path.scope) ?? needsFaultToBeFalse(path.node, path.scope);
    if (on !== undefined) return `fault switch of '${on}': turned false it is the fault off, as in every judged run (equivalent); turned true it is the fault on here, which the fault matrix of npm test proves the suite catches`;
  }
  if (parent.type === 'IfStatement' || parent.type === 'ConditionalExpression') {
    const on = key === 'consequent' ? needsFault(parent.test, path.scope) : key === 'alternate' ? needsFaultToBeFalse(parent.test, path.scope) : undefined;
    if (on !== undefined) return `fault-only: runs only while fault '${on}' is on, and every judged run has all faults off`;
  }
  if (parent.type === 'LogicalExpression' && key === 'right') {
    const on = parent.operator === '&&' ? needsFault(parent.left, path.scope) : parent.operator === '||' ? needsFaultToBeFalse(parent.left, path.scope) : undefined;
    if (on !== undefined) return `fault-only: evaluated only while fault '${on}' is on, and every judged run has all faults off`;
  }
  if (parent.type === 'LogicalExpression' && parent.operator === '&&' && (key === 'left' || key === 'right')) {
    const sibling = key === 'left' ? parent.right : parent.left;
    const on = faultCall(path.node, path.scope) === undefined ? needsFault(sibling, path.scope) : undefined;
    if (on !== undefined) return `fault-only: with fault '${on}' off this && is false whatever this operand is`;
  }
  return undefined;
}

/**
 * Ignorer "error-text": the code and message of an error answer, `sendError(res, variation, status, CODE,
 * MESSAGE)` and the create handler's `bad(CODE, MESSAGE)`. Spec 7: "Error response shape, error codes
 * and status codes for failures: not shown", so no check may hold a service to either text; the error's
 * status and its being an error stay judged.
 * @param {any} path a Babel NodePath
 */
function isErrorText(path) {
  const parent = path.parent;
  if (parent?.type !== 'CallExpression' || path.listKey !== 'arguments' || parent.callee.type !== 'Identifier') return undefined;
  const textArgs = parent.callee.name === 'sendError' ? [3, 4] : parent.callee.name === 'bad' ? [0, 1] : [];
  if (!textArgs.includes(/** @type {number} */ (path.key))) return undefined;
  return "error text: spec 7 'Error response shape, error codes and status codes for failures: not shown', so no check may hold a service to a code or message";
}

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'fault-only', { shouldIgnore }),
  declareValuePlugin(PluginKind.Ignore, 'error-text', { shouldIgnore: isErrorText }),
];
