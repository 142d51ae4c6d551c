import { Result } from 'antd';

/**
 * An honest placeholder for a screen whose issue has not landed yet: it says what the screen is and
 * which issue builds it, instead of pretending to work.
 */
export function PlannedScreen({ title, issue, area }: { title: string; issue: number; area: string }) {
  return (
    <Result
      status="info"
      title={title}
      subTitle={`This screen is part of the ${area} and is built by issue #${issue}.`}
    />
  );
}
