import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';
import { buttonVariants, type ButtonVariantProps } from './button-variants.ts';

export { buttonVariants };

/** A button's own attributes and its ref (a prop in React 19), so focus can be given back to it. */
export type ButtonProps = ComponentProps<'button'> & ButtonVariantProps;

export function Button({ className, variant, size, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
