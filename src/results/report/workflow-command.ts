/**
 * GitHub Actions workflow commands (`::error title=...::message`), escaped as the runner reads them.
 * The runner ends a command's data at the end of the line and its properties at `,` and `::`, and
 * decodes `%XX` in both: so the data escapes `%`, CR and LF, and a property also `:` and `,` (the
 * rules of @actions/core's escapeData and escapeProperty). Without them a finding whose text holds a
 * newline would end the annotation there and print the rest as a plain log line, or start a command
 * of its own on the next line; a title holding a comma would lose what follows it.
 */

export type AnnotationKind = 'error' | 'warning' | 'notice';

/** A command's message: `%` first, so the escapes added after it are not escaped again. */
export const escapeData = (text: string): string => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

/** A property's value (title=...): the message's escapes, and `:` and `,`, which end a property. */
export const escapeProperty = (text: string): string => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** One annotation as one line of output: `::error title=T::message`. */
export function workflowCommand(kind: AnnotationKind, title: string, message: string): string {
  return `::${kind} title=${escapeProperty(title)}::${escapeData(message)}`;
}
