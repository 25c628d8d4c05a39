import { Button, HStack, Text } from '@chakra-ui/react';
import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';

export interface PaginationBarProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** Show the bar on a single page too ('1 / 1', both buttons disabled). */
  alwaysShow?: boolean;
}

/** 'Anterior' / 'page / total pages' / 'Siguiente'. */
export function PaginationBar({
  page,
  totalPages,
  onPageChange,
  alwaysShow = false,
}: PaginationBarProps) {
  if (totalPages <= 1 && !alwaysShow) return null;
  return (
    <HStack as="nav" aria-label="Paginación" justify="center" gap="4" py="6">
      <Button
        variant="outline"
        size="sm"
        onClick={() => onPageChange(page - 1)}
        disabled={page <= 1}
        data-testid="pagination-prev"
      >
        <LuChevronLeft /> Anterior
      </Button>
      <Text
        fontWeight="medium"
        color="gray.700"
        minW="16"
        textAlign="center"
        data-testid="pagination-status"
      >
        {page} / {totalPages}
      </Text>
      <Button
        variant="outline"
        size="sm"
        onClick={() => onPageChange(page + 1)}
        disabled={page >= totalPages}
        data-testid="pagination-next"
      >
        Siguiente <LuChevronRight />
      </Button>
    </HStack>
  );
}
