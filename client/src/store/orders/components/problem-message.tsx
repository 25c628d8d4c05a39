import { Button, HStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyMessage } from '../../../shared/ui/empty-message';

export interface ProblemLink {
  to: string;
  label: string;
  testId?: string;
}

export interface ProblemMessageProps {
  icon: ReactNode;
  title: string;
  description?: string;
  links: ProblemLink[];
}

/** Why the page cannot show what was asked, and where to go instead. */
export function ProblemMessage({ icon, title, description, links }: ProblemMessageProps) {
  return (
    <EmptyMessage icon={icon} title={title} description={description}>
      <HStack gap="3" wrap="wrap" justify="center">
        {links.map((link, index) => (
          <Button key={link.to} asChild variant={index === 0 ? 'solid' : 'outline'}>
            <RouterLink to={link.to} data-testid={link.testId}>
              {link.label}
            </RouterLink>
          </Button>
        ))}
      </HStack>
    </EmptyMessage>
  );
}
