import { Link, type LinkProps } from 'react-router';

export const textLinkClasses = 'font-medium text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline';

export function TextLink({ className = '', ...props }: LinkProps) {
  return <Link className={`${textLinkClasses} ${className}`} {...props} />;
}
