// @ts-check
/**
 * Stryker ignorers "error-text" and "hook-wiring" (npm run mutation). "error-text": the code and message of an error answer. Spec 7:
 * "Error response shape, error codes and status codes for failures: not shown", so no check may hold a
 * service to either text; the error's status and its being an error stay judged. Ignored:
 *  - the code and message arguments of `errorAnswer(variation, status, CODE, MESSAGE)`,
 *    `sendError(res, variation, status, CODE, MESSAGE)` and the create handler's
 *    `refuse(reason, status, CODE, MESSAGE)`;
 *  - a string returned by a function declared to return an `ErrorSentence` (src/lab/http-util.ts):
 *    emptied or changed, it is still a message, so still a refusal.
 * The reference's faults live in its catalog, which is never mutated, so no fault code needs ignoring;
 * the calls that reach them are ignored by "hook-wiring" below.
 */
import { PluginKind, declareValuePlugin } from '@stryker-mutator/api/plugin';

/** Which arguments of which call are error texts. */
const TEXT_ARGUMENTS = { errorAnswer: [2, 3], sendError: [3, 4], refuse: [2, 3] };

const IGNORED =
  "error text: spec 7 'Error response shape, error codes and status codes for failures: not shown', so no check may hold a service to a code or message";

/** Whether a function's declared return type names ErrorSentence. */
function returnsErrorSentence(fn) {
  const annotation = fn?.returnType?.typeAnnotation;
  if (!annotation) return false;
  const parts = annotation.type === 'TSUnionType' ? annotation.types : [annotation];
  return parts.some((t) => t.type === 'TSTypeReference' && t.typeName?.name === 'ErrorSentence');
}

/** @param {any} path a Babel NodePath */
function isErrorText(path) {
  const parent = path.parent;
  if (parent?.type === 'CallExpression' && path.listKey === 'arguments' && parent.callee.type === 'Identifier') {
    const textArgs = TEXT_ARGUMENTS[parent.callee.name] ?? [];
    return textArgs.includes(path.key) ? IGNORED : undefined;
  }
  const literal = path.node?.type === 'StringLiteral' || path.node?.type === 'TemplateLiteral';
  if (literal && parent?.type === 'ReturnStatement' && returnsErrorSentence(path.getFunctionParent()?.node)) return IGNORED;
  // A conditional returned whole (`return x ? 100 : 'limit must be ...'`): its string branch.
  if (
    literal &&
    parent?.type === 'ConditionalExpression' &&
    path.key !== 'test' &&
    path.parentPath?.parent?.type === 'ReturnStatement' &&
    returnsErrorSentence(path.getFunctionParent()?.node)
  )
    return IGNORED;
  return undefined;
}

/**
 * Ignorer "hook-wiring": the point name and the scene of a hook call, `state.hooks.bend(POINT, value,
 * SCENE)` (src/lab/hooks.ts). Every judged run has every fault off, and then a hook hands back
 * its value whatever point it is called at and whatever scene it is given: such a mutant is the same
 * server. The value stays judged (it is what the server uses), and the wiring itself is proven by the
 * fault matrix of npm test, where every fault's modifier must fire at its point, with its scene, for
 * the aimed check to catch it. So are the two arguments only hooks read: the reason of the create
 * handler's refuse(REASON, ...) and the context of serializeBank(bank, state, CONTEXT).
 * @param {any} path a Babel NodePath
 */
function isHookWiring(path) {
  const parent = path.parent;
  if (parent?.type !== 'CallExpression' || path.listKey !== 'arguments') return undefined;
  const callee = parent.callee;
  // The create handler's refuse(REASON, ...): the reason is read only by the create.refusal hook.
  const refusalReason = callee.type === 'Identifier' && callee.name === 'refuse' && path.key === 0;
  // serializeBank(bank, state, CONTEXT): the context is read only by the serialise.bank hook.
  const serialiseContext = callee.type === 'Identifier' && callee.name === 'serializeBank' && path.key === 2;
  const bendWiring = callee.type === 'MemberExpression' && callee.property?.name === 'bend' && (path.key === 0 || path.key === 2);
  if (!refusalReason && !serialiseContext && !bendWiring) return undefined;
  return 'hook wiring: with every fault off, as in every judged run, a hook point hands back its value whatever its name and scene; the fault matrix proves the wiring';
}

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'error-text', { shouldIgnore: isErrorText }),
  declareValuePlugin(PluginKind.Ignore, 'hook-wiring', { shouldIgnore: isHookWiring }),
];
