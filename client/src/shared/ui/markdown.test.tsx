import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders, stubMatchMedia } from '../../../test/render-with-providers';
import { SafeMarkdown, safeMarkdownUrl } from './markdown';

function renderMarkdown(text: string) {
  return renderWithProviders(
    [{ path: '/', element: <SafeMarkdown data-testid="md">{text}</SafeMarkdown> }],
    '/',
    [],
  );
}

describe('SafeMarkdown: unsafe Markdown neutralised', () => {
  beforeAll(() => stubMatchMedia());
  afterEach(cleanup);

  it('draws headings, lists, emphasis and safe links', async () => {
    renderMarkdown(
      '## Derechos ARCO\n\n- **Acceso**\n- Rectificación\n\n[Escríbenos](mailto:hola@tienda.mx), [PROFECO](https://www.gob.mx/profeco), [Términos](#/terminos-y-condiciones)',
    );
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('Derechos ARCO');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Acceso',
      'Rectificación',
    ]);
    expect(screen.getByText('Acceso').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: 'Escríbenos' }).getAttribute('href')).toBe(
      'mailto:hola@tienda.mx',
    );
    const profeco = screen.getByRole('link', { name: 'PROFECO' });
    expect(profeco.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Términos' }).getAttribute('href')).toBe(
      '/terminos-y-condiciones',
    );
  });

  it('raw HTML is never drawn: no script, no element, no event handler', async () => {
    const { container } = renderMarkdown(
      'Hola <script>window.hacked = 1</script><img src=x onerror="window.hacked=1"> <b>negrita</b>\n\n<iframe src="https://malo.example"></iframe>',
    );
    await screen.findByTestId('md');
    const md = screen.getByTestId('md');
    expect(md.querySelector('script, img, iframe, b')).toBeNull();
    expect(md.innerHTML).not.toContain('onerror');
    expect(md.textContent).toContain('Hola');
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined();
    expect(container.querySelector('[onerror]')).toBeNull();
  });

  it('a javascript:, data: or vbscript: link loses its link and stays text', async () => {
    renderMarkdown(
      '[uno](javascript:alert(1)) [dos](JaVaScRiPt:alert(1)) [tres](data:text/html,<b>x</b>) [cuatro](vbscript:msgbox) <javascript:alert(1)>',
    );
    const md = await screen.findByTestId('md');
    for (const a of md.querySelectorAll('a')) {
      expect(a.getAttribute('href') ?? '').not.toMatch(/^(javascript|data|vbscript):/i);
    }
    expect(screen.queryByRole('link', { name: 'uno' })).toBeNull();
    expect(md.textContent).toContain('uno');
  });

  it('safeMarkdownUrl keeps the web, e-mail, phone and the shop’s own pages only', () => {
    expect(safeMarkdownUrl('https://www.gob.mx/profeco')).toBe('https://www.gob.mx/profeco');
    expect(safeMarkdownUrl('mailto:a@b.mx')).toBe('mailto:a@b.mx');
    expect(safeMarkdownUrl('tel:+525512345678')).toBe('tel:+525512345678');
    expect(safeMarkdownUrl('#/aviso-de-privacidad')).toBe('#/aviso-de-privacidad');
    expect(safeMarkdownUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeMarkdownUrl(' javascript:alert(1)')).toBeUndefined();
    expect(safeMarkdownUrl('data:text/html,x')).toBeUndefined();
    expect(safeMarkdownUrl('//malo.example')).toBeUndefined();
  });
});
