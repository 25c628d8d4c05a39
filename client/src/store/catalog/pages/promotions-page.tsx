import { useQuery } from '@apollo/client/react';
import { LuTag } from 'react-icons/lu';
import { useSearchParams } from 'react-router-dom';
import { PaginationBar } from '../../../shared/ui/pagination-bar';
import { PageHeading } from '../../../shared/ui/page-heading';
import { ProductListQuery } from '../api';
import { filtersToSearchParams, emptyFilters, parsePage } from '../filter-state';
import { ProductResults } from '../components/product-results';

const PAGE_SIZE = 24;

/** /promociones: products on promotion, highest promotion price first. */
export function PromotionsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = parsePage(searchParams);
  const { data, previousData, loading, error, refetch } = useQuery(ProductListQuery, {
    variables: {
      filter: { onPromotion: true },
      sort: 'PROMOTION_PRICE_DESC',
      offset: (page - 1) * PAGE_SIZE,
      limit: PAGE_SIZE,
    },
  });
  const result = (data ?? previousData)?.products;
  const totalPages = Math.max(1, Math.ceil((result?.total ?? 0) / PAGE_SIZE));

  return (
    <>
      <PageHeading title="Promociones" subtitle="Precios especiales por tiempo limitado." />
      <ProductResults
        products={result?.items}
        total={result?.total}
        loading={loading}
        error={error}
        onRetry={() => void refetch()}
        showPrices
        empty={{
          title: 'No hay resultados',
          description: 'Por ahora no hay productos en promoción.',
          icon: <LuTag />,
        }}
        footer={
          <PaginationBar
            page={page}
            totalPages={totalPages}
            onPageChange={(next) => {
              setSearchParams(filtersToSearchParams(emptyFilters(), next));
              window.scrollTo({ top: 0, behavior: 'smooth' });
            }}
          />
        }
      />
    </>
  );
}
