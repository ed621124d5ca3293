import { Title } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';
import classes from './import-page.module.css';

/**
 * A step's heading (h2). When the page moves to a new step and the control that had focus went with
 * the old one, focus comes here, so keyboard and screen reader users carry on from the new step.
 */
export function SectionHeading({
  id,
  focusOnShow,
  children,
}: {
  id: string;
  focusOnShow: boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (focusOnShow && (!active || active === document.body)) ref.current?.focus();
  }, [focusOnShow]);
  return (
    <Title order={2} size="h3" id={id} ref={ref} tabIndex={-1} mb="xs" className={classes.stepHeading}>
      {children}
    </Title>
  );
}
