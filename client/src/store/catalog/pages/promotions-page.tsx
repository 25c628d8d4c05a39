import { LuTag } from 'react-icons/lu';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { PageHeading } from '../../../shared/ui/page-heading';
import { ProductResults } from '../components/product-results';
import { usePagedProducts } from '../hooks/use-paged-products';
import { PROMOTIONS_LIST } from '../paged-products';

/** /promociones: products on promotion, highest promotion price first. */
export function PromotionsPage() {
  const results = usePagedProducts(PROMOTIONS_LIST);
  useDocumentTitle('Promociones');

  return (
    <>
      <PageHeading title="Promociones" subtitle="Precios especiales por tiempo limitado." />
      <ProductResults
        {...results}
        showPrices
        empty={{
          title: 'No hay resultados',
          description: 'Por ahora no hay productos en promoción.',
          icon: <LuTag />,
        }}
      />
    </>
  );
}
