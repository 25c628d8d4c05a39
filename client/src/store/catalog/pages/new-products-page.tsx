import { useQuery } from '@apollo/client/react';
import { LuSparkles } from 'react-icons/lu';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { PageHeading } from '../../../shared/ui/page-heading';
import { NewProductsQuery } from '../api';
import { ProductResults } from '../components/product-results';

/** /nuevo: the 50 newest products. */
export function NewProductsPage() {
  const { data, loading, error, refetch } = useQuery(NewProductsQuery);
  useDocumentTitle('Nuevo');
  return (
    <>
      <PageHeading title="Nuevo" subtitle="Lo más reciente en calzado y ropa." />
      <ProductResults
        products={data?.newProducts}
        loading={loading}
        error={error}
        onRetry={() => void refetch()}
        showPrices
        empty={{ title: 'No hay resultados', icon: <LuSparkles /> }}
      />
    </>
  );
}
