import { LuReceipt } from 'react-icons/lu';
import { SectionPlaceholder } from '../../shared/section-placeholder';

/** /admin/pedidos */
export function AdminOrdersPage() {
  return (
    <SectionPlaceholder
      title="Pedidos"
      icon={<LuReceipt />}
      description="Aquí podrás buscar pedidos, ver su dirección y sus productos, y cambiar su estado y la guía de Estafeta."
    />
  );
}
