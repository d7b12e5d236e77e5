/** GitHub Actions workflow commands escaped as the runner reads them (src/results/report/workflow-command.ts). */
import { describe, expect, test } from 'vitest';
import { escapeData, escapeProperty, workflowCommand } from '../../src/results/report/workflow-command.js';

describe('workflow commands', () => {
  test('a message escapes %, CR and LF, percent first; colons and commas stay', () => {
    expect(escapeData('100% of a,b: c\r\nd')).toBe('100%25 of a,b: c%0D%0Ad');
    // An escape already in the text is escaped, so the runner gives back the text, not a newline.
    expect(escapeData('%0A')).toBe('%250A');
  });

  test('a property also escapes : and , which would end it', () => {
    expect(escapeProperty('FAIL a.b: x, y%\n')).toBe('FAIL a.b%3A x%2C y%25%0A');
  });

  test('one annotation is one line: a newline in a finding cannot start a command of its own', () => {
    const line = workflowCommand('error', 'FAIL user-banks.list.schema, section 4.2', 'expected boolean\n::warning::spoofed');
    expect(line).toBe('::error title=FAIL user-banks.list.schema%2C section 4.2::expected boolean%0A::warning::spoofed');
    expect(line.split('\n')).toHaveLength(1);
  });
});
