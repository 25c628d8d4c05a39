/**
 * What a list screen shows of a query: its answer for the current variables or, while the answer
 * for new ones loads (another page, another search), the one it had before, so the screen keeps
 * its rows under a spinner instead of going blank. Undefined only before the first answer.
 */
export function latestData<TData>(query: {
  data: TData | undefined;
  previousData?: TData | undefined;
}): TData | undefined {
  return query.data ?? query.previousData;
}
