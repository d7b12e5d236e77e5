/**
 * What was tested, as a certificate names it: the implementation's name and version, given as
 * NAME@VERSION (--implementation). A URL says where it ran, not what it was: the same URL serves
 * another build tomorrow.
 */
export interface Implementation {
  name: string;
  version: string;
}

/** What every report prints when the run was not told, and how to tell it. */
export const UNNAMED_IMPLEMENTATION = 'implementation not named (--implementation NAME@VERSION)';

/** A name as npm, Maven or a product sheet writes one (a scope's leading @ included); a version without spaces. */
const NAME = /^@?[A-Za-z0-9][A-Za-z0-9 ._/:+-]*$/;
const VERSION = /^[A-Za-z0-9][A-Za-z0-9._+-]*$/;
const MAX_LENGTH = 200;

/** The implementation `given` names, or the sentence that says what is wrong with it. */
/** `where` names the setting in the sentence: --implementation, or CONFORMANCE_IMPLEMENTATION in the environment. */
export function parseImplementation(given: string, where = '--implementation'): Implementation | { problem: string } {
  const text = given.trim();
  // The last @ splits, so a scoped name (@acme/bank-api@2.3.1) keeps its own.
  const at = text.lastIndexOf('@');
  const name = at > 0 ? text.slice(0, at).trim() : '';
  const version = at > 0 ? text.slice(at + 1).trim() : '';
  const example = 'like acme-bank-api@2.3.1 (the name and version of the implementation under test, as the report should certify them)';
  if (at <= 0) return { problem: `${where} takes NAME@VERSION, ${example}; got "${given}" (no @VERSION)` };
  if (text.length > MAX_LENGTH) return { problem: `${where} is longer than ${MAX_LENGTH} characters; give NAME@VERSION, ${example}` };
  if (!NAME.test(name))
    return {
      problem: `${where} "${given}": the name "${name}" must start with a letter or digit (or a scope's @) and hold no @; ${example}`,
    };
  if (!VERSION.test(version))
    return {
      problem: `${where} "${given}": the version "${version}" must be letters, digits, ".", "_", "+" or "-" without spaces, ${example}`,
    };
  return { name, version };
}

export const implementationText = (implementation: Implementation | undefined): string =>
  implementation === undefined ? UNNAMED_IMPLEMENTATION : `${implementation.name}@${implementation.version}`;
