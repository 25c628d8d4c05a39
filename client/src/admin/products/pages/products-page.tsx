import { LuPackage } from 'react-icons/lu';
import { SectionPlaceholder } from '../../shared/section-placeholder';

/** /admin/productos */
export function AdminProductsPage() {
  return (
    <SectionPlaceholder
      title="Productos"
      icon={<LuPackage />}
      description="Aquí podrás buscar, agregar, actualizar y eliminar productos con sus fotos, tallas y existencias."
    />
  );
}
