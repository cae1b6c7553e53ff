import type { ComponentPropsWithoutRef, ReactNode } from 'react';

/**
 * One fact of a `dl`: a term and its value, as `<div><dt/><dd/></div>` (the shape every facts list, receipt and
 * case file uses; tests and axe read the dt/dd pairs). `testId` and `valueClassName` land on the `dd`.
 */
export function Fact({
  label,
  children,
  className,
  valueClassName,
  testId,
}: {
  label: ReactNode;
  children?: ReactNode;
  className?: string;
  valueClassName?: string;
  testId?: string;
}) {
  return (
    <div className={className}>
      <dt>{label}</dt>
      <dd className={valueClassName} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** A list of facts: `<dl className="facts">` unless told another class. */
export function Facts({ className = 'facts', ...rest }: ComponentPropsWithoutRef<'dl'>) {
  return <dl className={className} {...rest} />;
}
