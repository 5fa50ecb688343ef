import { auditTargetName, type OperationLog } from '@parking/contract';
import { Typography } from 'antd';
import { Link } from 'react-router';
import { objectHref, type LoggedObject, type LoggedValue } from '../operation-log-diff';

/** A named object: a link to the page that lists it, or its name alone where the console has no such page. */
export function ObjectLink({ object }: { object: Pick<LoggedObject, 'name' | 'href'> }) {
  return object.href ? (
    <Link className="log-object-link" to={object.href}>
      {object.name}
    </Link>
  ) : (
    <span>{object.name}</span>
  );
}

/** What a log entry changed: its kind in Chinese and, when it has one, its name linked to its page. */
export function LoggedObjectName({ log }: { log: Pick<OperationLog, 'target' | 'targetName'> }) {
  return (
    <span className="log-object">
      <span className="log-object__kind">{auditTargetName(log.target)}</span>
      {log.targetName && <ObjectLink object={{ name: log.targetName, href: objectHref(log.target, log.targetName) }} />}
    </span>
  );
}

/** A logged value in 详情: text kept as written (line breaks too), objects by their linked names. */
export function LoggedValueText({ value }: { value: LoggedValue | undefined }) {
  if (value === undefined) return <Typography.Text type="secondary">—</Typography.Text>;
  if (value.kind === 'text') return <pre className="log-diff-value">{value.text}</pre>;
  return (
    <span className="log-diff-objects">
      {value.objects.map((object) => (
        <ObjectLink key={object.id} object={object} />
      ))}
    </span>
  );
}
