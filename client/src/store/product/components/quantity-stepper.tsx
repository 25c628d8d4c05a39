import { HStack, IconButton, Text } from '@chakra-ui/react';
import { LuMinus, LuPlus } from 'react-icons/lu';
import { canDecrease, canIncrease } from '../quantity';

export interface QuantityStepperProps {
  value: number;
  stock: number;
  onChange: (value: number) => void;
}

export function QuantityStepper({ value, stock, onChange }: QuantityStepperProps) {
  return (
    <HStack
      gap="0"
      borderWidth="1px"
      borderColor="gray.300"
      rounded="lg"
      w="fit-content"
      bg="white"
      role="group"
      aria-label="Cantidad"
    >
      <IconButton
        variant="ghost"
        aria-label="Disminuir cantidad"
        onClick={() => onChange(value - 1)}
        disabled={!canDecrease(value, stock)}
        data-testid="quantity-decrease"
      >
        <LuMinus />
      </IconButton>
      <Text
        minW="12"
        textAlign="center"
        fontWeight="semibold"
        fontSize="lg"
        aria-live="polite"
        data-testid="quantity-value"
      >
        {value}
      </Text>
      <IconButton
        variant="ghost"
        aria-label="Aumentar cantidad"
        onClick={() => onChange(value + 1)}
        disabled={!canIncrease(value, stock)}
        data-testid="quantity-increase"
      >
        <LuPlus />
      </IconButton>
    </HStack>
  );
}
