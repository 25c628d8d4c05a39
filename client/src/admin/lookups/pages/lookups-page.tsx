import { LuTags } from 'react-icons/lu';
import { SectionPlaceholder } from '../../shared/section-placeholder';

/** /admin/tiposMarcasColores */
export function AdminLookupsPage() {
  return (
    <SectionPlaceholder
      title="Administración de Tipos, Marcas y Colores"
      icon={<LuTags />}
      description="Aquí podrás crear, editar y eliminar los tipos, las marcas y los colores del catálogo."
    />
  );
}
