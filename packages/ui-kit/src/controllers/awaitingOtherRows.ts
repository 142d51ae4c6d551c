/**
 * Whether a table's rows are on their way: it has none yet, or it shows the previous query's while
 * another page, sort, search or filter loads (useEndpointList keeps the previous data). A refresh of
 * the very rows shown (a live update, the socket's reconnect) is not: the table stays as it is
 * until the new rows replace it. Dimming it and laying a spinner over it then made a busy list
 * flicker at every event and swallowed a click on a row that was under way.
 */
export function awaitingOtherRows(read: { isFetching: boolean; isPlaceholderData: boolean; data: unknown }): boolean {
  return read.isFetching && (read.isPlaceholderData || read.data === undefined);
}
