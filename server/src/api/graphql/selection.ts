import type { FragmentDefinitionNode, GraphQLResolveInfo, SelectionSetNode } from 'graphql';

/** Whether the current field's selection asks for a direct subfield `name` (fragments included). */
export function selectsField(info: GraphQLResolveInfo, name: string): boolean {
  const seen = new Set<string>();
  const visit = (set: SelectionSetNode | undefined): boolean =>
    (set?.selections ?? []).some((s) => {
      if (s.kind === 'Field') return s.name.value === name;
      if (s.kind === 'InlineFragment') return visit(s.selectionSet);
      const fragmentName = s.name.value;
      if (seen.has(fragmentName)) return false;
      seen.add(fragmentName);
      const fragment: FragmentDefinitionNode | undefined = info.fragments[fragmentName];
      return visit(fragment?.selectionSet);
    });
  return info.fieldNodes.some((node) => visit(node.selectionSet));
}
