/**
 * POST /user_banks (spec 4.1): a User Bank for one of the caller's Users, answered with all its
 * fields. How strictly the body is validated is a choice the spec leaves open (choices/validation.ts).
 */
import { formatProblem, readCreateBody } from '../choices/validation.js';
import type { CreateRefusalReason } from '../hooks.js';
import { errorAnswer, jsonAnswer, readBody, send } from '../http-util.js';
import type { Caller } from '../model.js';
import { serializeBank } from '../serialize.js';
import { newBankRecord } from '../store.js';
import type { HandlerContext } from './types.js';

export async function createUserBank(ctx: HandlerContext): Promise<void> {
  const { req, res, state, caller } = ctx;
  const { variation, hooks } = state;
  let input: Record<string, unknown> = {};
  const refuse = (reason: CreateRefusalReason, status: number, code: string, message: string, owner?: Caller): void =>
    send(
      res,
      hooks.bend('create.refusal', errorAnswer(variation, status, code, message), { ...ctx, input, reason, ...(owner ? { owner } : {}) }),
    );
  await hooks.bend('create.arrived', Promise.resolve(), ctx);
  const read = readCreateBody(variation, req.headers['content-type'], await readBody(req, variation));
  if ('reason' in read) {
    refuse(read.reason, read.status, read.code, read.message);
    return;
  }
  input = read.input;
  const { userId } = read;
  const owner = hooks.bend('create.owner', caller, { ...ctx, input });
  if (
    !hooks.bend(
      'create.user-allowed',
      owner.users.some((u) => u.id === userId),
      { ...ctx, input, owner },
    )
  ) {
    refuse('unknown-user', variation.unknownUserStatus, 'user_not_found', 'no such user', owner);
    return;
  }
  const problem = hooks.bend('create.problem', formatProblem(variation, input), {
    ...ctx,
    input,
    owner,
  });
  if (problem !== undefined) {
    refuse('format', variation.badInputStatus, 'invalid_field', problem, owner);
    return;
  }
  const bank = hooks.bend('create.record', newBankRecord(state, userId, input), { ...ctx, input, owner });
  if (hooks.bend('create.kept', true, { ...ctx, input, bank })) owner.banks.push(bank);
  send(res, hooks.bend('create.answer', jsonAnswer(variation.createStatus, serializeBank(bank, state, 'create')), { ...ctx, input, bank }));
}
