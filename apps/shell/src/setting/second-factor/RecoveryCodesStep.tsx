import { useState } from 'react';
import { toast } from '@backoffice/shared-api/runtime';
import { Alert, Button, Flex, Typography } from '@backoffice/ui-kit';
import { Checkbox } from '@backoffice/ui-kit/forms';

const FILE_NAME = 'back-office-recovery-codes.txt';

/**
 * The ten recovery codes, shown this once (the server keeps only their hashes): copied or
 * downloaded, and the admin says they have saved them before going on.
 */
export function RecoveryCodesStep({
  codes,
  doneLabel,
  onDone,
}: {
  codes: string[];
  doneLabel: string;
  onDone: () => void;
}) {
  const [saved, setSaved] = useState(false);
  const text = `Back Office recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  const copy = () =>
    void navigator.clipboard?.writeText(text).then(
      () => toast.success('The recovery codes were copied'),
      () => toast.error('The recovery codes could not be copied: select and copy them by hand'),
    );
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        Save your recovery codes
      </Typography.Title>
      <Typography.Paragraph style={{ margin: 0 }}>
        If you lose your phone, each of these codes signs you in once in place of a code from the app. Keep them
        somewhere safe, such as a password manager: they are shown only now.
      </Typography.Paragraph>
      <ol
        aria-label="Recovery codes"
        style={{
          columns: 2,
          margin: 0,
          paddingInlineStart: 32,
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: 15,
          lineHeight: 2,
        }}
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
      <Flex gap={12} wrap>
        <Button onClick={copy}>Copy</Button>
        <Button href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`} download={FILE_NAME}>
          Download
        </Button>
      </Flex>
      <Alert type="warning" showIcon title="Without your phone or these codes, only an Owner can let you back in." />
      <Checkbox checked={saved} onChange={(e) => setSaved(e.target.checked)}>
        I have saved these codes
      </Checkbox>
      <div>
        <Button type="primary" disabled={!saved} onClick={onDone}>
          {doneLabel}
        </Button>
      </div>
    </Flex>
  );
}
