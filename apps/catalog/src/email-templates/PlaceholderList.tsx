import { Button, Card, Flex, Tag, Typography } from '@backoffice/ui-kit';
import type { TemplatePlaceholders } from './templateChecks';

export interface PlaceholderListProps {
  placeholders: TemplatePlaceholders;
  onInsert: (name: string) => void;
  onCopy: (name: string) => void;
}

/** What the email fills in: each can be put at the cursor of the field used last, or copied. */
export function PlaceholderList({ placeholders, onInsert, onCopy }: PlaceholderListProps) {
  return (
    <Card size="small" title="Placeholders">
      {placeholders.length === 0 ? (
        <Typography.Text type="secondary">This email fills no placeholders.</Typography.Text>
      ) : (
        <Flex vertical gap="small">
          <Typography.Text type="secondary">
            Click a placeholder to insert it at the cursor of the subject or the content.
          </Typography.Text>
          <ul aria-label="Placeholders" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {placeholders.map((p) => (
              <li key={p.name} style={{ padding: '4px 0' }}>
                <Flex align="center" gap="small" wrap>
                  <Button size="small" title="Insert at the cursor" onClick={() => onInsert(p.name)}>
                    <code>{`{{${p.name}}}`}</code>
                  </Button>
                  <Button size="small" type="link" aria-label={`Copy {{${p.name}}}`} onClick={() => onCopy(p.name)}>
                    Copy
                  </Button>
                  <Typography.Text>{p.description}</Typography.Text>
                  {p.required && <Tag color="red">required</Tag>}
                </Flex>
              </li>
            ))}
          </ul>
        </Flex>
      )}
    </Card>
  );
}
