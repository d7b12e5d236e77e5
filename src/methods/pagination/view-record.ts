/**
 * What the walker tells the run's model of list views (src/core/model/list-views.ts) about one walk: its
 * caller, filters, pages with their times and the fields of each item the view relations read. Only
 * walks of the spec's two lists by a configured caller, filtered by nothing but user_id and status,
 * are recorded: a walk with an unusual query is judged by the check that made it.
 */
import type { Exchange } from '../../http/exchange.js';
import type { ListWalk, ViewItem, ViewPage, ViewPath } from '../../core/model/list-views.js';
import { fieldOf, idOf } from './ids.js';

const RECORDED_FILTERS = new Set(['user_id', 'status']);

const text = (value: unknown): string | undefined => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);

/** The fields of a listed item the relations read; undefined for an item without an id. */
export function viewItemOf(item: unknown): ViewItem | undefined {
  const id = idOf(item);
  if (id === undefined) return undefined;
  // Member by member, with no intermediate objects: this runs for every item of every page the run walks.
  const view: ViewItem = { id };
  const userId = text(fieldOf(item, 'user_id'));
  if (userId !== undefined) view.userId = userId;
  const status = text(fieldOf(item, 'status'));
  if (status !== undefined) view.status = status;
  const useCase = text(fieldOf(item, 'use_case'));
  if (useCase !== undefined) view.useCase = useCase;
  return view;
}

export function viewPageOf(sentAt: number, answeredAt: number, data: readonly unknown[]): ViewPage {
  const items: ViewItem[] = [];
  for (const item of data) {
    const view = viewItemOf(item);
    if (view !== undefined) items.push(view);
  }
  return { sentAt, answeredAt, items };
}

/** Which walk the model records (everything but its pages), or undefined when the relations judge none of it: known before the first page, so an unrecorded walk builds no view pages. */
export function recordedWalkOf(options: {
  path: string;
  query?: Record<string, string | number | undefined>;
  limit?: number;
  auth?: 'a' | 'b';
}): Omit<ListWalk<Exchange>, 'pages' | 'complete' | 'evidence'> | undefined {
  if (options.path !== '/user_banks' && options.path !== '/rfp_registrations') return undefined;
  const filters: Record<string, string> = {};
  for (const [name, value] of Object.entries(options.query ?? {})) {
    if (value === undefined) continue;
    if (!RECORDED_FILTERS.has(name) || typeof value !== 'string') return undefined;
    filters[name] = value;
  }
  if (options.path === '/rfp_registrations' && Object.keys(filters).length > 0) return undefined;
  return {
    caller: options.auth ?? 'a',
    path: options.path as ViewPath,
    filters,
    ...(options.limit !== undefined ? { limit: options.limit } : {}),
  };
}
