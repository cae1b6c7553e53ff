import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PublicHeader } from '../landing';

/**
 * The signed-out pages' frame (sign in, sign up, reset password): the public header over one centred card,
 * ending with the way to the other page (`other`: "No account yet? Sign up") when there is one.
 */
export function AuthScreen({
  other,
  children,
}: {
  other?: { question: string; to: string; link: string };
  children: ReactNode;
}) {
  return (
    <>
      <PublicHeader />
      <main id="main" className="page auth-page">
        <div className="card auth-card">
          {children}
          {other && (
            <p className="center">
              {other.question} <Link to={other.to}>{other.link}</Link>
            </p>
          )}
        </div>
      </main>
    </>
  );
}
