import {
  Alert,
  Box,
  Button,
  Code,
  Heading,
  HStack,
  Image,
  Link,
  List,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { type FormEvent, type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { LuShieldCheck } from 'react-icons/lu';
import { FormField } from '../../../shared/forms/form-field';
import { serverProblemOf } from '../../../shared/forms/server-errors';
import { notify } from '../../../shared/notifications/toaster';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert';
import { FormProblem } from '../components/form-problem';
import {
  ConfirmTwoFactorMutation,
  DisableTwoFactorMutation,
  StartTwoFactorMutation,
  TwoFactorStatusQuery,
} from './api';

export const TWO_FACTOR_TEXT = {
  title: 'Verificación en dos pasos',
  off:
    'Protege la administración de la tienda: además de tu contraseña, al iniciar sesión te ' +
    'pediremos un código de 6 dígitos de una app de autenticación (Google Authenticator, ' +
    'Microsoft Authenticator, 1Password…).',
  required:
    'La administración de la tienda pide la verificación en dos pasos. Actívala para seguir usándola.',
  scan: 'Escanea este código QR con tu app de autenticación, o escribe la clave a mano.',
  confirmHint: 'Después escribe el código de 6 dígitos que muestra la app para confirmar.',
  codesTitle: 'Guarda tus códigos de recuperación',
  codes:
    'Si pierdes tu teléfono, cada uno de estos códigos te deja entrar una vez. Guárdalos en un ' +
    'lugar seguro: no los volveremos a mostrar.',
  on: 'Activada. Al iniciar sesión te pediremos el código de tu app de autenticación.',
  enabled: 'Verificación en dos pasos activada',
  disabled: 'Verificación en dos pasos desactivada',
  failed: 'No se pudo completar. Intenta de nuevo.',
} as const;

type Step =
  | { kind: 'idle' }
  | { kind: 'scan'; secret: string; otpauthUrl: string; qrCode: string }
  | { kind: 'codes'; codes: string[] };

function problemMessage(error: unknown): string {
  const problem = serverProblemOf(error);
  return problem?.message || TWO_FACTOR_TEXT.failed;
}

function SectionCard({
  children,
  headingRef,
}: {
  children: ReactNode;
  headingRef?: RefObject<HTMLHeadingElement | null>;
}) {
  return (
    <Box
      as="section"
      aria-labelledby="two-factor-title"
      layerStyle="panel"
      rounded="2xl"
      p={{ base: '5', md: '6' }}
      data-testid="two-factor-section"
    >
      <Heading
        as="h2"
        id="two-factor-title"
        ref={headingRef}
        tabIndex={-1}
        outline="none"
        size="lg"
        color="gray.900"
        mb="4"
        display="flex"
        alignItems="center"
        gap="2"
      >
        <LuShieldCheck aria-hidden="true" />
        {TWO_FACTOR_TEXT.title}
      </Heading>
      {children}
    </Box>
  );
}

/**
 * /usuario's 'Verificación en dos pasos' (admins): turn it on (QR code and the secret as text,
 * confirmed by a first code, then the ten recovery codes, shown once) or off (with a code).
 */
export function TwoFactorSection() {
  const status = useQuery(TwoFactorStatusQuery);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [start, { loading: starting }] = useMutation(StartTwoFactorMutation);
  const [confirm, { loading: confirming }] = useMutation(ConfirmTwoFactorMutation);
  const [disable, { loading: disabling }] = useMutation(DisableTwoFactorMutation);
  const me = status.data?.me;
  // Each step replaces the button that led to it: the focus moves to the panel's heading, so it
  // is not lost (and a screen reader reads where the admin now is).
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moveFocus = useRef(false);
  const shown = `${step.kind}:${me?.twoFactorEnabled ?? ''}`;
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    headingRef.current?.focus();
  }, [shown]);
  const go = (next: Step) => {
    moveFocus.current = true;
    setStep(next);
  };

  if (!me) {
    return (
      <SectionCard headingRef={headingRef}>
        {status.error ? (
          <LoadErrorAlert
            title="No se pudo cargar la verificación en dos pasos."
            onRetry={() => void status.refetch().catch(() => undefined)}
          />
        ) : (
          <Skeleton h="24" rounded="lg" aria-busy="true" />
        )}
      </SectionCard>
    );
  }

  const begin = async () => {
    setProblem(undefined);
    try {
      const { data } = await start();
      if (!data) throw new Error('El servidor no devolvió la clave');
      setCode('');
      go({ kind: 'scan', ...data.startTwoFactor });
    } catch (error) {
      console.error('No se pudo iniciar la verificación en dos pasos', error);
      setProblem(problemMessage(error));
    }
  };

  const submitConfirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirming) return;
    setProblem(undefined);
    try {
      const { data } = await confirm({ variables: { code: code.trim() } });
      if (!data) throw new Error('El servidor no devolvió los códigos');
      go({ kind: 'codes', codes: data.confirmTwoFactor });
      setCode('');
      await status.refetch();
    } catch (error) {
      console.error('No se pudo confirmar la verificación en dos pasos', error);
      setProblem(problemMessage(error));
    }
  };

  const submitDisable = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (disabling) return;
    setProblem(undefined);
    try {
      await disable({ variables: { code: code.trim() } });
      setCode('');
      moveFocus.current = true;
      await status.refetch();
      notify(TWO_FACTOR_TEXT.disabled, { type: 'success' });
    } catch (error) {
      console.error('No se pudo desactivar la verificación en dos pasos', error);
      setProblem(problemMessage(error));
    }
  };

  if (step.kind === 'codes') {
    return (
      <SectionCard headingRef={headingRef}>
        <Stack gap="4" data-testid="two-factor-recovery">
          <Alert.Root status="success" rounded="lg">
            <Alert.Indicator />
            <Alert.Title>{TWO_FACTOR_TEXT.enabled}</Alert.Title>
          </Alert.Root>
          <Heading as="h3" size="md" color="gray.900">
            {TWO_FACTOR_TEXT.codesTitle}
          </Heading>
          <Text color="gray.700">{TWO_FACTOR_TEXT.codes}</Text>
          <List.Root
            as="ol"
            listStyle="none"
            display="grid"
            gridTemplateColumns="repeat(2, max-content)"
            columnGap={{ base: '4', md: '8' }}
            rowGap="2"
            data-testid="recovery-codes"
          >
            {step.codes.map((c) => (
              <List.Item key={c}>
                <Code size="lg" fontFamily="mono" letterSpacing="wide">
                  {c}
                </Code>
              </List.Item>
            ))}
          </List.Root>
          <Box>
            <Button
              colorPalette="orange"
              onClick={() => go({ kind: 'idle' })}
              data-testid="two-factor-done"
            >
              Ya los guardé
            </Button>
          </Box>
        </Stack>
      </SectionCard>
    );
  }

  if (step.kind === 'scan') {
    return (
      <SectionCard headingRef={headingRef}>
        <form onSubmit={submitConfirm} noValidate data-testid="two-factor-scan">
          <Stack gap="4">
            <Text color="gray.700">{TWO_FACTOR_TEXT.scan}</Text>
            <Stack
              direction={{ base: 'column', md: 'row' }}
              gap="5"
              align={{ base: 'center', md: 'flex-start' }}
            >
              <Image
                src={step.qrCode}
                alt="Código QR para tu app de autenticación"
                boxSize="48"
                flexShrink={0}
                bg="white"
                rounded="md"
                data-testid="two-factor-qr"
              />
              <Stack gap="2" minW="0" w="full">
                <Text fontSize="sm" color="gray.600" id="two-factor-secret-label">
                  Clave para escribir a mano
                </Text>
                <Code
                  size="lg"
                  fontFamily="mono"
                  overflowWrap="anywhere"
                  whiteSpace="normal"
                  aria-labelledby="two-factor-secret-label"
                  data-testid="two-factor-secret"
                >
                  {step.secret}
                </Code>
                {/* On the phone that has the app, otpauth:// opens it with the account filled in. */}
                <Link
                  href={step.otpauthUrl}
                  color="orange.700"
                  fontWeight="semibold"
                  fontSize="sm"
                  hideFrom="md"
                  data-testid="two-factor-open-app"
                >
                  Abrir en la app de autenticación de este teléfono
                </Link>
                <Text fontSize="sm" color="gray.600">
                  {TWO_FACTOR_TEXT.confirmHint}
                </Text>
              </Stack>
            </Stack>
            <FormField
              label="Código de la app"
              name="two-factor-code"
              value={code}
              onChange={setCode}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={10}
            />
            <FormProblem message={problem} data-testid="two-factor-error" role="alert" />
            <HStack gap="3" wrap="wrap">
              <Button
                type="submit"
                colorPalette="orange"
                loading={confirming}
                loadingText="Confirmando..."
                data-testid="two-factor-confirm"
              >
                Confirmar y activar
              </Button>
              <Button
                variant="ghost"
                colorPalette="gray"
                onClick={() => {
                  setProblem(undefined);
                  go({ kind: 'idle' });
                }}
              >
                Cancelar
              </Button>
            </HStack>
          </Stack>
        </form>
      </SectionCard>
    );
  }

  if (me.twoFactorEnabled) {
    return (
      <SectionCard headingRef={headingRef}>
        <form onSubmit={submitDisable} noValidate data-testid="two-factor-on">
          <Stack gap="4">
            <Text color="gray.700">{TWO_FACTOR_TEXT.on}</Text>
            <FormField
              label="Código para desactivarla"
              name="two-factor-disable-code"
              value={code}
              onChange={setCode}
              autoComplete="one-time-code"
              helperText="El código de tu app, o uno de tus códigos de recuperación."
              maxLength={20}
            />
            <FormProblem message={problem} data-testid="two-factor-error" role="alert" />
            <Box>
              <Button
                type="submit"
                variant="outline"
                colorPalette="red"
                loading={disabling}
                loadingText="Desactivando..."
                data-testid="two-factor-disable"
              >
                Desactivar
              </Button>
            </Box>
          </Stack>
        </form>
      </SectionCard>
    );
  }

  return (
    <SectionCard headingRef={headingRef}>
      <Stack gap="4" data-testid="two-factor-off">
        {me.twoFactorEnrolmentRequired ? (
          <Alert.Root status="warning" rounded="lg" data-testid="two-factor-required">
            <Alert.Indicator />
            <Alert.Title>{TWO_FACTOR_TEXT.required}</Alert.Title>
          </Alert.Root>
        ) : null}
        <Text color="gray.700">{TWO_FACTOR_TEXT.off}</Text>
        <FormProblem message={problem} data-testid="two-factor-error" role="alert" />
        <Box>
          <Button
            colorPalette="orange"
            onClick={() => void begin()}
            loading={starting}
            loadingText="Preparando..."
            data-testid="two-factor-start"
          >
            Activar verificación en dos pasos
          </Button>
        </Box>
      </Stack>
    </SectionCard>
  );
}
