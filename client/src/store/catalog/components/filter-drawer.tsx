import { Badge, Box, Button, HStack } from '@chakra-ui/react';
import { useDeferredValue, useState, useTransition } from 'react';
import { LuSlidersHorizontal } from 'react-icons/lu';
import { SideDrawer } from '../../../shared/ui/side-drawer';
import { FilterPanel, type FilterPanelProps } from './filter-panel';
import { productCountLabel } from './results-count';

export interface FilterDrawerProps extends Omit<FilterPanelProps, 'showTitle'> {
  /** The list's total, once known: the drawer's 'Ver N productos'. */
  total: number | undefined;
}

/**
 * The phone's filters: a 'Filtros' button and the drawer it opens. The open state lives here, so
 * opening the drawer re-renders neither the grid nor the rest of the catalogue.
 *
 * The tap answers at once: the button turns expanded (an urgent render, the drawer still closed,
 * painted next), and the drawer opens in a transition right after that paint. Opening the drawer
 * is heavy for a phone whatever it holds (the dialog locks the page's scroll and its pointer
 * events, which restyles the whole document twice, and traps the focus): done inside the tap,
 * it held the tap's first paint for 300–600 ms at 4× CPU slowdown.
 */
export function FilterDrawer({ total, ...panel }: FilterDrawerProps) {
  const [open, setOpen] = useState(false);
  const [opening, startOpening] = useTransition();
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        aria-haspopup="dialog"
        aria-expanded={open || opening}
        onClick={() => startOpening(() => setOpen(true))}
        data-testid="open-filters"
      >
        <LuSlidersHorizontal /> Filtros
        {panel.activeCount > 0 ? (
          <Badge variant="solid" rounded="full" size="sm">
            {panel.activeCount}
          </Badge>
        ) : null}
      </Button>
      <SideDrawer
        open={open}
        onOpenChange={setOpen}
        placement="end"
        size="sm"
        title="Filtros"
        closeLabel="Cerrar filtros"
        data-testid="filters-drawer"
        bodyProps={{ py: '5' }}
        footer={
          <HStack w="full" gap="3">
            <Button
              variant="outline"
              flex="1"
              onClick={panel.onClear}
              disabled={panel.activeCount === 0}
            >
              Limpiar filtros
            </Button>
            <Button flex="1" onClick={() => setOpen(false)} data-testid="apply-filters">
              {total === undefined ? 'Ver productos' : `Ver ${productCountLabel(total)}`}
            </Button>
          </HStack>
        }
      >
        <DeferredFilterPanel {...panel} />
      </SideDrawer>
    </>
  );
}

/**
 * The drawer's options, rendered just after the drawer's frame has painted: the drawer mounts
 * synchronously inside the tap (the dialog opens with a flushSync), and its dozens of checkboxes
 * would hold that first paint for most of a second on a phone. useDeferredValue's initial value
 * makes the first render an empty body and the options a transition render right after it,
 * which React interrupts for any new input.
 */
function DeferredFilterPanel(props: Omit<FilterPanelProps, 'showTitle'>) {
  const ready = useDeferredValue(true, false);
  if (!ready) return <Box aria-busy="true" minH="full" data-testid="filter-panel-pending" />;
  return <FilterPanel {...props} showTitle={false} />;
}
