import { useTranslation } from 'react-i18next';

/**
 * The words of a screen that reads a code (screens/code-capture.tsx) for what it asks for: a
 * voucher, or anything at all (scan_anything). Spread into CodeCapture: `texts`, `typeTitle`,
 * `typeLabel`.
 */
export function useCodeCaptureTexts(section: 'voucher' | 'scanAnything') {
  const { t } = useTranslation();
  return {
    texts: {
      title: t(section === 'voucher' ? 'voucher.scanTitle' : 'scanAnything.title'),
      cameraHint: t(`${section}.cameraHint`),
      handHint: t(`${section}.handHint`),
      checking: t('common.loading'),
      illustration: t(`${section}.illustration`),
    },
    typeTitle: t(`${section}.typeTitle`),
    typeLabel: t(`${section}.codeLabel`),
  };
}
