import type { ButtonHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';
import { buttonVariants, type ButtonVariantProps } from './button-variants.ts';

export { buttonVariants };

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & ButtonVariantProps;

export function Button({ className, variant, size, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
