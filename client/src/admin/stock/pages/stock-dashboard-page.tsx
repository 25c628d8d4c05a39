import { LuChartColumn } from 'react-icons/lu';
import { SectionPlaceholder } from '../../shared/section-placeholder';

/** /admin/dashboard-stock */
export function AdminStockDashboardPage() {
  return (
    <SectionPlaceholder
      title="Dashboard Stock"
      icon={<LuChartColumn />}
      description="Aquí verás las existencias por tipo de producto, por marca y por talla."
    />
  );
}
