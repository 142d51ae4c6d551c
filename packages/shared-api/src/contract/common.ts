import { Type, type Static, type TSchema, type TProperties } from '@sinclair/typebox';

/**
 * Every reply of the API is this envelope; `statusCode` always equals the HTTP status so that a
 * client can read the outcome from the body alone (spec section 7: "success when body statusCode is 200").
 */
export const ErrorReply = Type.Object(
  {
    statusCode: Type.Integer({ minimum: 400, maximum: 599 }),
    message: Type.String(),
    /** One message per invalid field, keyed by the field's name, on 400 and 409 replies. */
    errors: Type.Optional(Type.Record(Type.String(), Type.String())),
  },
  { $id: 'ErrorReply', additionalProperties: false },
);
export type ErrorReply = Static<typeof ErrorReply>;

export const Ok = <T extends TSchema>(data: T) =>
  Type.Object({ statusCode: Type.Literal(200), message: Type.String(), data }, { additionalProperties: false });

export const OkEmpty = Type.Object(
  { statusCode: Type.Literal(200), message: Type.String() },
  { additionalProperties: false },
);

/**
 * How sure a list's total is, when it is not exact: 'about' an estimate of a list too large to count
 * on every request, 'atLeast' a lower bound (more than that many rows match). Absent: exact.
 */
export const ListTotalIs = Type.Union([Type.Literal('about'), Type.Literal('atLeast')]);
export type ListTotalIs = Static<typeof ListTotalIs>;

export const OkList = <T extends TSchema>(row: T) =>
  Type.Object(
    {
      statusCode: Type.Literal(200),
      message: Type.String(),
      data: Type.Array(row),
      total: Type.Integer({ minimum: 0 }),
      totalIs: Type.Optional(ListTotalIs),
    },
    { additionalProperties: false },
  );

export type Reply<T> = {
  statusCode: number;
  message: string;
  data?: T;
  total?: number;
  totalIs?: ListTotalIs;
  errors?: Record<string, string>;
};

/** Ids are UUIDs; a malformed one is a 400 with the field named, never a database error. */
export const Id = Type.String({ format: 'uuid', description: 'A UUID' });

/** The query of a call about one record. */
export const IdQuery = Type.Object({ id: Id }, { additionalProperties: false });
export type IdQuery = Static<typeof IdQuery>;

/** ISO 8601 UTC timestamp. */
export const Timestamp = Type.String({ format: 'date-time' });

/** Dollars with 2 decimals; the server keeps integer cents and converts at the edge. */
export const Dollars = Type.Number({ description: 'US dollars, 2 decimals' });

/**
 * The created-on range a list can be narrowed to (what the dashboard's "today", "this week" and
 * "this month" cards link to): both ends inclusive, as instants; the screens send the bounds of
 * the admin's local days.
 */
export const CreatedRange = {
  /** Created at or after this instant. */
  from: Type.Optional(Timestamp),
  /** Created at or before this instant. */
  to: Type.Optional(Timestamp),
};

export const SortOrder = Type.Union([Type.Literal('asc'), Type.Literal('desc')]);
export type SortOrder = Static<typeof SortOrder>;

import { MAX_LIMIT, MAX_PAGE, MAX_SEARCH_LENGTH } from './limits';

export { MAX_LIMIT, MAX_PAGE, MAX_SEARCH_LENGTH };

export const Page = Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1 });
export const Limit = Type.Integer({ minimum: 1, maximum: MAX_LIMIT, default: 10 });
export const Search = Type.String({ maxLength: MAX_SEARCH_LENGTH });

/**
 * The list query of ARCHITECTURE.md: page from 1, limit 1..100, trimmed search, a whitelisted sortBy
 * and asc|desc, plus the list's own filters.
 */
export const ListQuery = <S extends string, F extends TProperties = {}>(
  sortable: readonly [S, ...S[]],
  defaultSort: S,
  filters?: F,
) =>
  Type.Object(
    {
      page: Type.Optional(Page),
      limit: Type.Optional(Limit),
      search: Type.Optional(Search),
      sortBy: Type.Optional(
        Type.Union(
          sortable.map((s) => Type.Literal(s)),
          { default: defaultSort },
        ),
      ),
      sortOrder: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc' })),
      ...((filters ?? {}) as F),
    },
    { additionalProperties: false },
  );

export interface ListParams<S extends string = string> {
  page: number;
  limit: number;
  search?: string;
  sortBy: S;
  sortOrder: SortOrder;
}
