import type { MailKind, MailProps, ShopBrand } from '../messages.js';

/** What the template of one kind takes: the message's props and the shop's brand. */
export type TemplateProps<K extends MailKind> = MailProps[K] & { brand: ShopBrand };
