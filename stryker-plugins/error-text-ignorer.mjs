// @ts-check
/**
 * Stryker ignorer "error-text" (npm run mutation): the code and message of an error answer. Spec 7:
 * "Error response shape, error codes and status codes for failures: not shown", so no check may hold a
 * service to either text; the error's status and its being an error stay judged. Ignored:
 *  - the code and message arguments of `errorAnswer(variation, status, CODE, MESSAGE)`,
 *    `sendError(res, variation, status, CODE, MESSAGE)` and the create handler's
 *    `refuse(reason, status, CODE, MESSAGE)`;
 *  - a string returned by a function declared to return an `ErrorSentence` (src/reference/http-util.ts):
 *    emptied or changed, it is still a message, so still a refusal.
 * The reference's faults live in its catalog, which is never mutated, so no fault code needs ignoring.
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

export const strykerPlugins = [declareValuePlugin(PluginKind.Ignore, 'error-text', { shouldIgnore: isErrorText })];
