import { memo, useMemo } from 'react';
import { theme } from '@backoffice/ui-kit';
import { previewDocument } from './previewDocument';
import type { TemplatePlaceholders } from './templateChecks';

export interface TemplatePreviewProps {
  subject: string;
  content: string;
  placeholders: TemplatePlaceholders;
}

/**
 * The email as a recipient would see it, samples in place of the placeholders. The empty sandbox
 * gives the frame no scripts, no forms, no popups and an opaque origin: whatever the admin types
 * cannot reach the back office's session.
 */
export const TemplatePreview = memo(function TemplatePreview({ subject, content, placeholders }: TemplatePreviewProps) {
  const { token } = theme.useToken();
  const doc = useMemo(() => previewDocument(subject, content, placeholders), [subject, content, placeholders]);
  return (
    <iframe
      title="Email preview"
      sandbox=""
      srcDoc={doc}
      style={{
        width: '100%',
        height: 520,
        border: `1px solid ${token.colorBorder}`,
        borderRadius: token.borderRadius,
        // An email is read on white, whatever the back office's theme.
        background: '#fff',
      }}
    />
  );
});
