import { Text, type TextProps } from '@chakra-ui/react';

/** '1 producto', '24 productos'. */
export function productCountLabel(total: number): string {
  return `${total} ${total === 1 ? 'producto' : 'productos'}`;
}

export interface ResultsCountProps extends Omit<TextProps, 'children'> {
  /** undefined until the first page has arrived. */
  total: number | undefined;
  loading: boolean;
}

/** How many products the list has; the e2e specs wait on its `data-loading` / `data-total`. */
export function ResultsCount({ total, loading, ...rest }: ResultsCountProps) {
  return (
    <Text
      color="gray.600"
      fontSize="sm"
      data-testid="results-count"
      data-total={total ?? ''}
      data-loading={loading}
      {...rest}
    >
      {total === undefined ? 'Cargando productos…' : productCountLabel(total)}
    </Text>
  );
}
